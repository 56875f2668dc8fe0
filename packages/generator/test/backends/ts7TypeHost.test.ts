import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type ts from 'typescript';
import type { FunctionDeclaration, Node, SourceFile } from 'typescript7/ast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundledCompiler } from '../../src/backends/ts6/bundledCompiler.js';
import { createProjectProgram } from '../../src/backends/ts6/projectProgram.js';
import { ts6TypeHost } from '../../src/backends/ts6/Ts6TypeHost.js';
import { findTs7, loadTs7, ts7InstallCommand } from '../../src/backends/ts7/loadTs7.js';
import { openTs7Project, type Ts7Project } from '../../src/backends/ts7/openTs7Project.js';
import { ts7HostType, ts7HostTypeNode } from '../../src/backends/ts7/Ts7TypeHost.js';
import { ShapeBuilder } from '../../src/schema/derive/ShapeBuilder.js';
import type { HostType, HostTypeNode, TypeHost } from '../../src/host/TypeHost.js';
import type { ShapeProblem } from '../../src/schema/shape.js';
import { toJsonSchema } from '../../src/schema/toJsonSchema.js';
import { derive, deriveTogether } from '../schema/fixture.js';
import { fixtures } from '../schema/fromTypeFixtures.js';
import { problemFixtures } from '../schema/problemFixtures.js';

/*
 * Conformance of the TypeScript 7 type host: every schema fixture and problem fixture derives
 * on TypeScript 7 exactly as on TypeScript 6 (the same schema text, the same problems). The
 * fixtures are compiled as one TypeScript 7 project, one file each, in one API process. A schema
 * fixture's TypeScript 6 schema is its `want` (everyMode.test.ts proves it, with no problems); a
 * problem fixture is derived on TypeScript 6 here, as problems.test.ts does (one program of the
 * problem fixtures). The same files also derive on one TypeScript 6 program of every case, which
 * gives the same output (union order does not depend on what else the checker has seen) and the
 * TypeScript 6 side of the timing.
 */

type Purpose = 'input' | 'output';
interface Case {
  readonly file: string;
  readonly name: string;
  readonly source: string;
  readonly purpose: Purpose;
  /** TypeScript 6's schema text and problems, when known without deriving (a schema fixture's `want`). */
  readonly ts6?: Derived;
  /** Its problems print a union, whose members each compiler prints in its own order. */
  readonly unionText?: boolean;
}
interface Derived {
  readonly schema: string;
  readonly problems: readonly ShapeProblem[];
}

const cases: readonly Case[] = [
  // every row of the table of constructs that is written in TypeScript
  ...fixtures.flatMap((fixture, index) => (fixture.source === undefined ? [] : [{ fixture, index, source: fixture.source }])).map(({ fixture, index, source }) => ({
    file: `schema${index}.ts`,
    name: fixture.name,
    source,
    purpose: fixture.purpose ?? 'input',
    ts6: { schema: JSON.stringify(fixture.want), problems: [] },
  })),
  ...problemFixtures.map((fixture, index) => ({ file: `problem${index}.ts`, name: fixture.name, source: fixture.source, purpose: fixture.purpose ?? 'input' })),
  // what the fixtures do not show of the host's operations
  ...[
    'export type Subject = { a: string } & { [key: string]: string };',
    "export class Subject { static count = 1; name = ''; constructor(public id: string, readonly tags: string[]) {} get size(): number { return 1; } set size(_v: number) {} run(): void {} }",
    'export enum Subject { B = 2, A = 1, C = 0 }',
    'interface Base { id: string }\ninterface Derived extends Base { name: string }\nexport type Subject = { whole: Derived; partial: Partial<Derived>; picked: Pick<Derived, "name" | "id"> };',
    "type Level = 'low' | 'high';\nexport type Subject = { [K in Level as `${K}Limit`]: number };",
    'export type Subject = [string, number?, ...boolean[]];',
    'export type Subject = `id-${number}-${bigint}` | `tag-${string}`;',
    '/** A person. */\ninterface Person { /** The name. @example "Ada" */ name: string }\nexport interface Subject { /** @deprecated use who */ owner: Person; who: Person | null; tags: readonly string[] }',
    'declare const key: unique symbol;\nexport interface Subject { [key]: string; ["computed-name"]: number; 0: boolean }',
    // a known difference: a problem's type text is the checker's print, and each prints a union in its own order
    "export function subject(value: 'b' | 'a' | 1 | true | null | undefined): void { void value; }",
  ].map((source, index) => ({
    file: `extra${index}.ts`,
    name: `extra: ${source.split('\n').at(-1)!}`,
    source,
    purpose: 'input' as const,
    unionText: source.startsWith('export function subject(value:'),
  })),
];

