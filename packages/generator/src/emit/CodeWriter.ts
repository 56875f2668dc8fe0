/** One `if` / `else if` / `else` branch; a `null` condition is the final `else`. */
export interface Branch {
  readonly condition: string | null;
  readonly body: () => void;
}

/** One written line: its text without indentation, and how many levels deep it is. */
export interface Line {
  readonly depth: number;
  readonly text: string;
}

/**
 * Writes TypeScript source line by line, two spaces per level, with `\n` between lines and none
 * after the last; an empty line gets no indentation. Blocks, branch chains and brackets open and
 * close through the writer, so printers never count braces or spaces.
 *
 * ```ts
 * writer.block('if (ok)', () => writer.line('return;'));
 * writer.toString(); // 'if (ok) {\n  return;\n}'
 * ```
 */
export class CodeWriter {
  #lines: Line[] = [];
  #depth = 0;

  /** Writes one line at the current depth; `text` holds no newline (see `lines`). */
  line(text: string): this {
    this.#lines.push({ depth: this.#depth, text });
    return this;
  }

  /** Writes each line of `text` at the current depth, as `line` would. */
  lines(text: string): this {
    for (const line of text.split('\n')) {
      this.#lines.push({ depth: this.#depth, text: line });
    }
    return this;
  }

  /** Writes an empty line, unless the output is empty or already ends with one. */
  blankLine(): this {
    const last = this.#lines.at(-1);
    if (last !== undefined && last.text !== '') {
      this.#lines.push({ depth: 0, text: '' });
    }
    return this;
  }

  /** Writes `open`, the body one level deeper, then `close`: `enclose('f({', '}),', body)`. */
  enclose(open: string, close: string, body: () => void): this {
    this.line(open);
    this.#indented(body);
    return this.line(close);
  }

  /** Writes `head {`, the body one level deeper, then `}`. */
  block(head: string, body: () => void): this {
    return this.enclose(`${head} {`, '}', body);
  }

  /** Writes `try {`, `body` one level deeper, `} catch (binding) {`, `handler` one level deeper, then `}`. */
  tryCatch(body: () => void, binding: string, handler: () => void): this {
    this.line('try {');
    this.#indented(body);
    this.line(`} catch (${binding}) {`);
    this.#indented(handler);
    return this.line('}');
  }

  /**
   * Writes an `if` chain. A final `else` whose body writes nothing is dropped; a chain that
   * starts with an `else` is just its body; an empty chain writes nothing.
   */
  branches(branches: readonly Branch[]): this {
    if (branches[0]?.condition === null) {
      branches[0].body();
      return this;
    }
    const printed = branches.map((branch) => ({ condition: branch.condition, lines: this.#capture(branch.body) }));
    while (printed.length > 0 && printed.at(-1)!.condition === null && printed.at(-1)!.lines.length === 0) {
      printed.pop();
    }
    const last = printed.at(-1);
    const chained = last !== undefined && last.condition === null && printed.length > 1 ? asSingleIf(last.lines) : undefined;
    printed.forEach((branch, index) => {
      if (branch === last && chained !== undefined) {
        // `else { if … }` reads as `else if …`
        this.line(`} else ${chained[0]!.text}`);
        this.#lines.push(...chained.slice(1));
        return;
      }
      const keyword = branch.condition === null ? 'else' : index === 0 ? `if (${branch.condition})` : `else if (${branch.condition})`;
      this.line(index === 0 ? `${keyword} {` : `} ${keyword} {`);
      this.#lines.push(...branch.lines);
    });
    if (printed.length > 0 && chained === undefined) {
      this.line('}');
    }
    return this;
  }

  /** Runs `body` (one level deeper when `indented`) and returns what it wrote, without writing it. */
  capture(body: () => void, indented = false): readonly Line[] {
    return indented ? this.#capture(body) : this.#captureFlat(body);
  }

  /** Writes lines captured earlier, at the depths they were captured at. */
  append(lines: readonly Line[]): this {
    this.#lines.push(...lines);
    return this;
  }

  toString(): string {
    return this.#lines.map((line) => (line.text === '' ? '' : `${'  '.repeat(line.depth)}${line.text}`)).join('\n');
  }

  #indented(body: () => void): void {
    this.#depth++;
    try {
      body();
    } finally {
      this.#depth--;
    }
  }

  #capture(body: () => void): Line[] {
    return this.#captureFlat(() => this.#indented(body));
  }

  #captureFlat(body: () => void): Line[] {
    const saved = this.#lines;
    this.#lines = [];
    try {
      body();
      return this.#lines;
    } finally {
      this.#lines = saved;
    }
  }
}

/** The lines of a block body that is one `if` chain, one level shallower; `undefined` for any other body. */
function asSingleIf(lines: readonly Line[]): Line[] | undefined {
  const depth = lines[0]?.depth;
  if (depth === undefined || !lines[0]!.text.startsWith('if (') || lines.at(-1)!.text !== '}' || lines.at(-1)!.depth !== depth) {
    return undefined;
  }
  const inner = lines.slice(1, -1).filter((line) => line.depth === depth);
  if (!inner.every((line) => line.text.startsWith('} else'))) {
    return undefined;
  }
  return lines.map((line) => ({ depth: line.depth - 1, text: line.text }));
}
