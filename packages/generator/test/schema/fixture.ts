import { Project, ts } from 'ts-morph';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonSchema } from '@toolgen/runtime';
import { hostType, hostTypeNode, ts6TypeHost } from '../../src/backends/ts6/Ts6TypeHost.js';
import { ShapeBuilder } from '../../src/schema/derive/ShapeBuilder.js';
import type { ShapeDocument, ShapeProblem } from '../../src/schema/shape.js';
import { toJsonSchema } from '../../src/schema/toJsonSchema.js';

export interface Derived {
  readonly document: ShapeDocument;
  readonly schema: JsonSchema;
  readonly problems: readonly ShapeProblem[];
}

export interface DeriveOptions {
  /** Exported types the checker resolves first, so it meets their literals and unions in another order. */
  readonly resolveFirst?: readonly string[];
}

/**
 * Compiles `source` as `/fixture.ts` in a fresh in-memory project and derives the exported
 * `Subject`: a type alias, interface, class (its instance type) or enum, or the first parameter
 * of a function `subject`. Fails on compile errors, so a fixture cannot test a typo.
 */
export function derive(source: string, purpose: 'input' | 'output' = 'input', options: DeriveOptions = {}): Derived {
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: { strict: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'] },
  });
  const file = project.createSourceFile('/fixture.ts', source);
  const errors = project.getPreEmitDiagnostics().map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.compilerObject.messageText, '\n'));
  if (errors.length > 0) {
    throw new Error(`the fixture does not compile:\n${errors.join('\n')}`);
  }
  for (const name of options.resolveFirst ?? []) {
    file.getTypeAliasOrThrow(name).getType().getText();
  }
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
export function compile(schema: JsonSchema): (value: unknown) => boolean {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat('date-time', (text: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i.test(text) && !Number.isNaN(Date.parse(text)));
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/);
  const validate = ajv.compile(schema);
  return (value) => validate(value) === true;
}