/** A problem as both compilers must report it: a union's type text up to the order of its members. */
function comparable(problems: readonly ShapeProblem[], unionText: boolean): readonly ShapeProblem[] {
  return unionText ? problems.map((problem) => ({ ...problem, typeText: problem.typeText.split(' | ').sort().join(' | ') })) : problems;
}

const generatorFolder = join(dirname(fileURLToPath(import.meta.url)), '../..');
const timing = { ts6Open: 0, ts6: 0, ts7Open: 0, ts7: 0, roundTrips: 0, batchedRequests: 0 };
/** Requests by method (a batch's by the methods inside it), for TOOLGEN_TS7_REQUESTS=1. */
const requestsByMethod = new Map<string, number>();
const countRequest = (method: string): void => {
  requestsByMethod.set(method, (requestsByMethod.get(method) ?? 0) + 1);
};
let folder: string;
let project: Ts7Project;
/** The TypeScript 6 program of the same files, and its derivations by file. */
const sharedTs6 = new Map<string, Derived>();
let ts7Errors: readonly string[] = [];

interface ClientLike {
  apiRequest(method: string, params?: unknown): unknown;
  apiRequestBinary(method: string, params?: unknown): unknown;
}

/** Counts the API's round trips to its process: every request the client sends, a batch as one. */
function countRoundTrips(target: Ts7Project): void {
  const client = (target.api as unknown as { client: ClientLike }).client;
  const request = client.apiRequest.bind(client);
  const binary = client.apiRequestBinary.bind(client);
  client.apiRequest = (method, params) => {
    timing.roundTrips++;
    if (method === 'batchRequests') {
      const { requests } = params as { requests: readonly { method: string }[] };
      timing.batchedRequests += requests.length;
      requests.forEach((inner) => countRequest(`${inner.method} (batched)`));
    } else {
      countRequest(method);
    }
    return request(method, params);
  };
  client.apiRequestBinary = (method, params) => {
    timing.roundTrips++;
    countRequest(method);
    return binary(method, params);
  };
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'toolgen-ts7-'));
  for (const { file, source } of cases) {
    // `export {}` makes every fixture a module, so their declarations cannot meet
    writeFileSync(join(folder, file), `${source}\nexport {};\n`);
  }
  const compilerOptions = { strict: true, target: 'ES2022', lib: ['es2022'], noEmit: true, types: [] };
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: cases.map((entry) => entry.file) }));
  const modules = await loadTs7(generatorFolder);
  const started = performance.now();
  project = await openTs7Project(join(folder, 'tsconfig.json'), { modules });
  // the checker works lazily: checking the program here puts that work in "opening", as TypeScript 6's side does
  ts7Errors = project.program.getSemanticDiagnostics().map((diagnostic) => diagnostic.text);
  timing.ts7Open = performance.now() - started;
  countRoundTrips(project);
  deriveAllOnTs6();
  // what `derive` answers for the cases without a known schema: one in-memory program of those alone, as problems.test.ts
  // makes (a program each took 6 s), beside the program of every case above
  deriveTogether(cases.filter((entry) => entry.ts6 === undefined));
});

