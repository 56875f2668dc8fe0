import fc from 'fast-check';

/*
 * ABNF (RFC 5234) read as written in an RFC, for the format oracles: each rule becomes a regular
 * expression, and a fast-check arbitrary deriving strings from it. Covers what the RFCs of the
 * enforced formats use: alternation, concatenation, repetition (`n*m`, `n`), groups, options,
 * case-insensitive quoted strings and `%d`/`%x` values and ranges. Rules may not recurse.
 */

type Node =
  | { readonly kind: 'alternation'; readonly options: readonly Node[] }
  | { readonly kind: 'concatenation'; readonly items: readonly Node[] }
  | { readonly kind: 'repetition'; readonly min: number; readonly max: number; readonly item: Node }
  | { readonly kind: 'rule'; readonly name: string }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'range'; readonly from: number; readonly to: number };

/** RFC 5234 Appendix B.1, the core rules these grammars use. */
const coreRules = `
ALPHA  = %x41-5A / %x61-7A
DIGIT  = %x30-39
HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
DQUOTE = %x22
SP     = %x20
`;

export class Grammar {
  readonly #rules = new Map<string, Node>();
  readonly #patterns = new Map<string, string>();

  /** Reads the rules of `text` (and the core rules): `name = elements`, continued on indented lines, `;` comments. */
  constructor(text: string) {
    for (const source of [coreRules, text]) {
      for (const [name, definition] of splitRules(source)) {
        this.#rules.set(name.toLowerCase(), new Parser(definition).parse());
      }
    }
  }

  /** A regular expression matching exactly the strings of `rule`. */
  regExp(rule: string): RegExp {
    return new RegExp(`^(?:${this.#pattern(rule)})$`);
  }

  /** Strings derived from `rule`: each alternative and repetition count drawn at random (repetitions capped at `most`). */
  arbitrary(rule: string, most = 4): fc.Arbitrary<string> {
    const of = (node: Node): fc.Arbitrary<string> => {
      switch (node.kind) {
        case 'alternation':
          return fc.oneof(...node.options.map(of));
        case 'concatenation':
          return fc.tuple(...node.items.map(of)).map((parts) => parts.join(''));
        case 'repetition':
          return fc.array(of(node.item), { minLength: node.min, maxLength: Math.min(node.max, node.min + most) }).map((parts) => parts.join(''));
        case 'rule':
          return of(this.#rule(node.name));
        case 'text':
          return fc.tuple(...[...node.text].map((char) => fc.constantFrom(char.toLowerCase(), char.toUpperCase()))).map((chars) => chars.join(''));
        case 'range':
          return fc.integer({ min: node.from, max: node.to }).map((code) => String.fromCharCode(code));
      }
    };
    return of(this.#rule(rule));
  }

  #rule(name: string): Node {
    const node = this.#rules.get(name.toLowerCase());
    if (node === undefined) {
      throw new Error(`ABNF: no rule ${name}`);
    }
    return node;
  }

  #pattern(name: string, active: readonly string[] = []): string {
    const key = name.toLowerCase();
    const known = this.#patterns.get(key);
    if (known !== undefined) {
      return known;
    }
    if (active.includes(key)) {
      throw new Error(`ABNF: rule ${name} recurses`);
    }
    const print = (node: Node): string => {
      switch (node.kind) {
        case 'alternation':
          // each distinct option once: "a" and "A" print alike (case-insensitive), and an alternation holding both would
          // backtrack exponentially where a long string fails late (RFC 4122's hexDigit lists both: 7.5 s of one profiled suite run)
          return `(?:${[...new Set(node.options.map(print))].join('|')})`;
        case 'concatenation':
          return node.items.map(print).join('');
        case 'repetition': {
          const count = node.max === Infinity ? `{${node.min},}` : `{${node.min},${node.max}}`;
          return `(?:${print(node.item)})${count}`;
        }
        case 'rule':
          return `(?:${this.#pattern(node.name, [...active, key])})`;
        case 'text':
          // quoted strings are case-insensitive (RFC 5234 §2.3)
          return [...node.text].map((char) => (char.toLowerCase() === char.toUpperCase() ? hex(char.charCodeAt(0)) : `[${char.toUpperCase()}${char.toLowerCase()}]`)).join('');
        case 'range':
          return node.from === node.to ? hex(node.from) : `[${hex(node.from)}-${hex(node.to)}]`;
      }
    };
    const pattern = print(this.#rule(name));
    this.#patterns.set(key, pattern);
    return pattern;
  }
}

function hex(code: number): string {
  return `\\x${code.toString(16).padStart(2, '0')}`;
}

/** `name = definition` pairs; a line starting with white space continues the rule before it. */
function splitRules(text: string): [string, string][] {
  const rules: [string, string][] = [];
  for (const raw of text.split('\n')) {
    const line = stripComment(raw);
    if (line.trim() === '') {
      continue;
    }
    if (/^\s/.test(line)) {
      rules.at(-1)![1] += ` ${line.trim()}`;
      continue;
    }
    const match = /^([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*)$/.exec(line);
    if (match === null) {
      throw new Error(`ABNF: cannot read ${JSON.stringify(raw)}`);
    }
    rules.push([match[1]!, match[2]!]);
  }
  return rules;
}

function stripComment(line: string): string {
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    if (line[index] === '"') {
      quoted = !quoted;
    } else if (line[index] === ';' && !quoted) {
      return line.slice(0, index);
    }
  }
  return line;
}

class Parser {
  readonly #text: string;
  #at = 0;

