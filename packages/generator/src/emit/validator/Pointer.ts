import { helper } from './helperUses.js';
import { escapePointerToken, quote } from './literals.js';

type Part = { readonly text: string } | { readonly expression: string };

/**
 * A JSON Pointer as emitted code builds it: fixed tokens known when generating, array indexes
 * and map keys known at run time. Rendered only where an issue is pushed, so building it costs
 * nothing on the happy path.
 */
export class Pointer {
  static readonly root = new Pointer([], 0);

  readonly #parts: readonly Part[];
  /** How many reference tokens the pointer has: how many objects and arrays enclose the value. */
  readonly depth: number;

  private constructor(parts: readonly Part[], depth: number) {
    this.#parts = parts;
    this.depth = depth;
  }

  get isRoot(): boolean {
    return this.#parts.length === 0;
  }

  /** A declared property: its name, escaped now. */
  property(name: string): Pointer {
    return new Pointer([...this.#parts, { text: `/${escapePointerToken(name)}` }], this.depth + 1);
  }

  /** An array element; `index` is a number-valued expression. */
  index(index: string): Pointer {
    return new Pointer([...this.#parts, { text: '/' }, { expression: index }], this.depth + 1);
  }

  /** A map entry; `key` is a string-valued expression, escaped at run time. */
  key(key: string): Pointer {
    return new Pointer([...this.#parts, { text: '/' }, { expression: `${helper('__toolgenEscape')}(${key})` }], this.depth + 1);
  }

  /** A string expression: `'/filter/status'`, `'/tags/' + i_tags`. */
  render(): string {
    const operands: string[] = [];
    let text = '';
    for (const part of this.#parts) {
      if ('text' in part) {
        text += part.text;
      } else {
        operands.push(quote(text), part.expression);
        text = '';
      }
    }
    if (text !== '' || operands.length === 0) {
      operands.push(quote(text));
    }
    return operands.join(' + ');
  }
}
