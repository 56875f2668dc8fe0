import type ts from 'typescript';
import type { JsonValue } from '@toolgen/runtime';
import type { ArrayShape, DateShape, NumberShape, PropertyShape, Shape, ShapeDocument, ShapeProblem, StringShape } from './shape.js';

/*
 * Derives toolgen's Shape IR from a `ts.Type` (SPEC §3).
 *
 * Problem pointers are instance pointers from the derived root: `/filter/status` for a member,
 * `/tags/*` for any element of an array (and the rest of a tuple), `/pair/0` for a tuple
 * element, `/counts/*` for any value of an index signature. Members of a union share the
 * union's pointer.
 */

/**
 * The parts of the `ts` namespace the derivation uses. A structural subset, so any TypeScript
 * 6.0.x namespace fits, whichever copy the caller owns (ts-morph's bundled one differs from the
 * `typescript` package in node-factory brands the derivation never touches).
 */
export type TypeScriptApi = Pick<
  typeof ts,
  | 'ElementFlags'
  | 'ModifierFlags'
  | 'ObjectFlags'
  | 'SignatureKind'
  | 'SymbolFlags'
  | 'SyntaxKind'
  | 'TypeFlags'
  | 'TypeFormatFlags'
  | 'displayPartsToString'
  | 'getCombinedModifierFlags'
  | 'isArrayTypeNode'
  | 'isClassElement'
  | 'isClassLike'
  | 'isParameter'
  | 'isParenthesizedTypeNode'
  | 'isPrivateIdentifier'
  | 'isPropertyDeclaration'
  | 'isPropertySignature'
  | 'isTypeAliasDeclaration'
  | 'isTypeReferenceNode'
  | 'isUnionTypeNode'
>;

export interface ShapeBuilderOptions {
  readonly ts: TypeScriptApi;
  /** The program of `checker`: it tells the lib's own files, whose TSDoc is about JavaScript, not the user's data. */
  readonly program: Pick<ts.Program, 'isSourceFileDefaultLibrary'>;
  readonly checker: ts.TypeChecker;
  /** 'input' for parameters (what the model sends), 'output' for return types (what JSON.stringify produces). */
  readonly purpose: 'input' | 'output';
}

type Purpose = ShapeBuilderOptions['purpose'];

/**
 * Where a type sits decides what its `undefined` means: a member may be absent, a value of an
 * index signature is simply left out, but an element or the root has to be sent.
 */
type Slot = 'root' | 'member' | 'element' | 'optionalElement' | 'value';

type UndefinedPolicy = 'drop' | 'null' | 'problem';

const undefinedPolicies: Readonly<Record<Slot, Readonly<Record<Purpose, UndefinedPolicy>>>> = {
  root: { input: 'problem', output: 'drop' },
  member: { input: 'drop', output: 'drop' },
  element: { input: 'problem', output: 'null' },
  optionalElement: { input: 'drop', output: 'drop' },
  value: { input: 'drop', output: 'drop' },
};

interface Fault {
  readonly reason: string;
  readonly fix: string;
  /** The type as the problem names it, when the checker's text would mislead (it prints an unresolved type as "any"). */
  readonly typeText?: string;
}

/** Where a type is derived: its pointer, and the type node it was written as, when known (for union order). */
interface Site {
  readonly pointer: string;
  readonly typeNode?: ts.TypeNode;
}

/** What processors may ask of the builder. */
interface Walk {
  readonly ts: TypeScriptApi;
  readonly checker: ts.TypeChecker;
  readonly purpose: Purpose;
  derive(type: ts.Type, pointer: string, slot: Slot, typeNode?: ts.TypeNode): Shape;
  /** Records a problem and returns the placeholder shape standing for the unrepresentable type. */
  fail(type: ts.Type, pointer: string, fault: Fault): Shape;
  /** Derives a type that may recur: on re-entry it becomes a `ref`, and its shape a def. */
  named(type: ts.Type, pointer: string, derive: () => Shape): Shape;
  /** A union's members, in the order they were written where the source says so. */
  constituents(type: ts.UnionType, typeNode: ts.TypeNode | undefined): readonly ts.Type[];
  /** Applies a member's TSDoc; without a summary of its own, the member takes its declared type's (`typeNode`). */
  documentation(symbol: ts.Symbol, shape: Shape, pointer: string, typeText: () => string, typeNode: ts.TypeNode | undefined): Shape;
  text(type: ts.Type): string;
}

/** One kind of type: whether it applies, and how it derives. The first processor that applies wins. */
interface Processor {
  readonly kind: string;
  applies(type: ts.Type, walk: Walk): boolean;
  derive(type: ts.Type, site: Site, walk: Walk): Shape;
}

/**
 * How many instantiations of one generic type may be derived inside each other. A generic that
 * holds itself with a larger type argument (`Grow<T>` holding `Grow<T[]>`) has a new type at
 * every level, so no `$ref` ever closes the recursion: the walk stops there with a problem.
 */
export const maxNestedInstantiations = 10;

/** How deep a derivation may go, whatever the types: the same stop for expansions through tuples, arrays or unions. */
export const maxDerivationDepth = 64;

/** Derives the shapes of one root schema; all shapes it derives share one `$defs` scope. */
export class ShapeBuilder {
  readonly #walk: Walk;
  readonly #problems: ShapeProblem[] = [];
  readonly #problemPointers = new Set<string>();
  /** Types being derived right now; `recursive` once one of them was reached again. */
  readonly #stack = new Map<ts.Type, { recursive: boolean; readonly pointer: string; readonly generic: ts.Symbol | undefined }>();
  /** How many instantiations of each generic type are on `#stack`. */
  readonly #nested = new Map<ts.Symbol, number>();
  /** How deep the current derivation is, and the root it started from. */
  #depth = 0;
  #root: { readonly type: ts.Type; readonly pointer: string } | undefined;
  /** Set once an expansion limit is reached: the rest of the root is not derived (a branching expansion would take exponential time). */
  #abandoned = false;
  readonly #defNames = new Map<ts.Type, string>();
  readonly #usedNames = new Set<string>();
  readonly #defs = new Map<string, Shape>();

  constructor(options: ShapeBuilderOptions) {
    const { ts, checker, purpose, program } = options;
    this.#walk = {
      ts,
      checker,
      purpose,
      derive: (type, pointer, slot, typeNode) => this.#derive(type, pointer, slot, typeNode),
      fail: (type, pointer, fault) => {
        this.#report({ pointer, typeText: fault.typeText ?? this.#walk.text(type), reason: fault.reason, fix: fault.fix });
        return { kind: 'any' };
      },
      named: (type, pointer, derive) => this.#named(type, pointer, derive),
      constituents: (type, typeNode) => writtenOrder(this.#walk, type, typeNode),
      documentation: (symbol, shape, pointer, typeText, typeNode) => {
        const found: ShapeProblem[] = [];
        const { description, tags } = readDocumentation(ts, checker, symbol);
        const inherited = description ?? typeDocumentation(ts, program, checker, typeNode);
        const documented = applyDocumentation(shape, inherited, tags, pointer, found, typeText, purpose);
        found.forEach((problem) => this.#report(problem));
        return documented;
      },
      text: (type) => checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation),
    };
  }

