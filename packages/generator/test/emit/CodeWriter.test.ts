import { describe, expect, it } from 'vitest';
import { CodeWriter } from '../../src/emit/CodeWriter.js';

/** The lines `write` writes, for comparing against an array of expected lines. */
function written(write: (writer: CodeWriter) => void): string[] {
  const writer = new CodeWriter();
  write(writer);
  return writer.toString().split('\n');
}

describe('CodeWriter', () => {
  describe('lines and indentation', () => {
    it('writes nothing at all when nothing is written', () => {
      expect(new CodeWriter().toString()).toBe('');
    });

    it('puts "\\n" between lines and none after the last', () => {
      expect(new CodeWriter().line('a;').line('b;').toString()).toBe('a;\nb;');
    });

    it('indents a block body two spaces per level and returns to the outer level after it', () => {
      expect(
        written((w) => {
          w.block('function f()', () => {
            w.line('const a = 1;');
            w.block('if (a)', () => w.line('return a;'));
            w.line('return 0;');
          });
          w.line('f();');
        }),
      ).toEqual(['function f() {', '  const a = 1;', '  if (a) {', '    return a;', '  }', '  return 0;', '}', 'f();']);
    });

    it('writes an empty block as its head and a closing brace', () => {
      expect(written((w) => w.block('while (x)', () => {}))).toEqual(['while (x) {', '}']);
    });

    it('encloses a body between any opening and closing lines', () => {
      expect(
        written((w) =>
          w.enclose('export const x = {', '};', () => {
            w.enclose('items: [', '],', () => w.enclose('f({', '}),', () => w.line('a: 1,')));
          }),
        ),
      ).toEqual(['export const x = {', '  items: [', '    f({', '      a: 1,', '    }),', '  ],', '};']);
    });

    it('never indents an empty line', () => {
      expect(written((w) => w.block('if (a)', () => w.line('x;').line('').line('y;')))).toEqual(['if (a) {', '  x;', '', '  y;', '}']);
    });

    it('writes each line of a multi-line text at the current depth, empty lines left empty', () => {
      expect(written((w) => w.lines('x;\n\ny;'))).toEqual(['x;', '', 'y;']);
      expect(written((w) => w.block('if (a)', () => w.lines('x;\n\n  y;')))).toEqual(['if (a) {', '  x;', '', '    y;', '}']);
    });

    it('returns to the outer level when a body throws', () => {
      const writer = new CodeWriter();
      expect(() =>
        writer.block('if (a)', () => {
          writer.line('x;');
          throw new Error('stop');
        }),
      ).toThrow('stop');
      writer.line('after;');
      expect(writer.toString().split('\n')).toEqual(['if (a) {', '  x;', 'after;']);
    });
  });

  describe('blank lines', () => {
    it('writes no blank line at the start of the output', () => {
      expect(new CodeWriter().blankLine().line('a;').toString()).toBe('a;');
    });

    it('writes one blank line where several are asked for', () => {
      expect(written((w) => w.line('a;').blankLine().blankLine().line('b;'))).toEqual(['a;', '', 'b;']);
    });

    it('counts an empty line already written as the blank line', () => {
      expect(written((w) => w.line('a;').line('').blankLine().line('b;'))).toEqual(['a;', '', 'b;']);
      expect(written((w) => w.lines('a;\n').blankLine().line('b;'))).toEqual(['a;', '', 'b;']);
    });

    it('writes a blank line after a block, unindented inside one', () => {
      expect(
        written((w) =>
          w.block('class A', () => {
            w.block('m()', () => w.line('return 1;'));
            w.blankLine();
            w.line('n = 2;');
          }),
        ),
      ).toEqual(['class A {', '  m() {', '    return 1;', '  }', '', '  n = 2;', '}']);
    });

    it('ends the output with a newline when the last thing asked for is a blank line', () => {
      expect(new CodeWriter().line('a;').blankLine().toString()).toBe('a;\n');
    });
  });

  describe('try / catch', () => {
    it('writes both bodies one level deeper, with the catch binding', () => {
      expect(written((w) => w.tryCatch(() => w.line('run();'), 'error', () => w.line('report(error);')))).toEqual([
        'try {',
        '  run();',
        '} catch (error) {',
        '  report(error);',
        '}',
      ]);
    });
  });

  describe('branch chains', () => {
    it('writes if, else if and else', () => {
      expect(
        written((w) =>
          w.branches([
            { condition: 'a', body: () => w.line('x();') },
            { condition: 'b', body: () => w.line('y();') },
            { condition: null, body: () => w.line('z();') },
          ]),
        ),
      ).toEqual(['if (a) {', '  x();', '} else if (b) {', '  y();', '} else {', '  z();', '}']);
    });

    it('keeps a branch with a condition whose body writes nothing', () => {
      expect(written((w) => w.branches([{ condition: 'a', body: () => {} }]))).toEqual(['if (a) {', '}']);
    });

    it('drops a final else whose body writes nothing', () => {
      expect(
        written((w) =>
          w.branches([
            { condition: 'a', body: () => w.line('x();') },
            { condition: null, body: () => {} },
          ]),
        ),
      ).toEqual(['if (a) {', '  x();', '}']);
    });

    it('writes a chain that starts with else as its body alone, at the current depth', () => {
      expect(written((w) => w.block('if (a)', () => w.branches([{ condition: null, body: () => w.line('z();') }])))).toEqual(['if (a) {', '  z();', '}']);
    });

    it('writes nothing for an empty chain', () => {
      expect(new CodeWriter().branches([]).toString()).toBe('');
    });

    it('writes an else holding just an if chain as else if', () => {
      expect(
        written((w) =>
          w.branches([
            { condition: 'a', body: () => w.line('x();') },
            {
              condition: null,
              body: () =>
                w.branches([
                  { condition: 'b', body: () => w.block('if (c)', () => w.line('y();')) },
                  { condition: null, body: () => w.line('z();') },
                ]),
            },
          ]),
        ),
      ).toEqual(['if (a) {', '  x();', '} else if (b) {', '  if (c) {', '    y();', '  }', '} else {', '  z();', '}']);
    });

    it('keeps an else block whose if chain is followed by more', () => {
      expect(
        written((w) =>
          w.branches([
            { condition: 'a', body: () => w.line('x();') },
            {
              condition: null,
              body: () => {
                w.branches([{ condition: 'b', body: () => w.line('y();') }]);
                w.line('z();');
              },
            },
          ]),
        ),
      ).toEqual(['if (a) {', '  x();', '} else {', '  if (b) {', '    y();', '  }', '  z();', '}']);
    });

    it('keeps an else block that holds two if statements', () => {
      expect(
        written((w) =>
          w.branches([
            { condition: 'a', body: () => w.line('x();') },
            {
              condition: null,
              body: () => {
                w.block('if (b)', () => w.line('y();'));
                w.block('if (c)', () => w.line('z();'));
              },
            },
          ]),
        ),
      ).toEqual(['if (a) {', '  x();', '} else {', '  if (b) {', '    y();', '  }', '  if (c) {', '    z();', '  }', '}']);
    });

    it('keeps an else block that holds a single statement other than an if', () => {
      expect(
        written((w) =>
          w.branches([
            { condition: 'a', body: () => w.line('x();') },
            { condition: null, body: () => w.line('if_(b);') },
          ]),
        ),
      ).toEqual(['if (a) {', '  x();', '} else {', '  if_(b);', '}']);
    });
  });

  describe('capture and append', () => {
    it('returns what a body writes without writing it', () => {
      const writer = new CodeWriter().line('before;');
      const captured = writer.capture(() => writer.line('a;').block('if (b)', () => writer.line('c;')));
      expect(captured).toEqual([
        { depth: 0, text: 'a;' },
        { depth: 0, text: 'if (b) {' },
        { depth: 1, text: 'c;' },
        { depth: 0, text: '}' },
      ]);
      expect(writer.toString()).toBe('before;');
    });

    it('captures one level deeper when asked, and appends lines at the depths they were captured at', () => {
      const writer = new CodeWriter();
      const body = writer.capture(() => writer.line('return 1;'), true);
      expect(body).toEqual([{ depth: 1, text: 'return 1;' }]);
      writer.line('function f() {').append(body).line('}');
      expect(writer.toString().split('\n')).toEqual(['function f() {', '  return 1;', '}']);
    });

    it('keeps what was written before when a captured body throws', () => {
      const writer = new CodeWriter().line('kept;');
      expect(() =>
        writer.capture(() => {
          writer.line('lost;');
          throw new Error('stop');
        }),
      ).toThrow('stop');
      expect(writer.line('next;').toString()).toBe('kept;\nnext;');
    });
  });
});
