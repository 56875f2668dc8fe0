import type { ObjectShape, Shape, ShapeDocument } from '../../schema/shape.js';
import { shapeChildren } from '../../schema/shapeChildren.js';
import { CodeWriter } from '../CodeWriter.js';
import { Pointer } from './Pointer.js';
import type { ValidationPrinter } from './printValidation.js';
import { ModuleScope } from './scope.js';
import { ShapeFacts } from './ShapeFacts.js';

/** Annotations describe and never constrain: two objects that differ only in them validate alike. */
const annotationKeys = new Set(['description', 'default', 'examples', 'deprecated']);

/** What an object shape validates like: its JSON without annotations. */
function validationKey(shape: ObjectShape): string {
  return JSON.stringify(shape, (key, value: unknown) => (annotationKeys.has(key) ? undefined : value));
}

function holdsRef(shape: Shape): boolean {
  return shape.kind === 'ref' || shapeChildren(shape).some(holdsRef);
}

interface SharedFunction {
  readonly name: string;
  readonly shape: ObjectShape;
}

/**
 * The object shapes a module's validators meet more than once (the same model type in several
 * tools' parameters), each validated by one module-level function the tools' validators call:
 * `__toolgenShared<n>(input, issues, depth)`, which pushes issues with pointers relative to the
 * object (the caller rebases them) and returns the value it builds. A module then holds each
 * object's checks once, which halves what the user's type checker and bundler read.
 *
 * Only objects without refs are shared (a ref's def belongs to one tool's validator).
 */
export class SharedValidators {
  /** Each counted object's key, computed once for counting and lookup both. */
  readonly #keys = new WeakMap<ObjectShape, string>();
  readonly #uses = new Map<string, number>();
  readonly #functions = new Map<string, SharedFunction>();
  /** Functions asked for and not yet printed, in the order of first use. */
  readonly #pending: SharedFunction[] = [];
  readonly #printed = new Set<string>();

  constructor(documents: readonly ShapeDocument[]) {
    const visit = (shape: Shape): void => {
      if (shape.kind === 'object' && shape.properties.length > 0 && !holdsRef(shape)) {
        const key = validationKey(shape);
        this.#keys.set(shape, key);
        this.#uses.set(key, (this.#uses.get(key) ?? 0) + 1);
      }
      shapeChildren(shape).forEach(visit);
    };
    for (const document of documents) {
      // a tool's root object holds its "not a parameter of this tool" wording: only what is inside it is shared
      shapeChildren(document.root).forEach(visit);
      Object.values(document.defs).forEach(visit);
    }
  }

  /** The function validating `shape`, or undefined where the module meets that object once. */
  functionFor(shape: ObjectShape): string | undefined {
    const key = this.#keys.get(shape);
    if (key === undefined || (this.#uses.get(key) ?? 0) < 2) {
      return undefined;
    }
    let shared = this.#functions.get(key);
    if (shared === undefined) {
      shared = { name: `__toolgenShared${this.#functions.size}`, shape };
      this.#functions.set(key, shared);
      this.#pending.push(shared);
    }
    return shared.name;
  }

  /**
   * The source of the functions asked for so far (and of those they ask for in turn), each once,
   * with their hoisted constants; call after every validator of the module is printed.
   */
  code(createPrinter: (writer: CodeWriter, facts: ShapeFacts, scope: ModuleScope) => ValidationPrinter): string {
    const functions = new CodeWriter();
    const constants = new CodeWriter();
    while (this.#pending.length > 0) {
      const shared = this.#pending.shift()!;
      if (this.#printed.has(shared.name)) {
        continue;
      }
      this.#printed.add(shared.name);
      const scope = new ModuleScope(shared.name, []);
      const printer = createPrinter(functions, new ShapeFacts({ root: shared.shape, defs: {} }), scope);
      const body = functions.capture(() => {
        const built = printer.print(shared.shape, { input: 'input', pointer: Pointer.root, path: [], shared: false });
        functions.line(`return ${built};`);
      }, true);
      functions.blankLine();
      // depth: how many objects and arrays enclose the input
      functions.block(`function ${shared.name}(input: unknown, issues: ArgumentIssue[], ${printer.usesDepth ? 'depth' : '_depth'}: number): unknown`, () =>
        functions.append(body),
      );
      for (const constant of scope.constants) {
        constants.blankLine();
        constants.line(`const ${constant.name} = ${constant.initializer};`);
      }
    }
    return `${constants.toString()}\n${functions.toString()}\n`;
  }
}
