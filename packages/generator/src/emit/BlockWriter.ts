/*
 * The subset of code-block-writer (13.0.3) that emitModule uses — write, writeLine, newLine,
 * blankLine, inlineBlock, indent(block) — with two-space indentation and "\n" newlines,
 * producing byte-identical text. code-block-writer scans every character it writes through
 * method calls and a Set to track strings, comments and regular expressions (which decide
 * whether a line gets indented); on a 1000-tool project that scan was 40% of generation.
 * This port keeps the same state machine over a lookup table and the last two characters.
 */

const backSlash = 0x5c;
const forwardSlash = 0x2f;
const newLine = 0x0a;
const carriageReturn = 0x0d;
const asterisk = 0x2a;
const doubleQuote = 0x22;
const singleQuote = 0x27;
const backTick = 0x60;
const openBrace = 0x7b;
const closeBrace = 0x7d;
const dollarSign = 0x24;
const none = -1;

/** The characters that can change the writer's string, comment or regular-expression state. */
const handled = new Uint8Array(128);
for (const code of [backSlash, forwardSlash, newLine, carriageReturn, asterisk, doubleQuote, singleQuote, backTick, openBrace, closeBrace]) {
  handled[code] = 1;
}

const lineComment = 1;
const starComment = 2;
const indentationText = '  ';
const space = 0x20;
const lineBreak = /\r?\n/;
/** A newline followed by a line that is not empty: where code-block-writer writes the indentation. */
const nonEmptyLineStart = /\n(?=[^\n])/g;
const indentations: string[] = [];

function indentationOf(level: number): string {
  return (indentations[level] ??= indentationText.repeat(level));
}

export class BlockWriter {
  readonly #texts: string[] = [];
  #length = 0;
  /** The last and second-to-last character codes written, or `none`. */
  #last = none;
  #beforeLast = none;
  #indentation = 0;
  #newLineOnNextWrite = false;
  readonly #stringStack: number[] = [];
  #comment = 0;
  #inRegExp = false;

  write(text: string): this {
    this.#newLineIfNewLineOnNextWrite();
    this.#writeIndentingNewLines(text);
    return this;
  }

  /**
   * Writes `json`, the output of `JSON.stringify(value, null, 2)`, exactly as `write(json)`
   * would. When the writer is outside any string, comment or regular expression and the JSON
   * has no backslash, every `"` in it delimits a one-line string and nothing outside strings can
   * open one, so the state stays clean and each line gets the indentation: no scan is needed.
   */
  writeJson(json: string): this {
    const clean = this.#stringStack.length === 0 && this.#comment === 0 && !this.#inRegExp && this.#last !== forwardSlash;
    if (!clean || json.indexOf('\\') >= 0 || json.indexOf('\r') >= 0) {
      return this.write(json);
    }
    this.#newLineIfNewLineOnNextWrite();
    const indentation = indentationOf(this.#indentation);
    const first = json.charCodeAt(0) !== newLine && (this.#isLastNewLine() || this.#length === 0) ? indentation : '';
    this.#push(first + (indentation === '' ? json : json.replace(nonEmptyLineStart, `\n${indentation}`)));
    return this;
  }

  writeLine(text: string): this {
    this.#newLineIfNewLineOnNextWrite();
    if (this.#length > 0) {
      this.newLineIfLastNot();
    }
    this.#writeIndentingNewLines(text);
    this.newLine();
    return this;
  }

  newLineIfLastNot(): this {
    this.#newLineIfNewLineOnNextWrite();
    if (!this.#isLastNewLine()) {
      this.newLine();
    }
    return this;
  }

  blankLine(): this {
    return this.newLineIfLastNot().newLine();
  }

  newLine(): this {
    this.#newLineOnNextWrite = false;
    this.#baseWriteNewLine();
    return this;
  }

  inlineBlock(block: () => void): this {
    this.#newLineIfNewLineOnNextWrite();
    this.write('{');
    this.#indentBlock(block);
    this.newLineIfLastNot().write('}');
    return this;
  }

  indent(block: () => void): this {
    this.#indentBlock(block);
    if (!this.#isLastNewLine()) {
      this.#newLineOnNextWrite = true;
    }
    return this;
  }

  toString(): string {
    if (this.#texts.length > 1) {
      const text = this.#texts.join('');
      this.#texts.length = 0;
      this.#texts.push(text);
    }
    return this.#texts[0] ?? '';
  }

  #indentBlock(block: () => void): void {
    if (this.#length > 0) {
      this.newLineIfLastNot();
    }
    this.#indentation++;
    block();
    this.#indentation = Math.max(0, this.#indentation - 1);
  }

  #newLineIfNewLineOnNextWrite(): void {
    if (this.#newLineOnNextWrite) {
      this.#newLineOnNextWrite = false;
      this.newLine();
    }
  }

