/*
 * The type host: what toolgen's analysis asks of a TypeScript compiler, and nothing more. Schema
 * derivation (`schema/derive`, `schema/tsdoc`) depends on this interface alone; a backend
 * (`backends/ts6`, `backends/ts7`) implements it on one compiler. The semantics are the ones both
 * compilers can meet:
 *
 * - types, symbols and type nodes are opaque handles: a backend returns the same handle for the
 *   same compiler object, so handles can key a `Map`;
 * - documentation is strings, never display parts;
 * - a union's members, a reference's type arguments and a class's bases are calls, never fields;
 * - an enum's values come from the host, in declaration order;
 * - type nodes are seen through `TypeNodeView`, a closed set of the forms the derivation reads.
 *
 * Every operation answers for one type, but returns everything the derivation reads of it at once
 * (a property comes with its type, optionality and declaration), so a backend that talks to its
 * compiler over a connection can answer each call with one batched request.
 */

declare const typeBrand: unique symbol;
declare const symbolBrand: unique symbol;
declare const typeNodeBrand: unique symbol;

/** A compiler's type. */
export interface HostType {
  readonly [typeBrand]: 'HostType';
}

/** A compiler's symbol: a declared name. */
export interface HostSymbol {
  readonly [symbolBrand]: 'HostSymbol';
}

/** A compiler's type node: a type as written in the source. */
export interface HostTypeNode {
  readonly [typeNodeBrand]: 'HostTypeNode';
}

/**
 * Type flags. The values are TypeScript's own `TypeFlags`, which TypeScript 6 and 7 share (each
 * backend checks that at start-up), so a backend hands its compiler's flags through unchanged.
 */
export const TypeFlag = {
  Any: 1,
  Unknown: 2,
  Undefined: 4,
  Null: 8,
  Void: 16,
  String: 32,
  Number: 64,
  BigInt: 128,
  Boolean: 256,
  ESSymbol: 512,
  StringLiteral: 1024,
  NumberLiteral: 2048,
  BigIntLiteral: 4096,
  BooleanLiteral: 8192,
  UniqueESSymbol: 16384,
  EnumLiteral: 32768,
  Enum: 65536,
  NonPrimitive: 131072,
  Never: 262144,
  TypeParameter: 524288,
  Object: 1048576,
  TemplateLiteral: 4194304,
  StringMapping: 8388608,
  Union: 134217728,
  Intersection: 268435456,
} as const;

export type TypeFlagName = keyof typeof TypeFlag;

/** `bigint` and its literals. */
export const bigIntLike = TypeFlag.BigInt | TypeFlag.BigIntLiteral;
/** `symbol` and `unique symbol`. */
export const esSymbolLike = TypeFlag.ESSymbol | TypeFlag.UniqueESSymbol;

/** A doc comment as written (`/** … *\/`): its text, and where it starts in its file. */
export interface HostDocComment {
  readonly text: string;
  readonly file: string;
  readonly start: number;
}

/** One property of an object type, as the derivation reads it. */
export interface HostProperty {
  readonly symbol: HostSymbol;
  /** The name as written: `#x` for a private name, the key's text for a computed `[key]`. */
  readonly name: string;
  /** The property's type (for an optional property, with its `undefined`). */
  readonly type: HostType;
  /** The type node it is declared with, when it is a property signature, declaration or parameter property. */
  readonly typeNode: HostTypeNode | undefined;
  /** Declared `?` (or a mapped type's optional member). */
  readonly optional: boolean;
  /** `private`, `protected` or `#private`. */
  readonly hidden: boolean;
  /** A class's method or accessor: it lives on the prototype, not in the instance's JSON. */
  readonly classBehaviour: boolean;
  /** Keyed by a symbol (`[Symbol.iterator]`): JSON keys are strings. */
  readonly symbolKeyed: boolean;
  /**
   * Where it is declared, for ordering a mapped type's members: the file, and an index that grows
   * with the position in it. None for a member a mapped type makes from a literal key (`Record<'a' | 'b', T>`).
   */
  readonly declaredAt: { readonly file: string; readonly index: number } | undefined;
}