  /** Everything unrepresentable found so far, in discovery order, deduplicated by pointer. */
  get problems(): readonly ShapeProblem[] {
    return this.#problems;
  }

  /**
   * Derives the shape of `type`. Problems are recorded (see `problems`) with `pointer` as the
   * prefix of their JSON Pointer. Never throws for unsupported types. `typeNode`, the node the
   * type was written as, only orders union members as written.
   */
  shapeOf(type: ts.Type, pointer: string, typeNode?: ts.TypeNode): Shape {
    this.#root = { type, pointer };
    this.#abandoned = false;
    try {
      return this.#derive(type, pointer, 'root', typeNode);
    } finally {
      this.#root = undefined;
      this.#abandoned = false;
    }
  }

  /** The root plus exactly the named shapes (defs) reachable from it, defs sorted by name. */
  document(root: Shape): ShapeDocument {
    const reached = new Set<string>();
    const visit = (shape: Shape): void => {
      if (shape.kind === 'ref') {
        const def = this.#defs.get(shape.name);
        if (!reached.has(shape.name) && def !== undefined) {
          reached.add(shape.name);
          visit(def);
        }
        return;
      }
      childrenOf(shape).forEach(visit);
    };
    visit(root);
    const defs: Record<string, Shape> = {};
    for (const name of [...reached].sort()) {
      defs[name] = this.#defs.get(name)!;
    }
    return { root, defs };
  }

  #report(problem: ShapeProblem): void {
    if (!this.#problemPointers.has(problem.pointer)) {
      this.#problemPointers.add(problem.pointer);
      this.#problems.push(problem);
    }
  }

  #derive(type: ts.Type, pointer: string, slot: Slot, typeNode: ts.TypeNode | undefined): Shape {
    if (this.#abandoned) {
      return { kind: 'any' };
    }
    if (this.#depth >= maxDerivationDepth) {
      const root = this.#root ?? { type, pointer };
      this.#abandoned = true;
      return this.#walk.fail(root.type, root.pointer, faults.tooDeep);
    }
    this.#depth++;
    try {
      return this.#deriveAt(type, pointer, slot, typeNode);
    } finally {
      this.#depth--;
    }
  }

  #deriveAt(type: ts.Type, pointer: string, slot: Slot, typeNode: ts.TypeNode | undefined): Shape {
    const walk = this.#walk;
    const site: Site = typeNode === undefined ? { pointer } : { pointer, typeNode };
    const members = isPlainUnion(walk.ts, type) ? walk.constituents(type as ts.UnionType, typeNode) : [type];
    const defined = members.filter((member) => !isUndefined(walk.ts, member));
    if (defined.length === members.length) {
      return processorFor(type, walk).derive(type, site, walk);
    }
    const policy = undefinedPolicies[slot][walk.purpose];
    if (policy === 'problem') {
      walk.fail(type, pointer, undefinedFault(slot));
    } else if (policy === 'null' && !defined.some((member) => (member.flags & walk.ts.TypeFlags.Null) !== 0)) {
      defined.push(walk.checker.getNullType());
    }
    if (defined.length === 0) {
      return policy === 'problem' ? { kind: 'any' } : walk.fail(type, pointer, undefinedFault(slot));
    }
    const [only] = defined;
    return defined.length === 1 && only !== undefined
      ? this.#derive(only, pointer, slot, definedTypeNode(walk.ts, typeNode))
      : unionOf(defined, site, walk);
  }

  #named(type: ts.Type, pointer: string, derive: () => Shape): Shape {
    const defined = this.#defNames.get(type);
    if (defined !== undefined && this.#defs.has(defined)) {
      return { kind: 'ref', name: defined };
    }
    const active = this.#stack.get(type);
    if (active !== undefined) {
      active.recursive = true;
      return { kind: 'ref', name: this.#defName(type) };
    }
    // the same type again is a ref (above); the same generic again is another instantiation of it
    const generic = type.aliasSymbol ?? type.getSymbol();
    const nested = generic === undefined ? 0 : (this.#nested.get(generic) ?? 0);
    if (generic !== undefined && nested >= maxNestedInstantiations) {
      // the outermost instantiation, where the expansion starts, and the one inside it
      const instantiations = [...this.#stack].filter(([, candidate]) => candidate.generic === generic);
      const [outermost, frame] = instantiations[0]!;
      const [inner] = instantiations[1]!;
      this.#abandoned = true;
      const walk = this.#walk;
      return walk.fail(outermost, frame.pointer, faults.expanding(genericName(generic, outermost, walk), walk.text(outermost), walk.text(inner)));
    }
    const frame = { recursive: false, pointer, generic };
    this.#stack.set(type, frame);
    if (generic !== undefined) {
      this.#nested.set(generic, nested + 1);
    }
    let shape: Shape;
    try {
      shape = derive();
    } finally {
      this.#stack.delete(type);
      if (generic !== undefined) {
        this.#nested.set(generic, nested);
      }
    }
    if (!frame.recursive) {
      return shape;
    }
    const name = this.#defName(type);
    this.#defs.set(name, shape);
    return { kind: 'ref', name };
  }

  #defName(type: ts.Type): string {
    const known = this.#defNames.get(type);
    if (known !== undefined) {
      return known;
    }
    const base = sanitizeDefName(this.#walk.text(type));
    let name = base;
    for (let suffix = 2; this.#usedNames.has(name); suffix++) {
      name = `${base}_${suffix}`;
    }
    this.#usedNames.add(name);
    this.#defNames.set(type, name);
    return name;
  }
}

/** The generic's name as a message says it: `Grow`, or the type's text for an anonymous one. */
function genericName(generic: ts.Symbol, type: ts.Type, walk: Walk): string {
  const name = generic.getName();
  return name.startsWith('__') ? walk.text(type) : name;
}

/** `T | undefined` as written → `T`, so the rest of the derivation still sees how `T` was written. */
function definedTypeNode(t: TypeScriptApi, node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  if (node === undefined || !t.isUnionTypeNode(node)) {
    return node;
  }
  const defined = node.types.filter((member) => member.kind !== t.SyntaxKind.UndefinedKeyword);
  const [only] = defined;
  return defined.length === 1 && only !== undefined ? (t.isParenthesizedTypeNode(only) ? only.type : only) : undefined;
}

/** `Tree<string>` → `Tree_string`: a def name valid in a JSON Pointer and for every provider. */
function sanitizeDefName(text: string): string {
  const name = text.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '');
  return name === '' ? 'Type' : name;
}

// ---------------------------------------------------------------------------------------------
// Processors, one per kind of type, tried in this order.

const hasFlag = (type: ts.Type, flags: ts.TypeFlags): boolean => (type.flags & flags) !== 0;

const flagged = (kind: string, flags: (t: TypeScriptApi) => ts.TypeFlags, derive: Processor['derive']): Processor => ({
  kind,
  applies: (type, walk) => hasFlag(type, flags(walk.ts)),
  derive,
});