/** Derives every case on one TypeScript 6 program of the same files, made as the one-shot CLI makes it (ts-morph's TypeScript and lib files). */
function deriveAllOnTs6(): void {
  let started = performance.now();
  const compiler = loadBundledCompiler();
  const { ts } = compiler;
  const options: ts.CompilerOptions = { strict: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'], noEmit: true, types: [] };
  const program = createProjectProgram(compiler, options, cases.map(({ file }) => join(folder, file)));
  const checker = program.getTypeChecker();
  const errors = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  if (errors.length > 0) {
    throw new Error(`the fixtures do not compile on TypeScript 6:\n${errors.join('\n')}`);
  }
  const host = ts6TypeHost({ ts, program, checker });
  timing.ts6Open = performance.now() - started;
  started = performance.now();
  for (const { file, purpose } of cases) {
    const sourceFile = program.getSourceFile(join(folder, file))!;
    const declaration = sourceFile.statements.find(
      (statement) =>
        (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) &&
        statement.name?.text === 'Subject',
    );
    const subject = sourceFile.statements.find((statement): statement is ts.FunctionDeclaration => ts.isFunctionDeclaration(statement) && statement.name?.text === 'subject');
    const parameter = subject?.parameters[0];
    const node = declaration ?? parameter;
    if (node === undefined) {
      throw new Error(`${file} declares no Subject and no function subject(parameter)`);
    }
    // ts-morph's getType() of a declaration, as fixture.ts derives it
    const rootType = checker.getTypeAtLocation(node);
    sharedTs6.set(file, deriveWith(host, purpose, rootType as unknown as HostType, parameter?.type as unknown as HostTypeNode | undefined));
  }
  timing.ts6 = performance.now() - started;
}

function deriveWith(host: TypeHost, purpose: Purpose, root: HostType, typeNode: HostTypeNode | undefined): Derived {
  const builder = new ShapeBuilder({ host, purpose });
  const shape = builder.shapeOf(root, '', typeNode);
  // a problem's tag site holds the backend's own symbol; where the tag is, parity.test.ts compares through the diagnostics
  return { schema: JSON.stringify(toJsonSchema(builder.document(shape))), problems: builder.problems.map(({ site: _site, ...problem }) => problem) };
}

afterAll(() => {
  project?.close();
  if (folder !== undefined) {
    rmSync(folder, { recursive: true, force: true });
  }
  const ms = (value: number): string => `${value.toFixed(0)} ms`;
  console.log(
    `${cases.length} fixtures in one program: TypeScript 6 ${ms(timing.ts6)} deriving + ${ms(timing.ts6Open)} compiling; ` +
      `TypeScript 7 ${ms(timing.ts7)} deriving + ${ms(timing.ts7Open)} opening and checking, ${timing.roundTrips} round trips (${timing.batchedRequests} requests in batches)`,
  );
  if (process.env['TOOLGEN_TS7_REQUESTS'] === '1') {
    console.log([...requestsByMethod].sort((a, b) => b[1] - a[1]).map(([method, count]) => `${count} ${method}`).join('\n'));
  }
});

/** The TypeScript 7 twin of fixture.ts's `derive`: the exported `Subject`, or the first parameter of function `subject`. */
function deriveOnTs7(file: string, purpose: Purpose): Derived {
  const { program, checker, modules, types } = project;
  const { ast } = modules;
  const sourceFile = program.getSourceFile(join(folder, file)) as SourceFile;
  const named = (statement: Node): boolean => (statement as { name?: { text?: string } }).name?.text === 'Subject';
  const declaration = sourceFile.statements.find(
    (statement) =>
      (ast.isTypeAliasDeclaration(statement) || ast.isInterfaceDeclaration(statement) || ast.isClassDeclaration(statement) || ast.isEnumDeclaration(statement)) &&
      named(statement),
  );
  const subject = sourceFile.statements.find(
    (statement): statement is FunctionDeclaration => ast.isFunctionDeclaration(statement) && statement.name?.text === 'subject',
  );
  const parameter = subject?.parameters[0];
  const node = declaration ?? parameter;
  if (node === undefined) {
    throw new Error(`${file} declares no Subject and no function subject(parameter)`);
  }
  return deriveWith(types, purpose, ts7HostType(checker.getTypeAtLocation(node)), ts7HostTypeNode(parameter?.type));
}

describe('the TypeScript 7 type host', () => {
  it('compiles every fixture without errors', () => {
    expect(ts7Errors).toEqual([]);
  });

  // by name with %s: vitest cuts a $name title at 40 characters, and six rows' names begin alike
  describe.each(cases.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, { file, source, purpose, ts6, unionText = false }) => {
    it('derives what TypeScript 6 derives', () => {
      const started = performance.now();
      const ts7 = deriveOnTs7(file, purpose);
      timing.ts7 += performance.now() - started;
      const expected = ts6 ?? (({ schema, problems }) => ({ schema: JSON.stringify(schema), problems }))(derive(source, purpose));
      expect(ts7.schema).toBe(expected.schema);
      expect(comparable(ts7.problems, unionText)).toEqual(comparable(expected.problems, unionText));
      expect(sharedTs6.get(file)).toEqual(expected);
    });
  });
});

