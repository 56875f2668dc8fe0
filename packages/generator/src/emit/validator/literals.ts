/** A single-quoted TypeScript string literal for `text`. */
export function quote(text: string): string {
  let out = "'";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === "'" || char === '\\') {
      out += `\\${char}`;
    } else if (char === '\n') {
      out += '\\n';
    } else if (char === '\r') {
      out += '\\r';
    } else if (char === '\t') {
      out += '\\t';
    } else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029 || (code >= 0xd800 && code <= 0xdfff)) {
      out += `\\u${code.toString(16).padStart(4, '0')}`;
    } else {
      out += char;
    }
  }
  return `${out}'`;
}

/** `value` as it reads in a message: JSON (`"open"`, `42`, `true`). */
export function jsonText(value: string | number | boolean): string {
  return JSON.stringify(value);
}

/** One RFC 6901 reference token: `~` → `~0`, `/` → `~1`. */
export function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** `text` reduced to identifier characters (`a-b` → `a_b`); never empty. */
export function identifierPart(text: string): string {
  const part = text.replace(/[^A-Za-z0-9_]+/g, '_');
  return part === '' ? '_' : part;
}

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function isIdentifier(text: string): boolean {
  return identifier.test(text);
}

/** Joins words as a list: `a`, `a or b`, `a, b or c`. */
export function orList(words: readonly string[]): string {
  if (words.length <= 1) {
    return words[0] ?? '';
  }
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)!}`;
}