const faults = {
  never: {
    reason: 'never has no values, so nothing could be sent',
    fix: 'give it a concrete type, or remove it',
  },
  void: {
    reason: 'void inside a value has no JSON form',
    fix: 'use null, or make the member optional ("x?: T")',
  },
  bigint: {
    reason: 'JSON has no bigint (JSON.stringify throws on one)',
    fix: 'use number, or a decimal string (string with "@pattern ^-?\\d+$") converted with BigInt() in code',
  },
  symbol: {
    reason: 'a symbol has no JSON form',
    fix: 'use a string, or a union of string literals',
  },
  function: {
    input: {
      reason: 'a function has no JSON form, so the model cannot send one',
      fix: 'take data that selects the behaviour (a string literal union or an enum) and keep the function in code',
    },
    output: {
      reason: 'a function has no JSON form (JSON.stringify drops it or turns it into null)',
      fix: 'return the data the function would compute instead of the function',
    },
  },
  typeParameter: {
    reason: 'a type parameter has no fixed shape',
    fix: 'use a concrete type; tools cannot be generic',
  },
  unsupported: {
    reason: 'toolgen cannot derive a JSON Schema for this kind of type',
    fix: 'use plain data: string, number, boolean, literals, arrays, tuples, objects, unions of those, or Date',
  },
  restNotLast: {
    reason: 'a rest element followed by other elements cannot be expressed with prefixItems',
    fix: 'put the rest element last, or use an array',
  },
  expanding: (name: string, outer: string, inner: string): Fault => ({
    reason:
      `expansion limit reached: ${outer} holds ${inner}, which holds a ${name} of a larger type again, so every level is a new type ` +
      `and the schema would never end (toolgen stops after ${maxNestedInstantiations} nested ${name} types)`,
    fix: `let ${name} hold itself with the same type arguments (${name}<T> inside ${name}<T>), which becomes a $ref, or declare the levels as types of their own`,
  }),
  tooDeep: {
    reason: `expansion limit reached: the type nests more than ${maxDerivationDepth} levels deep, so toolgen stops deriving its schema`,
    fix: 'let the type refer to itself by name (a recursive type becomes a $ref), or flatten the data into fewer levels',
  },
  privateState: (members: readonly string[]): Fault => ({
    reason: `a class instance with private state (${members.join(', ')}) cannot be rebuilt from JSON`,
    fix: 'use an interface or a type alias of its public data, or make those members public',
  }),
} as const;

const undefinedFaults: Readonly<Record<Slot, Fault>> = {
  root: {
    reason: 'JSON has no undefined, so this value cannot be sent',
    fix: 'use null ("T | null"), or make it an optional member ("x?: T")',
  },
  member: {
    reason: 'a member that can only be undefined has no JSON form',
    fix: 'remove the member, or give it a type JSON can carry',
  },
  element: {
    reason: 'JSON has no undefined, and an array element cannot be left out',
    fix: 'use null instead ("T | null")',
  },
  optionalElement: {
    reason: 'an element that can only be undefined has no JSON form',
    fix: 'remove the element, or give it a type JSON can carry',
  },
  value: {
    reason: 'a value that can only be undefined has no JSON form',
    fix: 'give the index signature a type JSON can carry',
  },
};

const undefinedFault = (slot: Slot): Fault => undefinedFaults[slot];

/**
 * The checker's error type: a type that did not resolve (a missing import, package, lib or
 * declaration, or a circular alias). The checker prints it as "any", so the problem names the
 * type as written, and it is never `{}`: an explicit `any` or `unknown` is another type.
 */
const unresolvedProcessor: Processor = {
  kind: 'unresolved',
  applies: (type, walk) => hasFlag(type, walk.ts.TypeFlags.Any) && isErrorType(type),
  derive: (type, site, walk) => walk.fail(type, site.pointer, unresolvedFault(walk.ts, site.typeNode)),
};

/** Whether `type` is the checker's error type, which it uses for every type reference it could not resolve. */
export function isErrorType(type: ts.Type): boolean {
  return (type as { intrinsicName?: string }).intrinsicName === 'error';
}

/** Globals a project has only with the DOM lib or @types/node, so a tsconfig without them cannot resolve them. */
const environmentGlobals = new Set([
  'AbortSignal',
  'AbortController',
  'URL',
  'URLSearchParams',
  'Blob',
  'File',
  'FormData',
  'Headers',
  'Request',
  'Response',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'Event',
  'EventTarget',
  'Buffer',
]);

function unresolvedFault(t: TypeScriptApi, typeNode: ts.TypeNode | undefined): Fault {
  const name = typeNode === undefined ? undefined : t.isTypeReferenceNode(typeNode) ? typeNode.typeName.getText() : typeNode.getText();
  if (name === undefined) {
    return {
      typeText: 'a type that does not resolve',
      reason: 'the TypeScript checker could not resolve this type, so toolgen cannot know what the model must send',
      fix: 'fix the type errors tsc reports for this type (a missing import, package or declaration, or a circular alias)',
    };
  }
  if (environmentGlobals.has(name)) {
    return {
      typeText: name,
      reason: `${name} does not resolve: the project's tsconfig has neither the DOM lib nor Node's types, which declare it`,
      fix: `add "DOM" to "lib" in compilerOptions, or install @types/node and add "node" to "types"`,
    };
  }
  return {
    typeText: name,
    reason: `${name} does not resolve (tsc reports an error for it), so toolgen cannot know what it holds`,
    fix: `import or declare ${name}, or fix the import, package or circular alias it comes from`,
  };
}

const anyProcessor = flagged(
  'any',
  (t) => t.TypeFlags.Any | t.TypeFlags.Unknown,
  () => ({ kind: 'any' }),
);

const neverProcessor = flagged(
  'never',
  (t) => t.TypeFlags.Never,
  (type, site, walk) => walk.fail(type, site.pointer, faults.never),
);

const voidProcessor = flagged(
  'void',
  (t) => t.TypeFlags.Void,
  (type, site, walk) => walk.fail(type, site.pointer, faults.void),
);

const undefinedProcessor = flagged(
  'undefined',
  (t) => t.TypeFlags.Undefined,
  (type, site, walk) => walk.fail(type, site.pointer, undefinedFault('root')),
);

const nullProcessor = flagged(
  'null',
  (t) => t.TypeFlags.Null,
  () => ({ kind: 'null' }),
);

const bigintProcessor = flagged(
  'bigint',
  (t) => t.TypeFlags.BigIntLike,
  (type, site, walk) => walk.fail(type, site.pointer, faults.bigint),
);

const symbolProcessor = flagged(
  'symbol',
  (t) => t.TypeFlags.ESSymbolLike,
  (type, site, walk) => walk.fail(type, site.pointer, faults.symbol),
);

const stringProcessor = flagged(
  'string',
  (t) => t.TypeFlags.String | t.TypeFlags.TemplateLiteral | t.TypeFlags.StringMapping,
  (type, _site, walk) => {
    if (!hasFlag(type, walk.ts.TypeFlags.TemplateLiteral)) {
      return { kind: 'string' };
    }
    return { kind: 'string', pattern: `^${templatePattern(type as ts.TemplateLiteralType, walk)}$` };
  },
);