/** One index signature: `[key: string]: T`. */
export interface HostIndexInfo {
  readonly keyType: HostType;
  readonly valueType: HostType;
  /** The value type as its index signature writes it (`Votes` of `[label: string]: Votes`); none for a mapped type's (`Record<K, V>`). */
  readonly valueTypeNode: HostTypeNode | undefined;
}

/** One element of a tuple: its type (undefined when the compiler gives none) and its kind. */
export interface HostTupleElement {
  readonly type: HostType | undefined;
  readonly kind: 'required' | 'optional' | 'rest' | 'variadic';
}

export interface HostTuple {
  readonly elements: readonly HostTupleElement[];
  /** How many elements are required. */
  readonly minLength: number;
}

/** A template literal type `` `a${number}b` ``: `texts` has one more entry than `types`. */
export interface HostTemplate {
  readonly texts: readonly string[];
  readonly types: readonly HostType[];
}

/** The forms of a type node the derivation reads: for union order, element nodes, and what a reference names. */
export type TypeNodeView =
  /** `(T)`, and `readonly T[]` / `readonly [A, B]`, whose `readonly` JSON does not have. */
  | { readonly kind: 'parenthesized'; readonly inner: HostTypeNode }
  | { readonly kind: 'union'; readonly members: readonly HostTypeNode[] }
  | { readonly kind: 'intersection'; readonly members: readonly HostTypeNode[] }
  | { readonly kind: 'array'; readonly element: HostTypeNode }
  | { readonly kind: 'reference'; readonly name: string; readonly typeArguments: readonly HostTypeNode[] }
  /** `[A, B?, ...C[]]`: each element's type as written (a rest element's is its array type `C[]`). */
  | { readonly kind: 'tuple'; readonly elements: readonly HostTypeNode[] }
  /** `{ …; [key: string]: V }`: the value type of its index signature (the one keyed by strings, when it has several). */
  | { readonly kind: 'typeLiteral'; readonly indexValue: HostTypeNode | undefined }
  /** `{ [K in Keys]: Template }`: the name of its key parameter, and its template as written (none when left out). */
  | { readonly kind: 'mapped'; readonly key: string; readonly template: HostTypeNode | undefined }
  /** `T[K]`: the object and the index as written. */
  | { readonly kind: 'indexedAccess'; readonly object: HostTypeNode; readonly index: HostTypeNode }
  /** `keyof T`: its keys are written in the order `T` declares its properties. */
  | { readonly kind: 'keyof'; readonly target: HostTypeNode }
  | { readonly kind: 'undefined' }
  | { readonly kind: 'null' }
  | { readonly kind: 'other' };

export interface TypeHost {
  /** The type's `TypeFlag` bits. */
  flags(type: HostType): number;
  /** The checker's error type: a reference that did not resolve (printed as `any`). */
  isErrorType(type: HostType): boolean;
  /** The type as the checker prints it, never truncated. */
  text(type: HostType): string;
  /** The type's own symbol (`Date`, an interface, a class), if any. */
  symbolOf(type: HostType): HostSymbol | undefined;
  /** The symbol of the alias the type was written through (`type Status = …`), if any. */
  aliasSymbolOf(type: HostType): HostSymbol | undefined;
  /** A union's or an intersection's members, in the compiler's order; `[]` for any other type. */
  constituents(type: HostType): readonly HostType[];
  /** A string, number or boolean literal's value; undefined for any other type. */
  literalValue(type: HostType): string | number | boolean | undefined;
  /** A TS enum's member values in declaration order; undefined when a member is not a string or number literal. */
  enumValues(type: HostType): readonly (string | number)[] | undefined;
  isArray(type: HostType): boolean;
  isTuple(type: HostType): boolean;
  /** A type reference's type arguments (`Map<K, V>` → `[K, V]`); `[]` for any other type. */
  typeArguments(type: HostType): readonly HostType[];
  /** A tuple's elements and required length (only for `isTuple` types). */
  tuple(type: HostType): HostTuple;
  /** A template literal type's texts and spans (only for `TemplateLiteral` types). */
  template(type: HostType): HostTemplate;
  /** An object type's properties, in declaration order (a mapped type's over keys in the compiler's order of its keys: see `isMappedOverKeys`). */
  properties(type: HostType): readonly HostProperty[];
  /**
   * A mapped type whose members come from a union of keys (`Pick<T, K>`, `Omit<T, K>`,
   * `Record<K, T>`), in the compiler's order of that union; not a homomorphic one
   * (`Partial<T>`, `[P in keyof T]`), whose members come in `T`'s order.
   */
  isMappedOverKeys(type: HostType): boolean;
  /**
   * A homomorphic mapped type's source, read from its `T[K]` template (`Partial<T>`,
   * `{ [K in keyof T]?: T[K] }` → `T`): its members come in `T`'s order. Undefined for any other type.
   */
  mappedSource(type: HostType): HostType | undefined;
  /** The `{ [K in …]: … }` node that declares a mapped type (the lib's for `Partial<T>`, `Record<K, T>`); undefined for any other type. */
  mappedDeclaration(type: HostType): HostTypeNode | undefined;
  indexInfos(type: HostType): readonly HostIndexInfo[];
  /** Whether the type has call (or construct) signatures. */
  hasSignatures(type: HostType, kind: 'call' | 'construct'): boolean;
  /** A class's or interface's base types (through a reference to a generic one); `[]` for any other type. */
  baseTypes(type: HostType): readonly HostType[];
  /** The `null` type. */
  nullType(): HostType;

