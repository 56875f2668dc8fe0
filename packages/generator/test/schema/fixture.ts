import { Project, ts, type SourceFile } from 'ts-morph';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonSchema } from '@toolgen/runtime';
import { hostType, hostTypeNode, ts6TypeHost } from '../../src/backends/ts6/Ts6TypeHost.js';
import { ShapeBuilder } from '../../src/schema/derive/ShapeBuilder.js';
import type { ShapeDocument, ShapeProblem } from '../../src/schema/shape.js';
import { toJsonSchema } from '../../src/schema/toJsonSchema.js';
import { cachedCompiler } from '../ajvCache.js';
import type { Fixture } from './row.js';

export interface Derived {
  readonly document: ShapeDocument;
  readonly schema: JsonSchema;
  readonly problems: readonly ShapeProblem[];
}

export interface DeriveOptions {
  /** Exported types the checker resolves first, so it meets their literals and unions in another order. */
  readonly resolveFirst?: readonly string[];
}

/** Derivations made by `deriveTogether`, by purpose and source. */
const derivedTogether = new Map<string, Derived>();
const keyOf = (source: string, purpose: 'input' | 'output') => `${purpose}\u0000${source}`;

const compilerOptions = { strict: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'] };

/**
 * Compiles `source` as `/fixture.ts` in a fresh in-memory project and derives the exported
 * `Subject`: a type alias, interface, class (its instance type) or enum, or the first parameter
 * of a function `subject`. Fails on compile errors, so a fixture cannot test a typo. A source
 * `deriveTogether` derived already is answered from that.
 */
export function derive(source: string, purpose: 'input' | 'output' = 'input', options: DeriveOptions = {}): Derived {
  const together = options.resolveFirst === undefined ? derivedTogether.get(keyOf(source, purpose)) : undefined;
  if (together !== undefined) return together;
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions });
  const file = project.createSourceFile('/fixture.ts', source);
  const errors = project.getPreEmitDiagnostics().map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.compilerObject.messageText, '\n'));
  if (errors.length > 0) {
    throw new Error(`the fixture does not compile:\n${errors.join('\n')}`);
  }
  for (const name of options.resolveFirst ?? []) {
    file.getTypeAliasOrThrow(name).getType().getText();
  }
  return deriveSubject(project, file, purpose);
}

/**
 * Derives the `Subject` of each source in one in-memory program, a file each, as a project holds
 * many files: a program per fixture parses the lib again each time, which cost the unit tests
 * seconds per table. `derive` then answers these sources from here. A source that does not
 * compile is left to `derive`, which says why.
 */
export function deriveTogether(sources: readonly { readonly source: string; readonly purpose?: 'input' | 'output' | undefined }[]): void {
  const pending = sources.filter(({ source, purpose }) => !derivedTogether.has(keyOf(source, purpose ?? 'input')));
  if (pending.length === 0) return;
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions });
  const files = pending.map(({ source }, index) => project.createSourceFile(`/fixture${index}.ts`, source));
  const broken = new Set(project.getPreEmitDiagnostics().map((diagnostic) => diagnostic.getSourceFile()?.getFilePath()));
  pending.forEach(({ source, purpose }, index) => {
    const file = files[index]!;
    if (!broken.has(file.getFilePath())) derivedTogether.set(keyOf(source, purpose ?? 'input'), deriveSubject(project, file, purpose ?? 'input'));
  });
}

/**
 * A row's shape document: the one written by hand, or what its TypeScript derives (which must derive without
 * problems); none for a row that is only a schema. A table's rows are best derived together first.
 */
export function documentOf(fixture: Fixture): ShapeDocument | undefined {
  if (fixture.document !== undefined || fixture.source === undefined) return fixture.document;
  const derivation = derive(fixture.source, fixture.purpose);
  if (derivation.problems.length > 0) throw new Error(`${fixture.name}: ${JSON.stringify(derivation.problems)}`);
  return derivation.document;
}

/** The rows that have TypeScript, as `deriveTogether` takes them. */
export function sourcesOf(rows: readonly Fixture[]): { readonly source: string; readonly purpose: 'input' | 'output' | undefined }[] {
  return rows.flatMap((row) => (row.source === undefined ? [] : [{ source: row.source, purpose: row.purpose }]));
}

function deriveSubject(project: Project, file: SourceFile, purpose: 'input' | 'output'): Derived {
  const declaration = file.getTypeAlias('Subject') ?? file.getInterface('Subject') ?? file.getClass('Subject') ?? file.getEnum('Subject');
  const parameter = file.getFunction('subject')?.getParameters()[0];
  const subject = declaration ?? parameter;
  if (subject === undefined) {
    throw new Error('the fixture declares no Subject and no function subject(parameter)');
  }
  const program = project.getProgram().compilerObject;
  const builder = new ShapeBuilder({ host: ts6TypeHost({ ts, program, checker: program.getTypeChecker() }), purpose });
  const typeNode = parameter?.getTypeNode()?.compilerNode;
  const root = builder.shapeOf(hostType(subject.getType().compilerType), '', hostTypeNode(typeNode));
  const document = builder.document(root);
  // where a tag is written is the analysis's business (tagPlaces.ts)
  return { document, schema: toJsonSchema(document), problems: builder.problems.map(({ site: _site, ...problem }) => problem) };
}

/** ajv as an independent oracle. Formats are added by hand: `date-time` and `email`, the two the fixtures use. */
export const compile = cachedCompiler(() => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat('date-time', (text: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i.test(text) && !Number.isNaN(Date.parse(text)));
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/);
  return ajv;
});