  #isLastNewLine(): boolean {
    return this.#last === newLine || this.#last === carriageReturn;
  }

  #isInString(): boolean {
    const stack = this.#stringStack;
    return stack.length > 0 && stack[stack.length - 1] !== openBrace;
  }

  #baseWriteNewLine(): void {
    if (this.#comment === lineComment) {
      this.#comment = 0;
    }
    const stack = this.#stringStack;
    const top = stack.length === 0 ? none : stack[stack.length - 1];
    if ((top === doubleQuote || top === singleQuote) && this.#last !== backSlash) {
      stack.pop();
    }
    this.#internalWrite('\n');
  }

  #writeIndentingNewLines(text: string): void {
    if (text.indexOf('\r') >= 0) {
      // code-block-writer splits on /\r?\n/; rare enough to take line by line
      const items = text.split(lineBreak);
      for (let index = 0; index < items.length; index++) {
        if (index > 0) {
          this.#baseWriteNewLine();
        }
        const item = items[index]!;
        if (item.length > 0) {
          this.#writeSegment(item, 0, item.length);
        }
      }
      return;
    }
    if (text.length === 0) {
      this.#writeSegment(text, 0, 0);
      return;
    }
    // One pass over the lines. Usually every line gets the same indentation, and the text is
    // written with one replace instead of a slice and a push per line.
    const indentation = indentationOf(this.#indentation);
    const firstIndented = text.charCodeAt(0) !== newLine && this.#startsIndented();
    let uniform = true;
    let lineStart = 0;
    for (;;) {
      const lineEnd = text.indexOf('\n', lineStart);
      const end = lineEnd < 0 ? text.length : lineEnd;
      if (lineStart > 0 && end > lineStart && !this.#startsIndented()) {
        uniform = false;
        break;
      }
      if (end > lineStart) {
        this.#scanSegment(text, lineStart, end, lineStart === 0 ? firstIndented : true);
      }
      if (lineEnd < 0) {
        break;
      }
      this.#newLineState();
      lineStart = lineEnd + 1;
    }
    if (uniform) {
      const body = indentation === '' ? text : text.replace(nonEmptyLineStart, `\n${indentation}`);
      this.#push(firstIndented ? indentation + body : body);
      return;
    }
    // a line starts inside a string: replay from that line on, the slow way
    const done = text.slice(0, lineStart);
    this.#push((firstIndented ? indentation : '') + (indentation === '' ? done : done.replace(nonEmptyLineStart, `\n${indentation}`)));
    const rest = text.slice(lineStart).split('\n');
    for (let index = 0; index < rest.length; index++) {
      if (index > 0) {
        this.#baseWriteNewLine();
      }
      const item = rest[index]!;
      if (item.length > 0) {
        this.#writeSegment(item, 0, item.length);
      }
    }
  }

  /** Whether a segment written now gets the indentation (code-block-writer's `writeIndividual`). */
  #startsIndented(): boolean {
    return !this.#isInString() && (this.#isLastNewLine() || this.#length === 0);
  }

  #writeSegment(text: string, start: number, end: number): void {
    const indented = this.#startsIndented();
    if (indented) {
      this.#internalWrite(indentationOf(this.#indentation));
    }
    this.#updateState(text, start, end);
    this.#internalWrite(start === 0 && end === text.length ? text : text.slice(start, end));
  }

  /** Updates the state as `#writeSegment` would, without writing: the caller writes the text. */
  #scanSegment(text: string, start: number, end: number, indented: boolean): void {
    if (indented && this.#indentation > 0) {
      this.#beforeLast = space;
      this.#last = space;
    }
    this.#updateState(text, start, end);
    this.#beforeLast = end - start >= 2 ? text.charCodeAt(end - 2) : this.#last;
    this.#last = text.charCodeAt(end - 1);
  }

  /** The state change of `#baseWriteNewLine`, without writing the newline. */
  #newLineState(): void {
    if (this.#comment === lineComment) {
      this.#comment = 0;
    }
    const stack = this.#stringStack;
    const top = stack.length === 0 ? none : stack[stack.length - 1];
    if ((top === doubleQuote || top === singleQuote) && this.#last !== backSlash) {
      stack.pop();
    }
    this.#beforeLast = this.#last;
    this.#last = newLine;
  }

  /** code-block-writer's `_updateInternalState` over `text[start, end)`, statement for statement. */
  #updateState(text: string, start: number, end: number): void {
    const stack = this.#stringStack;
    let top = stack.length === 0 ? none : stack[stack.length - 1]!;
    let inRegExp = this.#inRegExp;
    let comment = this.#comment;
    const last = this.#last;
    const beforeLast = this.#beforeLast;
    for (let index = start; index < end; index++) {
      const current = text.charCodeAt(index);
      if (current >= 128 || handled[current] === 0) {
        continue;
      }
      const past = index === start ? last : text.charCodeAt(index - 1);
      const pastPast = index === start ? beforeLast : index === start + 1 ? last : text.charCodeAt(index - 2);
      const inString = top !== none && top !== openBrace;
      if (inRegExp) {
        if ((past === forwardSlash && pastPast !== backSlash) || past === newLine) {
          inRegExp = false;
        } else {
          continue;
        }
      } else if (!inString && comment === 0 && isRegExpStart(current, past, pastPast)) {
        inRegExp = true;
        continue;
      }
      if (!inString) {
        if (comment === 0 && past === forwardSlash && current === forwardSlash) {
          comment = lineComment;
        } else if (comment === 0 && past === forwardSlash && current === asterisk) {
          comment = starComment;
        } else if (comment === starComment && past === asterisk && current === forwardSlash) {
          comment = 0;
        }
      }
      if (comment !== 0) {
        continue;
      }
      if (past !== backSlash && (current === doubleQuote || current === singleQuote || current === backTick)) {
        if (top === current) {
          stack.pop();
          top = stack.length === 0 ? none : stack[stack.length - 1]!;
        } else if (top === openBrace || top === none) {
          stack.push(current);
          top = current;
        }
      } else if (pastPast !== backSlash && past === dollarSign && current === openBrace && top === backTick) {
        stack.push(current);
        top = current;
      } else if (current === closeBrace && top === openBrace) {
        stack.pop();
        top = stack.length === 0 ? none : stack[stack.length - 1]!;
      }
    }
    this.#inRegExp = inRegExp;
    this.#comment = comment;
  }

  /** Appends text whose effect on the string, comment and regular-expression state was already applied. */
  #push(text: string): void {
    const length = text.length;
    if (length > 0) {
      this.#texts.push(text);
      this.#length += length;
      this.#beforeLast = length >= 2 ? text.charCodeAt(length - 2) : this.#last;
      this.#last = text.charCodeAt(length - 1);
    }
  }

  #internalWrite(text: string): void {
    const length = text.length;
    if (length === 0) {
      return;
    }
    this.#texts.push(text);
    this.#length += length;
    this.#beforeLast = length >= 2 ? text.charCodeAt(length - 2) : this.#last;
    this.#last = text.charCodeAt(length - 1);
  }
}

function isRegExpStart(current: number, past: number, pastPast: number): boolean {
  return past === forwardSlash && current !== forwardSlash && current !== asterisk && pastPast !== asterisk && pastPast !== forwardSlash;
}
