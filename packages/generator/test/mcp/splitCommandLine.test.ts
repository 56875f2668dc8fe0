import { describe, expect, it } from 'vitest';
import { CommandLineError, splitCommandLine } from '../../src/mcp/splitCommandLine.js';

// No shell-quote or string-argv is installed, so toolgen splits --command itself; these rows are what a POSIX shell would make of each line.

describe('splitCommandLine', () => {
  it.each<[string, string[]]>([
    ['npx -y @modelcontextprotocol/server-github', ['npx', '-y', '@modelcontextprotocol/server-github']],
    ['  node   server.js\t--port 3000  ', ['node', 'server.js', '--port', '3000']],
    ['node "my server.js" --name \'My Files\'', ['node', 'my server.js', '--name', 'My Files']],
    ['echo "a \\"quoted\\" word" \'single "double" inside\'', ['echo', 'a "quoted" word', 'single "double" inside']],
    ['echo "back\\\\slash" "keep \\n as is"', ['echo', 'back\\slash', 'keep \\n as is']],
    ["echo 'it'\\''s'", ['echo', "it's"]],
    ['echo --root="/srv/My Files"', ['echo', '--root=/srv/My Files']],
    ['echo "" \'\'', ['echo', '', '']],
    ['echo a\\ b c\\"d', ['echo', 'a b', 'c"d']],
    ["echo '$HOME' a\\|b 'x|y;z' \"a\\$b\"", ['echo', '$HOME', 'a|b', 'x|y;z', 'a$b']],
    ['echo "line \\\njoined"', ['echo', 'line joined']],
    ['echo *.js what? [x]', ['echo', '*.js', 'what?', '[x]']],
    ['echo a#b', ['echo', 'a#b']],
    ['ls ~ ~/docs a~b "~/quoted" \'~\'', ['ls', '/home/ada', '/home/ada/docs', 'a~b', '~/quoted', '~']],
  ])('%s', (line, words) => {
    expect(splitCommandLine(line, '/home/ada')).toEqual(words);
  });

  it.each<[string, RegExp]>([
    ['', /The command is empty/],
    ['   ', /The command is empty/],
    ['node "server.js', /A double quote is not closed in the command/],
    ["node 'server.js", /A single quote is not closed/],
    ['node server.js\\', /A backslash ends the line/],
    ['node server.js | tee log', /"\|" \(a shell operator\) must be quoted/],
    ['node server.js > log', /">" \(a shell operator\) must be quoted/],
    ['a && b', /"&" \(a shell operator\)/],
    ['node $SERVER', /"\$" \(a shell operator\)/],
    ['node "$SERVER"', /does not expand variables \("\$"\); write the value itself, or put it in single quotes/],
    ['node `which server`', /"`" \(a shell operator\)/],
    ['node server.js # the server', /"#" \(a comment\) must be quoted/],
  ])('rejects %j', (line, message) => {
    expect(() => splitCommandLine(line, '/home/ada')).toThrow(CommandLineError);
    expect(() => splitCommandLine(line, '/home/ada')).toThrow(message);
  });
});
