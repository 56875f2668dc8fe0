import os from 'node:os';

/** A command line `splitCommandLine` cannot take: the CLI says why and exits with 2. */
export class CommandLineError extends Error {
  override readonly name = 'CommandLineError';
}

/** Characters a shell would treat as operators or expansions; toolgen runs no shell, so they must be quoted. */
const operators = new Set(['|', '&', ';', '<', '>', '(', ')', '$', '`']);

/**
 * Splits a command line into the program and its arguments the way a POSIX shell does, without
 * running one: blanks separate words; single quotes keep everything literally; double quotes
 * keep everything but `\"`, `\\`, `\$` and `` \` `` (and a backslash before a newline, which
 * joins lines); outside quotes a backslash keeps the next character; `''` or `""` is an empty
 * word; a leading `~` or `~/` is the home folder. What a shell would do beyond that (pipes,
 * redirections, `;`, `&&`, variables, command substitution) throws a `CommandLineError` unless
 * quoted, rather than being passed on as text; `*` and `?` are not expanded.
 *
 * ```ts
 * splitCommandLine(`npx -y server --root "My Files" --name 'it''s'`);
 * // ['npx', '-y', 'server', '--root', 'My Files', '--name', 'its']
 * ```
 */
export function splitCommandLine(line: string, home: string = os.homedir()): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let wordStart = true;
  let index = 0;
  const fail = (message: string): never => {
    throw new CommandLineError(`${message} in the command ${JSON.stringify(line)}.`);
  };
  while (index < line.length) {
    const char = line[index]!;
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      wordStart = true;
      index += 1;
      continue;
    }
    if (char === "'") {
      const end = line.indexOf("'", index + 1);
      if (end === -1) fail('A single quote is not closed');
      word += line.slice(index + 1, end);
      index = end + 1;
    } else if (char === '"') {
      index += 1;
      for (;;) {
        if (index >= line.length) fail('A double quote is not closed');
        const inner = line[index]!;
        if (inner === '"') break;
        if (inner === '\\' && index + 1 < line.length && '"\\$`\n'.includes(line[index + 1]!)) {
          if (line[index + 1] !== '\n') word += line[index + 1];
          index += 2;
          continue;
        }
        if (inner === '$' || inner === '`') fail(`toolgen runs no shell, so it does not expand ${inner === '$' ? 'variables' : 'commands'} ("${inner}"); write the value itself, or put it in single quotes`);
        word += inner;
        index += 1;
      }
      index += 1;
    } else if (char === '\\') {
      if (index + 1 >= line.length) fail('A backslash ends the line');
      if (line[index + 1] !== '\n') word += line[index + 1];
      index += 2;
    } else if (operators.has(char) || (char === '#' && wordStart)) {
      fail(`toolgen runs no shell, so "${char}" (${char === '#' ? 'a comment' : 'a shell operator'}) must be quoted to be part of an argument`);
    } else if (char === '~' && wordStart && (index + 1 === line.length || line[index + 1] === '/' || /\s/.test(line[index + 1]!))) {
      word += home;
      index += 1;
    } else {
      word += char;
      index += 1;
    }
    inWord = true;
    wordStart = false;
  }
  if (inWord) words.push(word);
  if (words.length === 0) throw new CommandLineError('The command is empty: pass the program to run and its arguments, e.g. --command "npx -y some-mcp-server".');
  return words;
}
