import type { Shape, ShapeDocument } from '../schema/shape.js';
import { shapeChildren } from '../schema/shapeChildren.js';
import { CodeWriter } from './CodeWriter.js';
import { helper, recordHelpers, type HelperName } from './validator/helperUses.js';
import { isIdentifier } from './validator/literals.js';
import { NormalizationNeeds } from './validator/NormalizationNeeds.js';
import { NormalizationPrinter } from './validator/printNormalization.js';
import { ValidationPrinter } from './validator/printValidation.js';
import { Pointer } from './validator/Pointer.js';
import { ModuleScope } from './validator/scope.js';
import { ShapeFacts } from './validator/ShapeFacts.js';
import { SharedValidators } from './validator/SharedValidators.js';

export { SharedValidators };
export { moduleHelpers, type ModuleHelpers } from './validator/helpers.js';
export { recordedHelpers, recordHelpers, type HelperName } from './validator/helperUses.js';

/** Printed code, and the runtime helpers it calls. */
export interface EmittedCode {
  readonly code: string;
  /** The helpers of `@toolgen/runtime/generated` the code calls, as the printers recorded them: what `moduleHelpers` takes. */
  readonly helpers: ReadonlySet<HelperName>;
}

/** The source of the shared object validators a module's validators called (see `SharedValidators`). */
export function emitSharedValidators(shared: SharedValidators): EmittedCode {
  const { result: code, helpers } = recordHelpers(() => shared.code((writer, facts, scope) => new ValidationPrinter(writer, facts, scope, { inDef: true, shared })));
  return { code, helpers };
}

/** The source of one tool's argument validator and strict normalizer. */
export interface EmittedValidator extends EmittedCode {
  /** TypeScript source declaring the validator, the strict normalizer and their private helpers, as top-level functions/consts. */
  readonly code: string;
  /** Name of the declared function of type ArgumentValidator. */
  readonly validateName: string;
  /** Name of the declared function of type StrictArgumentNormalizer. */
  readonly normalizeName: string;
}

/**
 * Emits a tool's argument validator (an `ArgumentValidator`: accepts exactly what the canonical
 * schema of `document` accepts, with the `date-time`, `date`, `time`, `email`, `uuid` and `uri`
 * formats enforced as their RFCs define them, reports every problem, builds a fresh value with
 * `Date`s) and its `openai-strict` normalizer (a `StrictArgumentNormalizer`). Straight-line code:
 * one function per def, regular expressions and key sets hoisted to module level.
 *
 * What it refuses beyond the schema: objects and arrays nested deeper than
 * `argumentLimits.maxDepth` (one issue, at the arguments, and the walk stops), and for a `URL`
 * parameter a URI the WHATWG URL parser refuses (so no `URL` could be built). Every key the
 * schema allows, `__proto__`, `constructor` and `prototype` included, becomes an own data
 * property of the value it builds; none ever reaches a prototype.
 *
 * `prefix` is a valid identifier unique per tool within a module (e.g. `searchTickets`); every
 * name declared starts with it. The code expects `ArgumentIssue` imported as a type from
 * `@toolgen/runtime` and what `moduleHelpers()` gives once above it.
 */
/** With `normalizer: false` (settings), no strict normalizer is declared. */
/** `shared`: the module's shared object validators, which the validator calls where it meets one of their objects. */
export function emitValidator(
  document: ShapeDocument,
  prefix: string,
  options: { readonly normalizer?: boolean; readonly shared?: SharedValidators } = {},
): EmittedValidator {
  const { result, helpers } = recordHelpers(() => printValidator(document, prefix, options));
  return { ...result, helpers };
}

