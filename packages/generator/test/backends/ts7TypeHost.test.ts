import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FunctionDeclaration, Node, SourceFile } from 'typescript7/ast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTs7, loadTs7, ts7InstallCommand } from '../../src/backends/ts7/loadTs7.js';
import { openTs7Project, type Ts7Project } from '../../src/backends/ts7/openTs7Project.js';
import { ts7HostType, ts7HostTypeNode } from '../../src/backends/ts7/Ts7TypeHost.js';
import { ShapeBuilder } from '../../src/schema/derive/ShapeBuilder.js';
import type { ShapeProblem } from '../../src/schema/shape.js';
import { toJsonSchema } from '../../src/schema/toJsonSchema.js';
import { derive } from '../schema/fixture.js';
import { fixtures } from '../schema/fromTypeFixtures.js';
import { problemFixtures } from '../schema/problemFixtures.js';

/*
 * Conformance of the TypeScript 7 type host: every schema fixture and problem fixture derives
 * on TypeScript 7 exactly as on TypeScript 6 (the same schema text, the same problems). The
 * fixtures are compiled as one TypeScript 7 project, one file each, in one API process.
 */

const cases = [
  ...fixtures.map((fixture, index) => ({ file: `schema${index}.ts`, name: fixture.name, source: fixture.source, purpose: fixture.purpose ?? 'input' })),
  ...problemFixtures.map((fixture, index) => ({ file: `problem${index}.ts`, name: fixture.name, source: fixture.source, purpose: fixture.purpose ?? 'input' })),
];

const generatorFolder = join(dirname(fileURLToPath(import.meta.url)), '../..');
const timing = { ts6: 0, ts7Open: 0, ts7: 0, roundTrips: 0, batchedRequests: 0 };
let folder: string;
let project: Ts7Project;

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
      timing.batchedRequests += (params as { requests: readonly unknown[] }).requests.length;
    }
    return request(method, params);
  };
  client.apiRequestBinary = (method, params) => {
    timing.roundTrips++;
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
  timing.ts7Open = performance.now() - started;
  countRoundTrips(project);
});

afterAll(() => {
  project?.close();
  if (folder !== undefined) {
    rmSync(folder, { recursive: true, force: true });
  }
  const ms = (value: number): string => `${value.toFixed(0)} ms`;
  console.log(
    `${cases.length} fixtures: TypeScript 6 ${ms(timing.ts6)} (a project per fixture, as fixture.ts derives), TypeScript 7 ${ms(timing.ts7)} ` +
      `derivation + ${ms(timing.ts7Open)} opening one project; ${timing.roundTrips} round trips, ${timing.batchedRequests} requests inside batches`,
  );
});

/** The TypeScript 7 twin of fixture.ts's `derive`: the exported `Subject`, or the first parameter of function `subject`. */
function deriveOnTs7(file: string, purpose: 'input' | 'output'): { schema: string; problems: readonly ShapeProblem[] } {
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
  const builder = new ShapeBuilder({ host: types, purpose });
  const root = builder.shapeOf(ts7HostType(checker.getTypeAtLocation(node)), '', ts7HostTypeNode(parameter?.type));
  return { schema: JSON.stringify(toJsonSchema(builder.document(root))), problems: builder.problems };
}

describe('the TypeScript 7 type host', () => {
  it('compiles every fixture without errors', () => {
    const diagnostics = project.program.getSemanticDiagnostics();
    expect(diagnostics.map((diagnostic) => diagnostic.text)).toEqual([]);
  });

  describe.each(cases)('$name', ({ file, source, purpose }) => {
    it('derives what TypeScript 6 derives', () => {
      let started = performance.now();
      const ts6 = derive(source, purpose);
      timing.ts6 += performance.now() - started;
      started = performance.now();
      const ts7 = deriveOnTs7(file, purpose);
      timing.ts7 += performance.now() - started;
      expect(ts7.schema).toBe(JSON.stringify(ts6.schema));
      expect(ts7.problems).toEqual(ts6.problems);
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