describe('finding TypeScript 7', () => {
  let empty: string;
  beforeAll(() => {
    empty = mkdtempSync(join(tmpdir(), 'toolgen-nots7-'));
  });
  afterAll(() => rmSync(empty, { recursive: true, force: true }));

  const fakePackage = (root: string, name: string, version: string): void => {
    const packageFolder = join(root, 'node_modules', name);
    mkdirSync(join(packageFolder, 'dist'), { recursive: true });
    writeFileSync(join(packageFolder, 'dist/sync.js'), 'export {};\n');
    writeFileSync(join(packageFolder, 'dist/ast.js'), 'export {};\n');
    const exports = { './package.json': './package.json', './sync': './dist/sync.js', './ast': './dist/ast.js' };
    writeFileSync(join(packageFolder, 'package.json'), JSON.stringify({ name, version, type: 'module', exports }));
  };

  it('says what to install when the project has no TypeScript 7.1', () => {
    const project6 = join(empty, 'ts6');
    fakePackage(project6, 'typescript', '6.0.3');
    expect(() => findTs7(join(empty, 'none'))).toThrow(
      `toolgen's TypeScript 7 backend needs the TypeScript 7.1 JavaScript API, but ${join(empty, 'none')} resolves no typescript package: run \`${ts7InstallCommand}\` (or install typescript 7.1 or later itself)`,
    );
    expect(() => findTs7(project6)).toThrow(`${project6} resolves typescript 6.0.3: run \`npm i -D typescript7@npm:typescript@7.1.0-beta\``);
    fakePackage(project6, 'typescript7', '7.0.2');
    expect(() => findTs7(project6)).toThrow(`resolves typescript 6.0.3 and typescript7 7.0.2: run`);
  });

  it("takes the project's own typescript 7.1, else its typescript7", () => {
    const project7 = join(empty, 'ts7');
    fakePackage(project7, 'typescript', '7.1.0');
    fakePackage(project7, 'typescript7', '7.1.0-beta');
    expect(findTs7(project7)).toMatchObject({ version: '7.1.0', folder: join(project7, 'node_modules/typescript') });
    const aliased = join(empty, 'alias');
    fakePackage(aliased, 'typescript', '6.0.3');
    fakePackage(aliased, 'typescript7', '7.1.0-beta');
    expect(findTs7(aliased)).toMatchObject({ version: '7.1.0-beta', syncEntry: join(aliased, 'node_modules/typescript7/dist/sync.js') });
  });
});
