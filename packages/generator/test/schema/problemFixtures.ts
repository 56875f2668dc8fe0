/** What a problem must say: exactly where and which type, and words that make the reason and fix specific. */
export interface WantedProblem {
  readonly pointer: string;
  readonly typeText: string;
  readonly reason: RegExp;
  readonly fix: RegExp;
}

/** A type toolgen cannot represent, with the problems it must report; docs/schema.md lists these too. */
export interface ProblemFixture {
  readonly name: string;
  readonly source: string;
  readonly purpose?: 'input' | 'output';
  readonly want: readonly WantedProblem[];
}

export const problemFixtures: readonly ProblemFixture[] = [
  {
    name: 'a function as the whole value',
    source: 'export type Subject = (x: number) => string;',
    want: [{ pointer: '', typeText: 'Subject', reason: /function has no JSON form/, fix: /keep the function in code/ }],
  },
  {
    name: 'a function-typed member and an interface method, as input',
    source: 'export interface Subject { name: string; onDone: () => void; run(): void }',
    want: [
      { pointer: '/onDone', typeText: '() => void', reason: /function/, fix: /string literal union or an enum/ },
      { pointer: '/run', typeText: '() => void', reason: /function/, fix: /string literal union or an enum/ },
    ],
  },
  {
    name: 'typeof a class: the class itself, not an instance',
    source: 'class Ticket { id = 1; }\nexport interface Subject { kind: typeof Ticket }',
    want: [{ pointer: '/kind', typeText: 'typeof Ticket', reason: /the class Ticket itself/, fix: /write Ticket for an instance/ }],
  },
  {
    name: 'the Function type',
    source: 'export interface Subject { handler: Function }',
    want: [{ pointer: '/handler', typeText: 'Function', reason: /function has no JSON form/, fix: /keep the function in code/ }],
  },
  {
    name: 'a function inside an output array is not dropped',
    purpose: 'output',
    source: 'export interface Subject { steps: (() => void)[] }',
    want: [{ pointer: '/steps/*', typeText: '() => void', reason: /JSON\.stringify drops it/, fix: /return the data/ }],
  },
  {
    name: 'symbol and unique symbol',
    source: 'declare const tag: unique symbol;\nexport interface Subject { key: symbol; tag: typeof tag }',
    want: [
      { pointer: '/key', typeText: 'symbol', reason: /symbol has no JSON form/, fix: /string/ },
      { pointer: '/tag', typeText: 'typeof tag', reason: /symbol has no JSON form/, fix: /string/ },
    ],
  },
  {
    name: 'a case type of the lib (Uppercase<string>), alone, in a template literal type, or as a map\'s keys',
    source: 'export interface Subject { code: Uppercase<string>; key: `id-${Lowercase<string>}`; plain: `id-${string}`; cased: Record<Capitalize<string>, number> }',
    want: [
      { pointer: '/code', typeText: 'Uppercase<string>', reason: /cannot say a case rule \(Uppercase\)/, fix: /@pattern the values must match \(such as "\^\[A-Z0-9_\]\+\$"\)/ },
      { pointer: '/key', typeText: '`id-${Lowercase<string>}`', reason: /case rule \(Lowercase\)/, fix: /such as "\^\[a-z0-9_\]\+\$"/ },
      { pointer: '/cased/*', typeText: 'Capitalize<string>', reason: /case rule \(Capitalize\)/, fix: /such as "\^\[A-Z\]"/ },
    ],
  },
  {
    name: 'a @default its member\'s schema does not take',
    source: `/** @minimum 1 */
    type Size = number;
    export interface Subject {
      /** @default 5 */
      label?: string;
      /** @default 0 */
      size?: Size;
      /** @default "ok" */
      fine?: string | null;
    }`,
    want: [
      { pointer: '/label', typeText: 'string | undefined', reason: /^@default 5: must be a string, not 5$/, fix: /change @default to a value its type and tags allow/ },
      { pointer: '/size', typeText: 'number | undefined', reason: /^@default 0: must be at least 1$/, fix: /change @default/ },
    ],
  },
  {
    name: 'a keyword tag other than @pattern on the alias of a map\'s keys',
    source: `/** @minLength 3 */
    type Name = string;
    export interface Subject { byName: Record<Name, number> }`,
    want: [{ pointer: '/byName/*', typeText: 'Record<string, number>', reason: /@minLength on the alias of its keys cannot apply to a map's keys: only @pattern does/, fix: /as a @pattern/ }],
  },
  {
    name: 'bigint and a bigint literal',
    source: 'export interface Subject { big: bigint; ten: 10n }',
    want: [
      { pointer: '/big', typeText: 'bigint', reason: /no bigint/, fix: /number, or a decimal string/ },
      { pointer: '/ten', typeText: '10n', reason: /no bigint/, fix: /number, or a decimal string/ },
    ],
  },
  {
    name: 'Map and WeakMap',
    source: 'export interface Subject { counts: Map<string, number>; cache: WeakMap<object, string> }',
    want: [
      { pointer: '/counts', typeText: 'Map<string, number>', reason: /Map has no JSON form/, fix: /Record<string, number> or an array of \[key, value\] pairs/ },
      { pointer: '/cache', typeText: 'WeakMap<object, string>', reason: /Map has no JSON form/, fix: /Record<string, string>/ },
    ],
  },
  {
    name: 'Set and WeakSet',
    source: 'export interface Subject { tags: Set<string>; seen: ReadonlySet<number>; weak: WeakSet<object> }',
    want: [
      { pointer: '/tags', typeText: 'Set<string>', reason: /Set has no JSON form/, fix: /an array \(string\[\]\)/ },
      { pointer: '/seen', typeText: 'ReadonlySet<number>', reason: /Set has no JSON form/, fix: /an array \(number\[\]\)/ },
      { pointer: '/weak', typeText: 'WeakSet<object>', reason: /Set has no JSON form/, fix: /an array/ },
    ],
  },
  {
    name: 'an Iterable in a result',
    purpose: 'output',
    source: 'export interface Subject { tags: Iterable<string> }',
    want: [{ pointer: '/tags', typeText: 'Iterable<string>', reason: /Iterable result may be a Set/, fix: /return an array \(string\[\]\)/ }],
  },
  {
    name: 'a Promise as input',
    source: 'export function subject(value: Promise<number>): void { void value; }',
    want: [{ pointer: '', typeText: 'Promise<number>', reason: /input cannot be a Promise/, fix: /take the resolved value \(number\) and await/ }],
  },
  {
    name: 'a Promise inside a result',
    purpose: 'output',
    source: 'export interface Subject { later: Promise<string> }',
    want: [{ pointer: '/later', typeText: 'Promise<string>', reason: /Promise inside a result/, fix: /await it before returning/ }],
  },
  {
    name: 'never and void members',
    source: 'export interface Subject { impossible: never; nothing: void }',
    want: [
      { pointer: '/impossible', typeText: 'never', reason: /never has no values/, fix: /concrete type/ },
      { pointer: '/nothing', typeText: 'void', reason: /void inside a value/, fix: /null/ },
    ],
  },
  {
    // TypeScript reduces them to never, and their properties to none: they were an object that takes only {}
    name: 'an intersection whose members conflict (the same discriminant with two values), alone or nested',
    source: `interface Cat { kind: 'cat'; lives: number }
      export interface Subject { clash: { a: 'x' } & { a: 'y' }; pet: Cat & { kind: 'dog' }; nested: { inner: { on: true } & { on: false } } }`,
    want: [
      { pointer: '/clash', typeText: 'never', reason: /conflict.*reduces it to never/, fix: /one type/ },
      { pointer: '/pet', typeText: 'never', reason: /conflict.*reduces it to never/, fix: /one type/ },
      { pointer: '/nested/inner', typeText: 'never', reason: /conflict.*reduces it to never/, fix: /one type/ },
    ],
  },
  {
    // one additionalProperties for every other key: it took { "1": 5 } for the first, and checked "x1" against string
    name: 'index signatures whose values differ, in one object or an intersection',
    source: `export interface Subject {
        byKind: { [key: string]: number; [index: number]: 1 };
        tagged: { [key: string]: number } & { [key: \`x\${string}\`]: 1 };
        mixed: { [index: number]: string; [key: \`x\${number}\`]: number };
      }`,
    want: [
      { pointer: '/byKind/*', typeText: '{ [key: string]: number; [index: number]: 1; }', reason: /\(string keys: number; number keys: 1\)/, fix: /one index signature/ },
      { pointer: '/tagged/*', typeText: '{ [key: string]: number; } & { [key: `x${string}`]: 1; }', reason: /different types/, fix: /one index signature/ },
      { pointer: '/mixed/*', typeText: '{ [index: number]: string; [key: `x${number}`]: number; }', reason: /different types/, fix: /one index signature/ },
    ],
  },
  {
    name: 'a class instance with private, protected and #private members',
    source: `class Account { private secret = ''; protected level = 1; #token = ''; id = ''; read() { return this.#token; } }
      export interface Subject { account: Account }`,
    want: [
      {
        pointer: '/account',
        typeText: 'Account',
        reason: /class instance with private state \(secret, level, #token\)/,
        fix: /interface or a type alias of its public data/,
      },
    ],
  },
  {
    name: 'private state from a constructor parameter property or a private method',
    source: `export class Subject { constructor(private readonly store: string[]) {} private flush(): void {} name = '' }`,
    want: [{ pointer: '', typeText: 'Subject', reason: /private state \(store, flush\)/, fix: /make those members public/ }],
  },
  {
    name: 'undefined at the root of an input',
    source: 'export function subject(value: string | undefined): void { void value; }',
    want: [{ pointer: '', typeText: 'string | undefined', reason: /JSON has no undefined/, fix: /null/ }],
  },
  {
    name: 'undefined as an array element of an input',
    source: 'export interface Subject { names: (string | undefined)[] }',
    want: [{ pointer: '/names/*', typeText: 'string | undefined', reason: /array element cannot be left out/, fix: /use null/ }],
  },
  {
    name: 'RegExp, Error and an Error subclass',
    source: `class NotFound extends Error {}
      export interface Subject { pattern: RegExp; error: Error; missing: NotFound }`,
    want: [
      { pointer: '/pattern', typeText: 'RegExp', reason: /RegExp has no JSON form/, fix: /source/ },
      { pointer: '/error', typeText: 'Error', reason: /Error has no JSON form/, fix: /message as a string/ },
      { pointer: '/missing', typeText: 'NotFound', reason: /Error has no JSON form/, fix: /message as a string/ },
    ],
  },
  {
    name: 'an Error in a result',
    purpose: 'output',
    source: 'export interface Subject { failure: Error | null }',
    want: [{ pointer: '/failure', typeText: 'Error', reason: /Error has no JSON form/, fix: /ToolFailure/ }],
  },
  {
    name: 'typed arrays and ArrayBuffer',
    source: 'export interface Subject { bytes: Uint8Array; buffer: ArrayBuffer; view: DataView }',
    want: [
      { pointer: '/bytes', typeText: 'Uint8Array<ArrayBufferLike>', reason: /binary data/, fix: /base64/ },
      { pointer: '/buffer', typeText: 'ArrayBuffer', reason: /binary data/, fix: /base64/ },
      { pointer: '/view', typeText: 'DataView<ArrayBufferLike>', reason: /binary data/, fix: /base64/ },
    ],
  },
  {
    name: 'a type parameter',
    source: 'export function subject<T>(value: T): void { void value; }',
    want: [{ pointer: '', typeText: 'T', reason: /type parameter has no fixed shape/, fix: /concrete type/ }],
  },
  {
    name: 'a rest element before other elements',
    source: 'export type Subject = [...string[], number];',
    want: [{ pointer: '', typeText: 'Subject', reason: /rest element followed by other elements/, fix: /rest element last/ }],
  },
  {
    name: 'problems deep in a recursive type and in a union, in discovery order',
    source: `interface Node { children: Node[]; meta: Map<string, string> }
      export interface Subject { root: Node; when: Date | bigint }`,
    want: [
      { pointer: '/root/meta', typeText: 'Map<string, string>', reason: /Map/, fix: /Record<string, string>/ },
      { pointer: '/when', typeText: 'bigint', reason: /bigint/, fix: /decimal string/ },
    ],
  },
  {
    name: 'one problem per pointer',
    source: 'export interface Subject { either: Map<string, number> | Set<string> }',
    want: [{ pointer: '/either', typeText: 'Map<string, number>', reason: /Map/, fix: /Record<string, number>/ }],
  },
  {
    name: 'member names are escaped in pointers',
    source: "export interface Subject { 'a/b~c': { inner: symbol } }",
    want: [{ pointer: '/a~1b~0c/inner', typeText: 'symbol', reason: /symbol/, fix: /string/ }],
  },
  {
    name: 'TSDoc tags that do not parse or do not fit',
    source: `export interface Subject {
      /** @minimum abc */
      low: number;
      /** @minLength 3 */
      count: number;
      /** @pattern ([a-z] */
      code: string;
      /** @asType float */
      ratio: number;
      /** @maxItems -1 */
      tags: string[];
      /** @minimum 1 */
      either: string | number;
      /** @format */
      email: string;
      /** @integer */
      name: string;
    }`,
    want: [
      { pointer: '/low', typeText: 'number', reason: /@minimum takes a number, but got "abc"/, fix: /@minimum 0/ },
      { pointer: '/count', typeText: 'number', reason: /@minLength does not apply to a number/, fix: /which applies to strings; for a number use @minimum, @maximum/ },
      { pointer: '/code', typeText: 'string', reason: /@pattern "\(\[a-z\]" is not a valid regular expression/, fix: /compiles with the "u" flag/ },
      { pointer: '/ratio', typeText: 'number', reason: /@asType "float" is not supported/, fix: /@asType integer/ },
      { pointer: '/tags', typeText: 'string[]', reason: /@maxItems takes a non-negative integer, but got "-1"/, fix: /whole number/ },
      { pointer: '/either', typeText: 'string | number', reason: /@minimum does not apply to a union/, fix: /which applies to numbers; keywords apply to one type/ },
      { pointer: '/email', typeText: 'string', reason: /@format has no value/, fix: /@format email/ },
      { pointer: '/name', typeText: 'string', reason: /@integer does not apply to a string/, fix: /which applies to numbers and arrays of numbers; for a string use @minLength/ },
    ],
  },
  {
    name: 'a @pattern tag on a template literal type, whose own pattern it would replace (a schema taking strings the type does not)',
    source: `/** @pattern ^[a-z-]+$ */
    type Header = \`x-\${string}\`;
    export interface Subject {
      header: Header;
      /** @pattern ^v[0-9]+$ */
      version?: \`v\${number}\` | null;
      /** @maxLength 20 */
      other: \`x-\${string}\`;
    }`,
    want: [
      { pointer: '/header', typeText: '`x-${string}`', reason: /@pattern would replace the pattern of the template literal type \(\^x-\[\\s\\S\]\*\$\)/, fix: /one @pattern that says both/ },
      { pointer: '/version', typeText: '`v${number}` | null | undefined', reason: /@pattern would replace the pattern of the template literal type/, fix: /remove @pattern/ },
    ],
  },
];
