/** What `pickJson` does with the value at a path: parse it whole, read into its members, or leave it out. */
export type JsonPick = 'whole' | 'members' | 'skip';

/**
 * Parses only the parts of a JSON text that `pick` asks for, skipping the rest without building
 * it: the one-shot CLI reads the few fields it needs from a manifest of tens of megabytes without
 * a second copy of it in memory. An object or array read by `'members'` keeps only the members
 * not skipped (an array's indices are those of the text). The text must be valid JSON (as
 * `JSON.stringify` writes it); throws a `SyntaxError` otherwise.
 */
export function pickJson(text: string, pick: (path: readonly (string | number)[]) => JsonPick): unknown {
  const path: (string | number)[] = [];
  let at = 0;

  const space = () => {
    let code = text.charCodeAt(at);
    while (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) {
      code = text.charCodeAt(++at);
    }
  };
  const fail = (): never => {
    throw new SyntaxError(`pickJson: unexpected ${at < text.length ? JSON.stringify(text[at]) : 'end'} at ${at}`);
  };
  /** The index after the string that starts at `at`. */
  const stringEnd = (start: number): number => {
    let quote = text.indexOf('"', start + 1);
    for (;;) {
      if (quote < 0) {
        return fail();
      }
      let backslashes = 0;
      while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) {
        backslashes++;
      }
      if (backslashes % 2 === 0) {
        return quote + 1;
      }
      quote = text.indexOf('"', quote + 1);
    }
  };
  /** Moves `at` past the value that starts there. */
  const skip = () => {
    let depth = 0;
    do {
      const code = text.charCodeAt(at);
      if (code === 0x22) {
        at = stringEnd(at);
        continue;
      }
      if (code === 0x7b || code === 0x5b) {
        depth++;
      } else if (code === 0x7d || code === 0x5d) {
        depth--;
      } else if (Number.isNaN(code)) {
        fail();
      } else if (depth === 0) {
        // a number, true, false or null: up to the next delimiter
        let next = code;
        while (!Number.isNaN(next) && next !== 0x2c && next !== 0x5d && next !== 0x7d && next !== 0x20 && next !== 0x0a && next !== 0x0d && next !== 0x09) {
          next = text.charCodeAt(++at);
        }
        return;
      }
      at++;
    } while (depth > 0);
  };
  /** The value at `at`, whose path is `path`, read as `decision` says. */
  const value = (decision: JsonPick): unknown => {
    space();
    const start = at;
    const code = text.charCodeAt(at);
    if (decision === 'skip') {
      skip();
      return undefined;
    }
    if (decision === 'whole' || (code !== 0x7b && code !== 0x5b)) {
      skip();
      return JSON.parse(text.slice(start, at));
    }
    at++;
    space();
    if (code === 0x5b) {
      const items: unknown[] = [];
      if (text.charCodeAt(at) === 0x5d) {
        at++;
        return items;
      }
      for (let index = 0; ; index++) {
        path.push(index);
        const decision = pick(path);
        const item = value(decision);
        path.pop();
        if (decision !== 'skip') {
          items[index] = item;
        }
        space();
        const next = text.charCodeAt(at++);
        if (next === 0x5d) {
          return items;
        }
        if (next !== 0x2c) {
          at--;
          fail();
        }
      }
    }
    const members: Record<string, unknown> = {};
    if (text.charCodeAt(at) === 0x7d) {
      at++;
      return members;
    }
    for (;;) {
      space();
      if (text.charCodeAt(at) !== 0x22) {
        fail();
      }
      const keyStart = at;
      at = stringEnd(at);
      const key = JSON.parse(text.slice(keyStart, at)) as string;
      space();
      if (text.charCodeAt(at++) !== 0x3a) {
        at--;
        fail();
      }
      path.push(key);
      const decision = pick(path);
      const member = value(decision);
      path.pop();
      if (decision !== 'skip') {
        Object.defineProperty(members, key, { value: member, enumerable: true, writable: true, configurable: true });
      }
      space();
      const next = text.charCodeAt(at++);
      if (next === 0x7d) {
        return members;
      }
      if (next !== 0x2c) {
        at--;
        fail();
      }
    }
  };

  const result = value(pick(path));
  space();
  if (at !== text.length) {
    fail();
  }
  return result;
}