  symbolName(symbol: HostSymbol): string;
  /** Whether the symbol declares a class. */
  isClass(symbol: HostSymbol): boolean;
  /** Whether the symbol is the global type of its name (the lib's, merged with global augmentations), not a user's own `Date`. */
  isGlobalType(symbol: HostSymbol): boolean;
  /**
   * The doc comment of the first of the symbol's declarations that has one: the last `/** … *\/`
   * before the declaration (before its statement, for a variable), as written. `schema/tsdoc`
   * reads it as TSDoc.
   */
  docComment(symbol: HostSymbol): HostDocComment | undefined;

  typeNode(node: HostTypeNode): TypeNodeView;
  /** The type node's source text. */
  typeNodeText(node: HostTypeNode): string;
  typeFromNode(node: HostTypeNode): HostType;
  /** The type node of the non-generic alias a type was written through (`type Status = 'open' | 'closed'`). */
  aliasTypeNode(type: HostType): HostTypeNode | undefined;
  /** The type node a non-generic type alias is declared as (`type Page = PageNumber` → `PageNumber`); none for any other symbol. */
  aliasDeclaredTypeNode(symbol: HostSymbol): HostTypeNode | undefined;
  /** The type node a generic type alias is declared as (`type Maybe<T> = T | null` → `T | null`); none for any other symbol. */
  genericAliasDeclaredTypeNode(symbol: HostSymbol): HostTypeNode | undefined;
  /**
   * The declared symbol a `reference` type node names (`Priority` → `type Priority`), through
   * import aliases; none for the lib's own types, whose docs are about JavaScript, not the
   * user's data.
   */
  referencedSymbol(node: HostTypeNode): HostSymbol | undefined;
  /** The names of the type parameters a generic interface, class or type alias declares (`T` of `Page<T>`); `[]` for any other symbol. */
  typeParameterNames(symbol: HostSymbol): readonly string[];
  /** The default of each of a declared generic's type parameters as written (`interface Page<T = Votes>` → `Votes`), in order; none for one without. */
  typeParameterDefaults(symbol: HostSymbol): readonly (HostTypeNode | undefined)[];
  /**
   * The interface, class or type alias whose declaration holds a type node (the innermost), where the type parameters it
   * names are declared: `Page` for the `T[]` of `interface Page<T> { items: T[] }`; none for a node outside any.
   */
  declarationOf(node: HostTypeNode): HostSymbol | undefined;
  /**
   * What a declared interface or class extends, as its `extends` clauses write it: each base's declared symbol (through
   * import aliases) and its type arguments (`interface CodePage extends Page<Code>` → `Page`, `[Code]`); not the lib's
   * types, nor a base that is an expression (a mixin's call).
   */
  heritage(symbol: HostSymbol): readonly HostHeritage[];
}

/** One base of an interface or a class, as its `extends` clause writes it. */
export interface HostHeritage {
  readonly symbol: HostSymbol;
  readonly typeArguments: readonly HostTypeNode[];
}

/** Whether `type` carries any of `flags`. */
export function hasFlag(host: TypeHost, type: HostType, flags: number): boolean {
  return (host.flags(type) & flags) !== 0;
}