  constructor(text: string) {
    this.#text = text;
  }

  parse(): Node {
    const node = this.#alternation();
    this.#space();
    if (this.#at !== this.#text.length) {
      throw new Error(`ABNF: unexpected ${JSON.stringify(this.#text.slice(this.#at))}`);
    }
    return node;
  }

  #space(): void {
    while (this.#at < this.#text.length && /\s/.test(this.#text[this.#at]!)) {
      this.#at++;
    }
  }

  #peek(): string | undefined {
    this.#space();
    return this.#text[this.#at];
  }

  #alternation(): Node {
    const options = [this.#concatenation()];
    while (this.#peek() === '/') {
      this.#at++;
      options.push(this.#concatenation());
    }
    return options.length === 1 ? options[0]! : { kind: 'alternation', options };
  }

  #concatenation(): Node {
    const items: Node[] = [];
    for (let next = this.#peek(); next !== undefined && next !== '/' && next !== ')' && next !== ']'; next = this.#peek()) {
      items.push(this.#repetition());
    }
    if (items.length === 0) {
      throw new Error(`ABNF: empty sequence at ${JSON.stringify(this.#text.slice(this.#at))}`);
    }
    return items.length === 1 ? items[0]! : { kind: 'concatenation', items };
  }

  #repetition(): Node {
    this.#space();
    const repeat = /^(\d*)(\*?)(\d*)/.exec(this.#text.slice(this.#at))!;
    this.#at += repeat[0].length;
    const item = this.#element();
    if (repeat[0] === '') {
      return item;
    }
    if (repeat[2] === '') {
      const count = Number(repeat[1]);
      return { kind: 'repetition', min: count, max: count, item };
    }
    return { kind: 'repetition', min: repeat[1] === '' ? 0 : Number(repeat[1]), max: repeat[3] === '' ? Infinity : Number(repeat[3]), item };
  }

  #element(): Node {
    const next = this.#peek();
    const rest = this.#text.slice(this.#at);
    if (next === '(' || next === '[') {
      this.#at++;
      const inner = this.#alternation();
      const close = next === '(' ? ')' : ']';
      if (this.#peek() !== close) {
        throw new Error(`ABNF: missing ${close}`);
      }
      this.#at++;
      return next === '(' ? inner : { kind: 'repetition', min: 0, max: 1, item: inner };
    }
    if (next === '"') {
      const end = this.#text.indexOf('"', this.#at + 1);
      const text = this.#text.slice(this.#at + 1, end);
      this.#at = end + 1;
      return { kind: 'text', text };
    }
    const number = /^%([dx])([0-9A-Fa-f]+)((?:\.[0-9A-Fa-f]+)+|-[0-9A-Fa-f]+)?/.exec(rest);
    if (number !== null) {
      this.#at += number[0].length;
      const radix = number[1] === 'd' ? 10 : 16;
      const first = parseInt(number[2]!, radix);
      const tail = number[3];
      if (tail === undefined) {
        return { kind: 'range', from: first, to: first };
      }
      if (tail.startsWith('-')) {
        return { kind: 'range', from: first, to: parseInt(tail.slice(1), radix) };
      }
      const codes = [first, ...tail.slice(1).split('.').map((each) => parseInt(each, radix))];
      return { kind: 'concatenation', items: codes.map((code) => ({ kind: 'range', from: code, to: code })) };
    }
    const name = /^[A-Za-z][A-Za-z0-9-]*/.exec(rest);
    if (name !== null) {
      this.#at += name[0].length;
      return { kind: 'rule', name: name[0] };
    }
    throw new Error(`ABNF: cannot read ${JSON.stringify(rest)}`);
  }
}