/** The regular expression a template literal type's strings match. */
function templatePattern(type: ts.TemplateLiteralType, walk: Walk): string {
  const flags = walk.ts.TypeFlags;
  const spans = type.types.map((span) => {
    if (hasFlag(span, flags.Number)) {
      return '[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?';
    }
    if (hasFlag(span, flags.BigInt)) {
      return '-?\\d+';
    }
    if (hasFlag(span, flags.TemplateLiteral)) {
      return templatePattern(span as ts.TemplateLiteralType, walk);
    }
    return '.*';
  });
  return type.texts.map((text, index) => escapeRegExp(text) + (spans[index] ?? '')).join('');
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

const numberProcessor = flagged(
  'number',
  // a non-literal `Enum` flag is an enum with computed members: numbers
  (t) => t.TypeFlags.Number | t.TypeFlags.Enum,
  () => ({ kind: 'number', integer: false }),
);

const booleanProcessor = flagged(
  'boolean',
  (t) => t.TypeFlags.Boolean,
  () => ({ kind: 'boolean' }),
);

const literalProcessor = flagged(
  'literal',
  (t) => t.TypeFlags.StringLiteral | t.TypeFlags.NumberLiteral | t.TypeFlags.BooleanLiteral,
  (type, _site, walk) => ({ kind: 'literal', value: literalValue(type, walk) }),
);

function literalValue(type: ts.Type, walk: Walk): string | number | boolean {
  if (hasFlag(type, walk.ts.TypeFlags.BooleanLiteral)) {
    return walk.text(type) === 'true';
  }
  return (type as ts.LiteralType).value as string | number;
}

/** A TS `enum` (the union of its members, in declaration order): its values, strings and numbers alike. */
const enumProcessor: Processor = {
  kind: 'enum',
  applies: (type, walk) => hasFlag(type, walk.ts.TypeFlags.Union) && hasFlag(type, walk.ts.TypeFlags.EnumLiteral),
  derive: (type, site, walk) => {
    const members = (type as ts.UnionType).types;
    if (!members.every((member) => isEnumValue(walk.ts, member))) {
      return unionOf(members, site, walk);
    }
    return { kind: 'enum', values: members.map((member) => (member as ts.LiteralType).value as string | number) };
  },
};

function isEnumValue(t: TypeScriptApi, type: ts.Type): boolean {
  return hasFlag(type, t.TypeFlags.StringLiteral | t.TypeFlags.NumberLiteral);
}

const unionProcessor: Processor = {
  kind: 'union',
  applies: (type, walk) => isPlainUnion(walk.ts, type),
  derive: (type, site, walk) => {
    const derive = (): Shape => unionOf(walk.constituents(type as ts.UnionType, site.typeNode), site, walk);
    // an alias (`type Json = … | Json[]`) is the only way a union can recur
    return type.aliasSymbol === undefined ? derive() : walk.named(type, site.pointer, derive);
  },
};

/** A union that is neither `boolean` nor a TS enum, which have their own processors. */
function isPlainUnion(t: TypeScriptApi, type: ts.Type): boolean {
  return hasFlag(type, t.TypeFlags.Union) && !hasFlag(type, t.TypeFlags.Boolean | t.TypeFlags.EnumLiteral);
}

/**
 * The shape of a union's members: `true | false` is one boolean, literals of one primitive kind
 * collapse into an `enum`, nested unions are flattened, and `null` comes last.
 */
function unionOf(members: readonly ts.Type[], site: Site, walk: Walk): Shape {
  const flags = walk.ts.TypeFlags;
  const hasNull = members.some((member) => hasFlag(member, flags.Null));
  const values = members.filter((member) => !hasFlag(member, flags.Null));
  const shapes: Shape[] = [];
  const literals = values.filter((member) => isEnumValue(walk.ts, member));
  const literalKinds = new Set(literals.map((member) => typeof (member as ts.LiteralType).value));
  if (literals.length >= 2 && literals.length === values.length && literalKinds.size === 1) {
    shapes.push({ kind: 'enum', values: literals.map((member) => (member as ts.LiteralType).value as string | number) });
  } else {
    const booleans = values.filter((member) => hasFlag(member, flags.BooleanLiteral));
    for (const member of values) {
      if (booleans.length === 2 && hasFlag(member, flags.BooleanLiteral)) {
        if (member === booleans[0]) {
          shapes.push({ kind: 'boolean' });
        }
        continue;
      }
      const shape = walk.derive(member, site.pointer, 'element');
      shapes.push(...(shape.kind === 'union' && !hasAnnotations(shape) ? shape.members : [shape]));
    }
  }
  if (hasNull) {
    shapes.push({ kind: 'null' });
  }
  const [only] = shapes;
  return shapes.length === 1 && only !== undefined ? only : { kind: 'union', members: shapes };
}

function hasAnnotations(shape: Shape): boolean {
  return (
    shape.description !== undefined || shape.default !== undefined || shape.examples !== undefined || shape.deprecated !== undefined
  );
}

/** `string & { __brand: 'Id' }` is a string; an intersection of object types is one merged object. */
const intersectionProcessor: Processor = {
  kind: 'intersection',
  applies: (type, walk) => hasFlag(type, walk.ts.TypeFlags.Intersection),
  derive: (type, site, walk) => {
    const objectFlags = walk.ts.TypeFlags.Object | walk.ts.TypeFlags.NonPrimitive;
    const primitive = (type as ts.IntersectionType).types.find((member) => !hasFlag(member, objectFlags));
    if (primitive !== undefined) {
      return walk.derive(primitive, site.pointer, 'root');
    }
    return (isFunction(type, walk) ? functionProcessor : objectProcessor).derive(type, site, walk);
  },
};

const typeParameterProcessor = flagged(
  'type parameter',
  (t) => t.TypeFlags.TypeParameter,
  (type, site, walk) => walk.fail(type, site.pointer, faults.typeParameter),
);

/** The `object` keyword: any JSON object. */
const nonPrimitiveProcessor = flagged(
  'object keyword',
  (t) => t.TypeFlags.NonPrimitive,
  () => ({ kind: 'object', properties: [], additionalProperties: { kind: 'any' } }),
);

const arrayProcessor: Processor = {
  kind: 'array',
  applies: (type, walk) => walk.checker.isArrayType(type),
  derive: (type, site, walk) => {
    const [element] = walk.checker.getTypeArguments(type as ts.TypeReference);
    if (element === undefined) {
      return walk.fail(type, site.pointer, faults.unsupported);
    }
    return { kind: 'array', items: walk.derive(element, `${site.pointer}/*`, 'element', elementTypeNode(walk.ts, site.typeNode)) };
  },
};

function elementTypeNode(t: TypeScriptApi, node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  return node !== undefined && t.isArrayTypeNode(node) ? node.elementType : undefined;
}

const tupleProcessor: Processor = {
  kind: 'tuple',
  applies: (type, walk) => walk.checker.isTupleType(type),
  derive: (type, site, walk) => {
    const target = (type as ts.TypeReference).target as ts.TupleType;
    const elementFlags = walk.ts.ElementFlags;
    const types = walk.checker.getTypeArguments(type as ts.TypeReference);
    const elements: Shape[] = [];
    let rest: Shape | null = null;
    for (const [index, flag] of target.elementFlags.entries()) {
      const element = types[index];
      if (element === undefined || (flag & elementFlags.Variadic) !== 0) {
        return walk.fail(type, site.pointer, faults.typeParameter);
      }
      if (rest !== null) {
        return walk.fail(type, site.pointer, faults.restNotLast);
      }
      if ((flag & elementFlags.Rest) !== 0) {
        rest = walk.derive(element, `${site.pointer}/*`, 'element');
      } else {
        const slot = (flag & elementFlags.Optional) !== 0 ? 'optionalElement' : 'element';
        elements.push(walk.derive(element, `${site.pointer}/${index}`, slot));
      }
    }
    return { kind: 'tuple', elements, minItems: target.minLength, rest };
  },
};

/** Library types recognized by their global name. */
interface LibEntry {
  readonly names: readonly string[];
  derive(type: ts.Type, site: Site, walk: Walk): Shape;
}

const typeArgumentText = (type: ts.Type, walk: Walk, index: number, fallback: string): string => {
  const reference = hasFlag(type, walk.ts.TypeFlags.Object) ? (type as ts.TypeReference) : undefined;
  const argument = reference === undefined ? undefined : walk.checker.getTypeArguments(reference)[index];
  return argument === undefined ? fallback : walk.text(argument);
};

const failing =
  (fault: (type: ts.Type, walk: Walk) => Fault): LibEntry['derive'] =>
  (type, site, walk) =>
    walk.fail(type, site.pointer, fault(type, walk));

const libEntries: readonly LibEntry[] = [
  { names: ['Date'], derive: () => ({ kind: 'date' }) },
  // a URL goes out through its toJSON (its href) and comes in as a string `new URL` parses
  { names: ['URL'], derive: () => ({ kind: 'url' }) },
  {
    names: ['Map', 'ReadonlyMap', 'WeakMap'],
    derive: failing((type, walk) => ({
      reason: 'a Map has no JSON form (JSON.stringify turns it into {})',
      fix: `use Record<string, ${typeArgumentText(type, walk, 1, 'V')}> or an array of [key, value] pairs`,
    })),
  },
  {
    names: ['Set', 'ReadonlySet', 'WeakSet'],
    derive: failing((type, walk) => ({
      reason: 'a Set has no JSON form (JSON.stringify turns it into {})',
      fix: `use an array (${typeArgumentText(type, walk, 0, 'T')}[]) and build the Set in code`,
    })),
  },
  {
    names: ['Promise', 'PromiseLike'],
    derive: failing((type, walk) =>
      walk.purpose === 'input'
        ? {
            reason: 'an input cannot be a Promise: the model sends plain JSON',
            fix: `take the resolved value (${typeArgumentText(type, walk, 0, 'T')}) and await the promise before the call`,
          }
        : {
            reason: 'a Promise inside a result has no JSON form (JSON.stringify turns it into {})',
            fix: `await it before returning, so the result holds the ${typeArgumentText(type, walk, 0, 'T')} itself`,
          },
    ),
  },
  {
    names: ['RegExp'],
    derive: failing(() => ({
      reason: 'a RegExp has no JSON form (JSON.stringify turns it into {})',
      fix: "use a string holding the pattern's source and build the RegExp in code",
    })),
  },
  {
    names: ['Error'],
    derive: failing((_type, walk) => ({
      reason: 'an Error has no JSON form (its message and stack are not enumerable, so JSON.stringify gives {})',
      fix:
        walk.purpose === 'input'
          ? 'take the message as a string'
          : 'return { message: string }, or throw a ToolFailure to report a failure',
    })),
  },
  {
    names: [
      'ArrayBuffer',
      'SharedArrayBuffer',
      'DataView',
      'Int8Array',
      'Uint8Array',
      'Uint8ClampedArray',
      'Int16Array',
      'Uint16Array',
      'Int32Array',
      'Uint32Array',
      'Float32Array',
      'Float64Array',
      'BigInt64Array',
      'BigUint64Array',
    ],
    derive: failing(() => ({
      reason: 'binary data has no JSON form',
      fix: 'use number[] or a base64-encoded string',
    })),
  },
  {
    names: ['Function', 'CallableFunction', 'NewableFunction'],
    derive: (type, site, walk) => walk.fail(type, site.pointer, faults.function[walk.purpose]),
  },
  { names: ['Symbol'], derive: (type, site, walk) => walk.fail(type, site.pointer, faults.symbol) },
];

const libEntryByName = new Map(libEntries.flatMap((entry) => entry.names.map((name) => [name, entry] as const)));

/** The lib entry for a type, its own or (for `class NotFound extends Error`) a base class's. */
function libEntryOf(type: ts.Type, walk: Walk, depth = 0): LibEntry | undefined {
  const symbol = type.getSymbol();
  if (symbol === undefined || depth > 8) {
    return undefined;
  }
  const entry = libEntryByName.get(symbol.getName());
  // the global symbol is the lib's (merged with any global augmentation); a user's own `Date` is another symbol
  if (entry !== undefined && walk.checker.resolveName(symbol.getName(), undefined, walk.ts.SymbolFlags.Type, false) === symbol) {
    return entry;
  }
  const objectFlags = walk.ts.ObjectFlags;
  const target = (type as ts.ObjectType).objectFlags & objectFlags.Reference ? (type as ts.TypeReference).target : type;
  if (((target as ts.ObjectType).objectFlags & (objectFlags.Class | objectFlags.Interface)) === 0) {
    return undefined;
  }
  for (const base of walk.checker.getBaseTypes(target as ts.InterfaceType)) {
    const found = libEntryOf(base, walk, depth + 1);
    if (found !== undefined) {
      return found;
    }
  }
  return undefined;
}

const libProcessor: Processor = {
  kind: 'lib',
  applies: (type, walk) => hasFlag(type, walk.ts.TypeFlags.Object) && libEntryOf(type, walk) !== undefined,
  derive: (type, site, walk) => libEntryOf(type, walk)!.derive(type, site, walk),
};

function isFunction(type: ts.Type, walk: Walk): boolean {
  const { checker, ts: t } = walk;
  return [t.SignatureKind.Call, t.SignatureKind.Construct].some((kind) => checker.getSignaturesOfType(type, kind).length > 0);
}

const functionProcessor: Processor = {
  kind: 'function',
  applies: (type, walk) => hasFlag(type, walk.ts.TypeFlags.Object) && isFunction(type, walk),
  derive: (type, site, walk) => walk.fail(type, site.pointer, isClassConstructor(type, walk) ? classFault(type) : faults.function[walk.purpose]),
};

/** `typeof Ticket`: the class itself, which JSON cannot carry either, but which is rarely what was meant. */
function isClassConstructor(type: ts.Type, walk: Walk): boolean {
  const symbol = type.getSymbol();
  return symbol !== undefined && (symbol.flags & walk.ts.SymbolFlags.Class) !== 0 && walk.checker.getSignaturesOfType(type, walk.ts.SignatureKind.Construct).length > 0;
}

function classFault(type: ts.Type): Fault {
  const name = type.getSymbol()!.getName();
  return {
    reason: `it is the class ${name} itself (its constructor), which has no JSON form`,
    fix: `write ${name} for an instance of the class, or take data that names which class to use`,
  };
}

/** Interfaces, object type aliases, class instances (data members only), mapped types, intersections. */
const objectProcessor: Processor = {
  kind: 'object',
  applies: (type, walk) => hasFlag(type, walk.ts.TypeFlags.Object),
  derive: (type, site, walk) => walk.named(type, site.pointer, () => objectShape(type, site.pointer, walk)),
};

function objectShape(type: ts.Type, pointer: string, walk: Walk): Shape {
  const { checker, ts: t } = walk;
  const members = checker.getPropertiesOfType(type);
  const hidden = members.filter((member) => isPrivate(t, member)).map((member) => memberName(member));
  if (hidden.length > 0) {
    return walk.fail(type, pointer, faults.privateState(hidden));
  }
  const properties: PropertyShape[] = [];
  for (const member of members) {
    const property = propertyOf(member, pointer, walk);
    if (property !== undefined) {
      properties.push(property);
    }
  }
  return { kind: 'object', properties, additionalProperties: indexSignatureShape(type, pointer, walk) };
}

/**
 * One member's property, or nothing for what JSON never holds: a class's methods and accessors
 * (they live on the prototype), symbol-keyed members (JSON keys are strings), members that can
 * only be undefined (they are always absent), and, in output, functions (JSON.stringify leaves
 * them out).
 */
function propertyOf(member: ts.Symbol, objectPointer: string, walk: Walk): PropertyShape | undefined {
  const { checker, ts: t } = walk;
  const declaration = member.valueDeclaration ?? member.declarations?.[0];
  const behaviour = t.SymbolFlags.Method | t.SymbolFlags.Accessor;
  if (declaration !== undefined && t.isClassLike(declaration.parent) && (member.flags & behaviour) !== 0) {
    return undefined;
  }
  const type = checker.getTypeOfSymbol(member);
  const members = hasFlag(type, t.TypeFlags.Union) ? (type as ts.UnionType).types : [type];
  const defined = members.filter((candidate) => !isUndefined(t, candidate));
  const symbolKeyed = member.getName().startsWith('__@');
  if (symbolKeyed || defined.length === 0 || (walk.purpose === 'output' && defined.every((candidate) => isFunction(candidate, walk)))) {
    return undefined;
  }
  const pointer = `${objectPointer}/${escapePointer(memberName(member))}`;
  const typeNode = declaration !== undefined && hasTypeNode(t, declaration) ? declaration.type : undefined;
  // the type's text is only printed when a tag is wrong: typeToString is costly on every member
  const shape = walk.documentation(member, walk.derive(type, pointer, 'member', typeNode), pointer, () => walk.text(type), typeNode);
  const optional = (member.flags & t.SymbolFlags.Optional) !== 0 || defined.length < members.length;
  return { name: memberName(member), shape, optional };
}

type TypedMember = ts.PropertySignature | ts.PropertyDeclaration | ts.ParameterDeclaration;

function hasTypeNode(t: TypeScriptApi, node: ts.Node): node is TypedMember {
  return t.isPropertySignature(node) || t.isPropertyDeclaration(node) || t.isParameter(node);
}

/** `private`, `protected` or `#private`: state JSON cannot carry into or out of a class instance. */
function isPrivate(t: TypeScriptApi, member: ts.Symbol): boolean {
  return (member.declarations ?? []).some(
    (declaration) =>
      (t.getCombinedModifierFlags(declaration) & (t.ModifierFlags.Private | t.ModifierFlags.Protected)) !== 0 ||
      (t.isClassElement(declaration) && declaration.name !== undefined && t.isPrivateIdentifier(declaration.name)),
  );
}

/** The member's name as written: the checker names `#x` members `__#<id>@#x` and `[key]` ones `__@key@<id>`. */
function memberName(member: ts.Symbol): string {
  const name = member.getName();
  if (name.startsWith('__#')) {
    return name.slice(name.indexOf('@') + 1);
  }
  const declared = (member.declarations?.[0] as { name?: ts.Node } | undefined)?.name;
  return name.startsWith('__@') && declared !== undefined ? declared.getText() : name;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * The value shape of a string (or number, or template) index signature, or `false`: no other
 * properties. `Record<string, never>` is the type of `{}` with nothing in it, so it is `false` too.
 */
function indexSignatureShape(type: ts.Type, pointer: string, walk: Walk): Shape | false {
  const flags = walk.ts.TypeFlags;
  const infos = walk.checker.getIndexInfosOfType(type).filter((info) => !hasFlag(info.keyType, flags.ESSymbolLike));
  const info = infos.find((candidate) => hasFlag(candidate.keyType, flags.String)) ?? infos[0];
  if (info === undefined || hasFlag(info.type, flags.Never)) {
    return false;
  }
  return walk.derive(info.type, `${pointer}/*`, 'value');
}

const fallbackProcessor: Processor = {
  kind: 'unsupported',
  applies: () => true,
  derive: (type, site, walk) => walk.fail(type, site.pointer, faults.unsupported),
};

const processors: readonly Processor[] = [
  unresolvedProcessor,
  anyProcessor,
  neverProcessor,
  voidProcessor,
  undefinedProcessor,
  nullProcessor,
  bigintProcessor,
  symbolProcessor,
  stringProcessor,
  numberProcessor,
  booleanProcessor,
  literalProcessor,
  enumProcessor,
  unionProcessor,
  intersectionProcessor,
  typeParameterProcessor,
  nonPrimitiveProcessor,
  arrayProcessor,
  tupleProcessor,
  libProcessor,
  functionProcessor,
  objectProcessor,
  fallbackProcessor,
];

function processorFor(type: ts.Type, walk: Walk): Processor {
  return processors.find((processor) => processor.applies(type, walk)) ?? fallbackProcessor;
}

function isUndefined(t: TypeScriptApi, type: ts.Type): boolean {
  return hasFlag(type, t.TypeFlags.Undefined);
}

// ---------------------------------------------------------------------------------------------
// Union order: the checker orders a union's members by type identity (so `'b' | 'a'` may come out
// as `'a' | 'b'` when `'a'` was seen first); where the union was written, follow the source.

function writtenOrder(walk: Walk, union: ts.UnionType, typeNode: ts.TypeNode | undefined): readonly ts.Type[] {
  const written: ts.Type[] = [];
  const seen = new Set<ts.Type>();
  const nodes = [typeNode, aliasTypeNode(walk.ts, union)];
  for (const node of nodes) {
    if (node !== undefined) {
      collectWritten(walk, node, written, 0);
    }
  }
  const rank = new Map<ts.Type, number>();
  for (const type of written) {
    if (!seen.has(type)) {
      seen.add(type);
      rank.set(type, rank.size);
    }
  }
  const unranked = Number.MAX_SAFE_INTEGER;
  return union.types
    .map((type, index) => ({ type, index, rank: rank.get(type) ?? unranked }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.type);
}

/** The union type node of a non-generic alias (`type Status = 'open' | 'closed'`). */
function aliasTypeNode(t: TypeScriptApi, type: ts.Type): ts.TypeNode | undefined {
  const declaration = type.aliasSymbol?.declarations?.find((candidate) => t.isTypeAliasDeclaration(candidate));
  const plain = declaration !== undefined && t.isTypeAliasDeclaration(declaration) && declaration.typeParameters === undefined;
  return plain ? declaration.type : undefined;
}

function collectWritten(walk: Walk, node: ts.TypeNode, into: ts.Type[], depth: number): void {
  const t = walk.ts;
  if (depth > 16) {
    return;
  }
  if (t.isParenthesizedTypeNode(node)) {
    collectWritten(walk, node.type, into, depth + 1);
    return;
  }
  if (t.isUnionTypeNode(node)) {
    node.types.forEach((member) => collectWritten(walk, member, into, depth + 1));
    return;
  }
  const type = walk.checker.getTypeFromTypeNode(node);
  if (!hasFlag(type, t.TypeFlags.Union)) {
    into.push(type);
    return;
  }
  const aliased = aliasTypeNode(t, type);
  if (aliased !== undefined && aliased !== node) {
    collectWritten(walk, aliased, into, depth + 1);
  }
  into.push(...(type as ts.UnionType).types);
}

// ---------------------------------------------------------------------------------------------
// TSDoc

function readDocumentation(
  t: TypeScriptApi,
  checker: ts.TypeChecker,
  symbol: ts.Symbol,
): { description: string | undefined; tags: { name: string; text: string }[] } {
  const summary = t.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  const tags = symbol.getJsDocTags(checker).map((tag) => ({ name: tag.name, text: t.displayPartsToString(tag.text).trim() }));
  return { description: summary === '' ? undefined : summary, tags };
}

/**
 * The TSDoc summary of the type a member or parameter is declared with (`priority?: Priority`
 * → the doc of `type Priority`), for a member or parameter without one of its own. Follows
 * `T | null | undefined` to `T`; the lib's own types (`Date`, `Record`) have docs about
 * JavaScript, not about the user's data, so they give none.
 */
export function typeDocumentation(
  t: TypeScriptApi,
  program: ShapeBuilderOptions['program'],
  checker: ts.TypeChecker,
  typeNode: ts.TypeNode | undefined,
): string | undefined {
  const named = namedTypeNode(t, typeNode);
  if (named === undefined) {
    return undefined;
  }
  let symbol = checker.getSymbolAtLocation(named.typeName);
  if (symbol !== undefined && (symbol.flags & t.SymbolFlags.Alias) !== 0) {
    symbol = checker.getAliasedSymbol(symbol);
  }
  const declarations = symbol?.declarations ?? [];
  if (symbol === undefined || declarations.length === 0 || declarations.every((declaration) => program.isSourceFileDefaultLibrary(declaration.getSourceFile()))) {
    return undefined;
  }
  const summary = t.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  return summary === '' ? undefined : summary;
}

/** The one type reference a type node names, through parentheses and `| null` / `| undefined`. */
function namedTypeNode(t: TypeScriptApi, node: ts.TypeNode | undefined): ts.TypeReferenceNode | undefined {
  if (node === undefined) {
    return undefined;
  }
  if (t.isParenthesizedTypeNode(node)) {
    return namedTypeNode(t, node.type);
  }
  if (t.isUnionTypeNode(node)) {
    const named = node.types.filter((member) => member.kind !== t.SyntaxKind.UndefinedKeyword && !isNullLiteralType(t, member));
    return named.length === 1 ? namedTypeNode(t, named[0]) : undefined;
  }
  return t.isTypeReferenceNode(node) ? node : undefined;
}

function isNullLiteralType(t: TypeScriptApi, node: ts.TypeNode): boolean {
  return node.kind === t.SyntaxKind.LiteralType && (node as ts.LiteralTypeNode).literal.kind === t.SyntaxKind.NullKeyword;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

type ParsedTag =
  | { readonly ok: true; readonly value: JsonValue }
  | { readonly ok: false; readonly reason: string; readonly fix: string };

/** How a keyword tag's text parses, and which shape it constrains. */
interface KeywordTag {
  readonly parse: (text: string, tag: string) => ParsedTag;
  /** The shape kind the keyword belongs to; `annotation` ones go on any shape. */
  readonly target: 'number' | 'string' | 'array' | 'integer' | 'annotation';
}

type ConstraintTarget = Exclude<KeywordTag['target'], 'annotation'>;

const numberTag = (text: string, tag: string): ParsedTag => {
  const value = Number(text);
  return text !== '' && Number.isFinite(value)
    ? { ok: true, value }
    : { ok: false, reason: `@${tag} takes a number, but got "${text}"`, fix: `write a number, e.g. "@${tag} 0"` };
};

const lengthTag = (text: string, tag: string): ParsedTag => {
  const value = Number(text);
  return text !== '' && Number.isInteger(value) && value >= 0
    ? { ok: true, value }
    : { ok: false, reason: `@${tag} takes a non-negative integer, but got "${text}"`, fix: `write a whole number, e.g. "@${tag} 1"` };
};

const patternTag = (text: string, tag: string): ParsedTag => {
  if (text === '') {
    return { ok: false, reason: `@${tag} has no regular expression`, fix: `write the pattern after the tag, e.g. "@${tag} ^[a-z]+$"` };
  }
  try {
    new RegExp(text, 'u');
    return { ok: true, value: text };
  } catch (error) {
    return {
      ok: false,
      reason: `@${tag} "${text}" is not a valid regular expression (${(error as Error).message})`,
      fix: 'write a pattern that compiles with the "u" flag (no delimiting slashes or flags)',
    };
  }
};

const textTag = (text: string, tag: string): ParsedTag =>
  text !== ''
    ? { ok: true, value: text }
    : { ok: false, reason: `@${tag} has no value`, fix: `write the value after the tag, e.g. "@${tag} email"` };

const jsonTag = (text: string, tag: string): ParsedTag => {
  if (text === '') {
    return { ok: false, reason: `@${tag} has no value`, fix: `write a JSON value after the tag, e.g. "@${tag} 10"` };
  }
  try {
    return { ok: true, value: JSON.parse(text) as JsonValue };
  } catch {
    return { ok: true, value: text };
  }
};

const flagTag = (): ParsedTag => ({ ok: true, value: true });

const asTypeTag = (text: string, tag: string): ParsedTag =>
  text === 'integer'
    ? { ok: true, value: true }
    : {
        ok: false,
        reason: `@${tag} "${text}" is not supported`,
        fix: `write "@${tag} integer", the only type it supports, or remove it`,
      };

const keywordTags: Readonly<Record<string, KeywordTag>> = {
  minimum: { parse: numberTag, target: 'number' },
  maximum: { parse: numberTag, target: 'number' },
  exclusiveMinimum: { parse: numberTag, target: 'number' },
  exclusiveMaximum: { parse: numberTag, target: 'number' },
  integer: { parse: flagTag, target: 'integer' },
  asType: { parse: asTypeTag, target: 'integer' },
  minLength: { parse: lengthTag, target: 'string' },
  maxLength: { parse: lengthTag, target: 'string' },
  pattern: { parse: patternTag, target: 'string' },
  format: { parse: textTag, target: 'string' },
  minItems: { parse: lengthTag, target: 'array' },
  maxItems: { parse: lengthTag, target: 'array' },
  default: { parse: jsonTag, target: 'annotation' },
  example: { parse: jsonTag, target: 'annotation' },
  deprecated: { parse: flagTag, target: 'annotation' },
};

/** What a misplaced keyword applies to, for its problem's fix. */
const keywordTargets: Readonly<Record<ConstraintTarget, string>> = {
  number: 'numbers',
  integer: 'numbers and arrays of numbers',
  string: 'strings',
  array: 'arrays',
};

/** The keywords that do fit a shape of this kind. */
const keywordsByKind: Partial<Readonly<Record<Shape['kind'], string>>> = {
  number: '@minimum, @maximum, @exclusiveMinimum, @exclusiveMaximum or @integer',
  string: '@minLength, @maxLength, @pattern or @format',
  array: '@minItems or @maxItems',
  date: '@format date, @format time or @format date-time',
  url: '@format uri',
};

function misplacedKeywordFault(tag: string, target: ConstraintTarget, shape: Shape): Fault {
  const fitting = keywordsByKind[shape.kind];
  const advice =
    shape.kind === 'union'
      ? '; keywords apply to one type, or to T in "T | null"'
      : fitting === undefined
        ? ''
        : `; for ${describeKind(shape)} use ${fitting}`;
  return {
    reason: `@${tag} does not apply to ${describeKind(shape)}`,
    fix: `remove @${tag}, which applies to ${keywordTargets[target]}${advice}`,
  };
}

/**
 * Applies a TSDoc description and keyword tags to a shape (used for object members by the
 * builder, and for top-level parameters by the analysis). Unknown tags are ignored. A tag whose
 * value does not parse (e.g. `@minimum abc`), or that does not fit the shape (e.g. `@minLength`
 * on a number), is reported as a problem at `pointer` with a fix; `typeText` names the type in
 * such a problem (the shape's kind when omitted). Numeric and length keywords apply to the
 * non-null branch of a nullable union; annotations to the shape as a whole.
 */
export function applyDocumentation(
  shape: Shape,
  description: string | undefined,
  tags: readonly { readonly name: string; readonly text: string }[],
  pointer: string,
  problems: ShapeProblem[],
  typeText: string | (() => string) = shape.kind,
  purpose: Purpose = 'input',
): Shape {
  const text = (): string => (typeof typeText === 'string' ? typeText : typeText());
  const annotations: Mutable<Pick<Shape, 'description' | 'default' | 'examples' | 'deprecated'>> = {};
  if (description !== undefined && description.trim() !== '') {
    annotations.description = description.trim();
  }
  let target = nonNullBranch(shape);
  for (const tag of tags) {
    const keyword = Object.hasOwn(keywordTags, tag.name) ? keywordTags[tag.name] : undefined;
    if (keyword === undefined) {
      continue;
    }
    const parsed = keyword.parse(tag.text.trim(), tag.name);
    if (!parsed.ok) {
      problems.push({ pointer, typeText: text(), reason: parsed.reason, fix: parsed.fix });
      continue;
    }
    if (keyword.target === 'annotation') {
      annotate(annotations, tag.name, parsed.value);
      continue;
    }
    const constrained = target === undefined ? undefined : constrain(target, keyword.target, tag.name, parsed.value, purpose);
    if (constrained === undefined) {
      problems.push({ pointer, typeText: text(), ...misplacedKeywordFault(tag.name, keyword.target, target ?? shape) });
      continue;
    }
    target = constrained;
  }
  const constrained = target === undefined ? shape : replaceNonNullBranch(shape, target);
  return Object.keys(annotations).length === 0 ? constrained : { ...constrained, ...annotations };
}

function annotate(annotations: Mutable<Pick<Shape, 'default' | 'examples' | 'deprecated'>>, tag: string, value: JsonValue): void {
  if (tag === 'default') {
    annotations.default = value;
  } else if (tag === 'example') {
    annotations.examples = [...(annotations.examples ?? []), value];
  } else {
    annotations.deprecated = true;
  }
}

/** The shape a constraint applies to: the shape itself, or the one non-null member of `T | null`. */
function nonNullBranch(shape: Shape): Shape | undefined {
  if (shape.kind !== 'union') {
    return shape;
  }
  const values = shape.members.filter((member) => member.kind !== 'null');
  return values.length === 1 && values.length < shape.members.length ? values[0] : undefined;
}

function replaceNonNullBranch(shape: Shape, branch: Shape): Shape {
  if (shape.kind !== 'union') {
    return branch;
  }
  return { ...shape, members: shape.members.map((member) => (member.kind === 'null' ? member : branch)) };
}

/** The shape with one keyword applied, or `undefined` when the keyword does not fit it. */
function constrain(shape: Shape, target: ConstraintTarget, keyword: string, value: JsonValue, purpose: Purpose): Shape | undefined {
  if (target === 'integer') {
    return integerOf(shape);
  }
  if (keyword === 'format' && shape.kind === 'date') {
    return dateWithFormat(shape, value, purpose);
  }
  if (keyword === 'format' && shape.kind === 'url') {
    return value === 'uri' ? shape : undefined;
  }
  if (target === 'number' && shape.kind === 'number') {
    return { ...shape, [keyword]: value } as NumberShape;
  }
  if (target === 'string' && shape.kind === 'string') {
    return { ...shape, [keyword]: value } as StringShape;
  }
  if (target === 'array' && shape.kind === 'array') {
    return { ...shape, [keyword]: value } as ArrayShape;
  }
  return undefined;
}

/**
 * `@format date` or `@format time` on a `Date`: the model sends a full-date ("2026-01-31", a
 * `Date` at UTC midnight) or a full-time ("09:00:00Z", a `Date` on 1970-01-01). A result's
 * `Date` is sent by JSON.stringify as a date-time whatever its format says, so there the tag
 * changes nothing.
 */
function dateWithFormat(shape: DateShape, format: JsonValue, purpose: Purpose): Shape | undefined {
  if (format !== 'date' && format !== 'time' && format !== 'date-time') {
    return undefined;
  }
  if (purpose === 'output' || format === 'date-time') {
    const dateTime: Mutable<DateShape> = { ...shape };
    delete dateTime.format;
    return dateTime;
  }
  return { ...shape, format };
}

/** `@integer` on a number, or on an array of numbers (its elements). */
function integerOf(shape: Shape): Shape | undefined {
  if (shape.kind === 'number') {
    return { ...shape, integer: true };
  }
  if (shape.kind === 'array') {
    const items = nonNullBranch(shape.items);
    const integer = items === undefined ? undefined : integerOf(items);
    if (integer === undefined || integer.kind === 'array') {
      return undefined;
    }
    return { ...shape, items: replaceNonNullBranch(shape.items, integer) };
  }
  return undefined;
}

const kindDescriptions: Readonly<Record<Shape['kind'], string>> = {
  any: 'a value of any type',
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  null: 'null',
  literal: 'a literal',
  enum: 'an enum',
  date: 'a Date',
  url: 'a URL',
  array: 'an array',
  tuple: 'a tuple',
  object: 'an object',
  union: 'a union',
  ref: 'a recursive type',
};

function describeKind(shape: Shape): string {
  return kindDescriptions[shape.kind];
}

// ---------------------------------------------------------------------------------------------

/** The shapes directly inside a shape (not following refs). */
function childrenOf(shape: Shape): readonly Shape[] {
  switch (shape.kind) {
    case 'array':
      return [shape.items];
    case 'tuple':
      return shape.rest === null ? shape.elements : [...shape.elements, shape.rest];
    case 'object':
      return [
        ...shape.properties.map((property) => property.shape),
        ...(shape.additionalProperties === false ? [] : [shape.additionalProperties]),
      ];
    case 'union':
      return shape.members;
    default:
      return [];
  }
}
