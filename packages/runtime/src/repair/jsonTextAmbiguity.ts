import type { ArgumentIssue } from '../errors/ToolFailure.js';
import { escapePointerToken } from '../function/jsonPointer.js';

/*
 * What `JSON.parse` decides silently when a text could mean two things: a key given twice (the
 * last one wins) and a number that no double holds exactly (it is rounded, or underflows to 0).
 * The lenient step refuses such a text rather than guess, so that what a person approves and what
 * the tool runs are one value. This is a scan of token boundaries over text `JSON.parse` already
 * accepted, not a second parser: strings, numbers and the six structural characters are all it meets.
 */

type Frame = { readonly kind: 'object'; readonly pointer: string; readonly keys: Set<string>; key: string | undefined } | { readonly kind: 'array'; readonly pointer: string; index: number };

const numberToken = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const stringToken = /"(?:[^"\\]|\\.)*"/y;

/**
 * The first ambiguity in `text`, which must be JSON that `JSON.parse` accepts, as an argument
 * issue at the JSON Pointer of the value concerned; `undefined` when the text has one reading.
 */
export function jsonTextAmbiguity(text: string): ArgumentIssue | undefined {
  const stack: Frame[] = [];
  const here = (): string => {
    const top = stack.at(-1);
    if (top === undefined) return '';
    return top.kind === 'object' ? `${top.pointer}/${escapePointerToken(top.key ?? '')}` : `${top.pointer}/${top.index}`;
  };
  for (let at = 0; at < text.length; ) {
    const char = text[at]!;
    if (char === '{' || char === '[') {
      const pointer = here();
      stack.push(char === '{' ? { kind: 'object', pointer, keys: new Set(), key: undefined } : { kind: 'array', pointer, index: 0 });
      at += 1;
    } else if (char === '}' || char === ']') {
      stack.pop();
      at += 1;
    } else if (char === ',') {
      const top = stack.at(-1);
      if (top?.kind === 'object') top.key = undefined;
      else if (top?.kind === 'array') top.index += 1;
      at += 1;
    } else if (char === '"') {
      stringToken.lastIndex = at;
      const token = stringToken.exec(text)![0];
      const top = stack.at(-1);
      if (top?.kind === 'object' && top.key === undefined) {
        const key = JSON.parse(token) as string;
        if (top.keys.has(key)) {
          return { pointer: `${top.pointer}/${escapePointerToken(key)}`, message: `is given twice in the JSON text of the arguments; send each key once` };
        }
        top.keys.add(key);
        top.key = key;
      }
      at += token.length;
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      numberToken.lastIndex = at;
      const token = numberToken.exec(text)![0];
      if (!sameDecimal(token, Number(token))) {
        return { pointer: here(), message: `must be a number a double holds exactly; got ${token.length > 40 ? `${token.slice(0, 40)}…` : token}, which would run as ${String(Number(token))}` };
      }
      at += token.length;
    } else {
      at += 1; // white space, `:`, and the letters of true, false and null
    }
  }
  return undefined;
}

/** Whether the decimal `text` denotes exactly the number `value` prints as (so `1.50` is 1.5, but `9007199254740993` is not 9007199254740992). */
export function sameDecimal(text: string, value: number): boolean {
  const written = canonicalDecimal(text);
  return written !== undefined && written === canonicalDecimal(String(value));
}

/** A decimal as sign, significant digits and exponent (`-1.50e2` → `-15e1`); `undefined` for what is not one (`Infinity`). */
function canonicalDecimal(text: string): string | undefined {
  const match = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/.exec(text.trim());
  if (match === null) return undefined;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const significant = `${whole}${fraction}`.replace(/^0+/, '');
  if (significant === '') return '0';
  const digits = significant.replace(/0+$/, '');
  const power = Number(exponent) - fraction.length + (significant.length - digits.length);
  return `${sign}${digits}e${power}`;
}