function printValidator(
  document: ShapeDocument,
  prefix: string,
  options: { readonly normalizer?: boolean; readonly shared?: SharedValidators },
): Omit<EmittedValidator, 'helpers'> {
  const shared = options.shared;
  const withNormalizer = options.normalizer ?? true;
  if (!isIdentifier(prefix) || prefix.startsWith('__toolgen')) {
    throw new Error(`emitValidator: ${JSON.stringify(prefix)} cannot prefix identifiers`);
  }
  checkDocument(document);
  const facts = new ShapeFacts(document);
  const scope = new ModuleScope(prefix, Object.keys(document.defs));
  const needs = new NormalizationNeeds(facts);
  const defNames = Object.keys(document.defs).sort();
  const functions = new CodeWriter();

  const rootType = document.root.kind === 'object' ? 'Record<string, unknown>' : 'unknown';
  functions.block(`function ${scope.validateName}(input: unknown, issues: ArgumentIssue[]): Record<string, unknown>`, () => {
    const printer = new ValidationPrinter(functions, facts, scope, { shared });
    const body = functions.capture(() => {
      const built = printer.print(document.root, { input: 'input', pointer: Pointer.root, path: [], root: true });
      // A root that is not an object shape only comes from a document no tool derives; the cast keeps the contract.
      functions.line(rootType === 'unknown' ? `return ${built} as Record<string, unknown>;` : `return ${built};`);
    });
    if (defNames.length === 0 && !printer.throwsTooDeep) {
      functions.append(body);
      return;
    }
    // objects and arrays past the nesting limit end the walk at once, however deep it has gone
    functions.line('const start = issues.length;');
    functions.tryCatch(
      () => functions.append(body.map((line) => ({ depth: line.depth + 1, text: line.text }))),
      'error',
      () => functions.line(`return ${helper('__toolgenNestedTooDeep')}(error, issues, start);`),
    );
  });
  let normalizeName = scope.normalizeName;
  if (withNormalizer) {
    let result = '';
    const body = functions.capture(() => {
      result = new NormalizationPrinter(functions, facts, scope, needs).print(document.root, { input: 'input', path: [] });
    }, true);
    if (body.length === 0 && result === 'input') {
      // strict arguments already in canonical form: the module's one shared identity normalizer
      normalizeName = helper('__toolgenUnchanged');
    } else {
      functions.blankLine();
      functions.block(`function ${scope.normalizeName}(input: unknown): unknown`, () => {
        functions.append(body);
        functions.line(`return ${result};`);
      });
    }
  }
  for (const name of defNames) {
    const shape = document.defs[name]!;
    const printer = new ValidationPrinter(functions, facts, scope, { inDef: true, shared });
    const body = functions.capture(() => {
      const built = printer.print(shape, { input: 'input', pointer: Pointer.root, path: [] });
      functions.line(`return ${built};`);
    }, true);
    functions.blankLine();
    // depth: how many objects and arrays enclose the input
    functions.block(`function ${scope.validateDef(name)}(input: unknown, issues: ArgumentIssue[], ${printer.usesDepth ? 'depth' : '_depth'}: number): unknown`, () =>
      functions.append(body),
    );
  }
  for (const name of defNames.filter((each) => withNormalizer && needs.of(document.defs[each]!))) {
    functions.blankLine();
    functions.block(`function ${scope.normalizeDef(name)}(input: unknown): unknown`, () => {
      const result = new NormalizationPrinter(functions, facts, scope, needs).print(document.defs[name]!, { input: 'input', path: [] });
      functions.line(`return ${result};`);
    });
  }

  const constants = new CodeWriter();
  for (const constant of scope.constants) {
    constants.blankLine();
    constants.line(`const ${constant.name} = ${constant.initializer};`);
  }
  constants.blankLine();
  const code = `${constants.toString()}${scope.constants.length > 0 ? '\n' : ''}${functions.toString()}\n`;
  return { code, validateName: scope.validateName, normalizeName };
}

/** Fails on what no derivation produces: a dangling reference or a pattern JavaScript cannot compile. */
function checkDocument(document: ShapeDocument): void {
  const visit = (shape: Shape): void => {
    switch (shape.kind) {
      case 'ref':
        if (!Object.hasOwn(document.defs, shape.name)) {
          throw new Error(`emitValidator: no def named ${JSON.stringify(shape.name)}`);
        }
        return;
      case 'string':
        if (shape.pattern !== undefined) {
          try {
            new RegExp(shape.pattern, 'u');
          } catch (error) {
            throw new Error(`emitValidator: the pattern ${JSON.stringify(shape.pattern)} is not a valid regular expression with the u flag`, { cause: error });
          }
        }
        return;
      default:
        return shapeChildren(shape).forEach(visit);
    }
  };
  visit(document.root);
  Object.values(document.defs).forEach(visit);
}
