import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { generate, main, watchProject, type WatchCycle } from '@toolgen/generator';
import { describeFault } from '../../src/io/faults.js';
import { strictCompilerOptions, writeProject } from '../helpers.js';

/*
 * A broken project never produces a wrong module and never exits 0 (issue 14): each case is a
 * real project on disk, run through the CLI, and checked for its exit code, its exact messages,
 * the absence of any stack trace, and the files it left as they were.
 */

const stackTrace = /\n\s+at /;
let cases = 0;
let rawErrors = 0;

beforeEach(() => {
  cases++;
});

afterAll(() => {
  console.log(`broken-project suite: ${cases} cases, ${rawErrors} raw errors`);
});

async function run(root: string, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  let code: number;
  try {
    code = await main(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) }, root);
  } catch (error) {
    // main must never reject: count it, and fail the case below
    stderr += `\n${(error as Error).stack ?? String(error)}`;
    code = -1;
  }
  if (stackTrace.test(stdout) || stackTrace.test(stderr)) {
    rawErrors++;
  }
  expect(stdout).not.toMatch(stackTrace);
  expect(stderr).not.toMatch(stackTrace);
  return { code, stdout, stderr };
}

/** Every file under `root` with its content (folders as `<dir>`), to tell what a run touched. */
function snapshot(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(folder, entry.name);
      const name = path.relative(root, full).split(path.sep).join('/');
      if (entry.isDirectory()) {
        files[name] = '<dir>';
        visit(full);
      } else {
        files[name] = readFileSync(full, 'utf8');
      }
    }
  };
  visit(root);
  return files;
}

const read = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');
const write = (root: string, file: string, content: string) => writeFileSync(path.join(root, file), content);

function shelvesSource(parameter = 'aisle: number', result = 'number', extra = ''): string {
  return `import { Toolset } from '@toolgen/runtime';
${extra}
export class ShelfToolset extends Toolset {
  constructor() {
    super();
    this.addTool(ShelfToolset.countShelves).readOnly();
  }

  /**
   * Counts the shelves in an aisle.
   * @param ${parameter.split(':')[0]} The aisle.
   */
  static countShelves(${parameter}): ${result} {
    throw new Error('not called');
  }
}
`;
}

function aislesSource(description = 'Lists the aisles of the store.'): string {
  return `import { Toolset } from '@toolgen/runtime';

export class AisleToolset extends Toolset {
  constructor() {
    super();
    this.addTool(AisleToolset.listAisles).readOnly();
  }

  /** ${description} */
  static listAisles(): string[] {
    return [];
  }
}
`;
}

/** A project whose two toolset files have generated once, cleanly. */
async function generatedProject(files: Readonly<Record<string, string>> = {}, tsconfig?: object): Promise<string> {
  const root = writeProject({ 'src/shelves.ts': shelvesSource(), 'src/aisles.ts': aislesSource(), ...files }, tsconfig);
  const first = await run(root);
  expect(first.code).toBe(0);
  return root;
}

describe('syntax errors: exit 1, reported like tsc, and every generated file kept as it was', () => {
  it('a parameter list that does not parse', async () => {
    const root = await generatedProject();
    write(root, 'src/shelves.ts', shelvesSource('aisle: number {{ ('));
    // the other file changed too, and lost its toolset: neither is regenerated nor removed while the error stands
    write(root, 'src/aisles.ts', 'export const aisles = 1;\n');
    const before = snapshot(root);

    const result = await run(root);
    expect(result).toEqual({
      code: 1,
      stdout: [
        "src/shelves.ts:13:37 - error TS1005: ',' expected.",
        'src/shelves.ts:13:38 - error TS1180: Property destructuring pattern expected.',
        'src/shelves.ts:13:40 - error TS1180: Property destructuring pattern expected.',
        "src/shelves.ts:13:51 - error TS1005: '=>' expected.",
        'src/shelves.ts:16:1 - error TS1128: Declaration or statement expected.',
        'toolgen: 5 syntax errors; no file written or removed until they are fixed.',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(snapshot(root)).toEqual(before);

    const check = await run(root, '--check');
    expect(check.code).toBe(1);
    expect(check.stdout.split('\n').slice(-2)).toEqual(['toolgen: 5 syntax errors; nothing checked: fix them first.', '']);
    expect(snapshot(root)).toEqual(before);
  });

  it('an unterminated comment that swallows an addTool call, up to the next comment or to the end of the file', async () => {
    const root = await generatedProject();
    const module = read(root, 'src/shelves.tools.ts');
    expect(module).toContain("name: 'count_shelves',");
    const undocumented = shelvesSource().replace(/ {2}\/\*\*[\s\S]*?\*\/\n/, '');
    const cases: [string, string][] = [
      [shelvesSource(), 'src/shelves.ts:14:3 - error TS1128: Declaration or statement expected.'],
      [undocumented, "src/shelves.ts:14:1 - error TS1010: '*/' expected."],
    ];
    for (const [source, line] of cases) {
      write(root, 'src/shelves.ts', source.replace('    this.addTool', '    /* the tools\n    this.addTool'));
      const before = snapshot(root);
      const result = await run(root);
      expect(result).toEqual({ code: 1, stdout: `${line}\ntoolgen: 1 syntax error; no file written or removed until it is fixed.\n`, stderr: '' });
      expect(snapshot(root)).toEqual(before);
      expect(read(root, 'src/shelves.tools.ts')).toBe(module);
    }
  });

  it('in a model file the toolset imports, and in a file no toolset imports', async () => {
    const model = 'export interface Shelf {\n  aisle: number;\n}\n';
    const root = await generatedProject({ 'src/model.ts': model, 'src/notes.ts': 'export const note = 1;\n' });
    write(root, 'src/shelves.ts', shelvesSource('aisle: number', 'Shelf', "import type { Shelf } from './model.js';"));
    write(root, 'src/model.ts', model.replace('aisle: number;', 'aisle: number;;; {'));
    const before = snapshot(root);
    const imported = await run(root);
    expect(imported.code).toBe(1);
    expect(imported.stdout).toBe(
      [
        'src/model.ts:2:17 - error TS1131: Property or signature expected.',
        'src/model.ts:2:18 - error TS1131: Property or signature expected.',
        'src/model.ts:2:20 - error TS1131: Property or signature expected.',
        'toolgen: 3 syntax errors; no file written or removed until they are fixed.',
        '',
      ].join('\n'),
    );
    expect(snapshot(root)).toEqual(before);

    write(root, 'src/model.ts', model);
    write(root, 'src/notes.ts', 'export const note = (1;\n');
    const unrelated = await run(root);
    expect(unrelated.code).toBe(1);
    expect(unrelated.stdout).toBe("src/notes.ts:1:23 - error TS1005: ')' expected.\ntoolgen: 1 syntax error; no file written or removed until it is fixed.\n");
    expect(read(root, 'src/shelves.tools.ts')).toBe(before['src/shelves.tools.ts']);
  });

  it('with --format json: the syntax errors as diagnostics, nothing generated or removed', async () => {
    const root = await generatedProject();
    write(root, 'src/shelves.ts', shelvesSource().replace('.readOnly();', '.readOnly(;'));
    const before = snapshot(root);
    const result = await run(root, '--format', 'json');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      diagnostics: [{ code: 'TS1005', severity: 'error', file: 'src/shelves.ts', line: 6, column: 54, message: "')' expected." }],
      generated: [],
      removed: [],
    });
    expect(snapshot(root)).toEqual(before);
  });

  it('through the programmatic generate(): no outputs and no orphans, the syntax errors listed', async () => {
    const root = await generatedProject();
    write(root, 'src/aisles.ts', 'export const aisles = (1;\n');
    const result = generate({ project: path.join(root, 'tsconfig.json') });
    expect(result.outputs).toEqual([]);
    expect(result.orphans).toEqual([]);
    expect(result.syntaxErrors.map((problem) => `${path.relative(root, problem.file)}:${problem.line}:${problem.column} ${problem.code}`)).toEqual(['src/aisles.ts:1:25 TS1005']);
  });

  it('in watch mode, a script every file sees holds back every toolset, not only those importing it', async () => {
    const globals = 'interface ShelfLabel {\n  text: string;\n}\n';
    // a script as tsc sees it: in this "type": "module" repository NodeNext takes every file for an ES module, unless told
    // to detect modules by their imports and exports
    const root = writeProject(
      { 'src/globals.ts': globals, 'src/shelves.ts': shelvesSource('label: ShelfLabel', 'string') },
      { compilerOptions: { ...strictCompilerOptions, moduleDetection: 'legacy' } },
    );
    const controller = new AbortController();
    const cycles: WatchCycle[] = [];
    const errors: unknown[] = [];
    const watching = watchProject({
      project: path.join(root, 'tsconfig.json'),
      signal: controller.signal,
      debounceMs: 20,
      onCycle: (cycle) => cycles.push(cycle),
      onError: (error) => errors.push(error),
    });
    try {
      await until(() => cycles.length >= 1);
      const before = snapshot(root);
      write(root, 'src/globals.ts', globals.replace('text: string;', 'text: string;;; {'));
      await until(() => cycles.length >= 2);
      const broken = cycles[1]!;
      expect([...new Set(broken.syntaxErrors.map((problem) => `${path.relative(root, problem.file)}: ${problem.code}`))]).toEqual(['src/globals.ts: TS1131']);
      expect(broken.held.map((file) => path.relative(root, file))).toEqual(['src/globals.ts', 'src/shelves.ts']);
      expect(broken.written).toEqual([]);
      expect(snapshot(root)).toEqual({ ...before, 'src/globals.ts': read(root, 'src/globals.ts') });
    } finally {
      controller.abort();
      await watching;
    }
    expect(errors).toEqual([]);
  });
});

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) {
      throw new Error('timed out waiting for the watcher');
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('types that do not resolve: TSH005 or TSH006 at the tool, exit 1, the other toolsets generated', () => {
  const cases: [string, string, string, string][] = [
    [
      'a parameter imported from a missing module',
      shelvesSource('shelf: Shelf', 'number', "import type { Shelf } from './missing.js';"),
      'src/shelves.ts:13:23 - error TSH005',
      'Tool "count_shelves": the type "Shelf" at /shelf cannot be represented in JSON Schema: Shelf does not resolve (tsc reports an error for it), so toolgen cannot know what it holds. Fix: import or declare Shelf, or fix the import, package or circular alias it comes from.',
    ],
    [
      'a parameter imported from a missing package',
      shelvesSource('shelf: Shelf', 'number', "import type { Shelf } from 'shelf-models';"),
      'src/shelves.ts:13:23 - error TSH005',
      'Tool "count_shelves": the type "Shelf" at /shelf cannot be represented in JSON Schema: Shelf does not resolve (tsc reports an error for it), so toolgen cannot know what it holds. Fix: import or declare Shelf, or fix the import, package or circular alias it comes from.',
    ],
    [
      'a result imported from a missing module',
      shelvesSource('aisle: number', 'Shelf', "import type { Shelf } from './missing.js';"),
      'src/shelves.ts:13:39 - error TSH006',
      'Tool "count_shelves": its result cannot be serialized to JSON: the type "Shelf" at /: Shelf does not resolve (tsc reports an error for it), so toolgen cannot know what it holds. Fix: import or declare Shelf, or fix the import, package or circular alias it comes from.',
    ],
    [
      'a result imported from a missing package',
      shelvesSource('aisle: number', 'Promise<Shelf[]>', "import type { Shelf } from 'shelf-models';"),
      'src/shelves.ts:13:39 - error TSH006',
      'Tool "count_shelves": its result cannot be serialized to JSON: the type "Shelf" at /*: Shelf does not resolve (tsc reports an error for it), so toolgen cannot know what it holds. Fix: import or declare Shelf, or fix the import, package or circular alias it comes from.',
    ],
    [
      'a parameter typed with a circular alias',
      shelvesSource('shelf: Loop', 'number', 'type Loop = Loop2;\ntype Loop2 = Loop;'),
      'src/shelves.ts:14:23 - error TSH005',
      'Tool "count_shelves": the type "Loop" at /shelf cannot be represented in JSON Schema: Loop does not resolve (tsc reports an error for it), so toolgen cannot know what it holds. Fix: import or declare Loop, or fix the import, package or circular alias it comes from.',
    ],
    [
      'a result typed with a circular alias',
      shelvesSource('aisle: number', 'Loop', 'type Loop = Loop2;\ntype Loop2 = Loop;'),
      'src/shelves.ts:14:39 - error TSH006',
      'Tool "count_shelves": its result cannot be serialized to JSON: the type "Loop" at /: Loop does not resolve (tsc reports an error for it), so toolgen cannot know what it holds. Fix: import or declare Loop, or fix the import, package or circular alias it comes from.',
    ],
  ];

  it.each(cases)('%s', async (_, broken, place, message) => {
    const root = await generatedProject();
    const module = read(root, 'src/shelves.tools.ts');
    write(root, 'src/shelves.ts', broken);
    write(root, 'src/aisles.ts', aislesSource('Lists every aisle.'));
    const result = await run(root);
    expect(result).toEqual({
      code: 1,
      stdout: `${place}: ${message}\ntoolgen: 2 toolsets, 2 tools; 1 error, 0 warnings; 2 files written.\n`,
      stderr: '',
    });
    expect(read(root, 'src/shelves.tools.ts')).toBe(module);
    expect(read(root, 'src/aisles.tools.ts')).toContain("description: 'Lists every aisle.',");
  });
});

describe('a type whose expansion never ends: a TSH005 at the parameter, the rest generated', () => {
  it.each([
    [
      'a generic holding itself with a larger type argument',
      shelvesSource('tree: Grow<string>', 'number', 'interface Grow<T> {\n  value: T;\n  kids: Grow<T[]>[];\n}'),
      'src/shelves.ts:16:23 - error TSH005: Tool "count_shelves": the type "Grow<string>" at /tree cannot be represented in JSON Schema: expansion limit reached: Grow<string> holds Grow<string[]>, which holds a Grow of a larger type again, so every level is a new type and the schema would never end (toolgen stops after 10 nested Grow types). Fix: let Grow hold itself with the same type arguments (Grow<T> inside Grow<T>), which becomes a $ref, or declare the levels as types of their own.',
    ],
    [
      'the same in a result',
      shelvesSource('aisle: number', 'Grow<string>', 'interface Grow<T> {\n  value: T;\n  kids: Grow<T[]>[];\n}'),
      'src/shelves.ts:16:39 - error TSH006: Tool "count_shelves": its result cannot be serialized to JSON: the type "Grow<string>" at /: expansion limit reached: Grow<string> holds Grow<string[]>, which holds a Grow of a larger type again, so every level is a new type and the schema would never end (toolgen stops after 10 nested Grow types). Fix: let Grow hold itself with the same type arguments (Grow<T> inside Grow<T>), which becomes a $ref, or declare the levels as types of their own.',
    ],
    [
      'a tuple alias growing through its own elements',
      shelvesSource('deep: Deep<string>', 'number', 'type Deep<T> = [T, Deep<[T]>?];'),
      'src/shelves.ts:13:23 - error TSH005: Tool "count_shelves": the type "Deep<string>" at /deep cannot be represented in JSON Schema: expansion limit reached: the type nests more than 64 levels deep, so toolgen stops deriving its schema. Fix: let the type refer to itself by name (a recursive type becomes a $ref), or flatten the data into fewer levels.',
    ],
    [
      'a generic expanding along two members at once, stopped at once',
      shelvesSource('bush: Bush<string>', 'number', 'interface Bush<T> {\n  left: Bush<[T]>;\n  right: Bush<T[]>;\n}'),
      'src/shelves.ts:16:23 - error TSH005: Tool "count_shelves": the type "Bush<string>" at /bush cannot be represented in JSON Schema: expansion limit reached: Bush<string> holds Bush<[string]>, which holds a Bush of a larger type again, so every level is a new type and the schema would never end (toolgen stops after 10 nested Bush types). Fix: let Bush hold itself with the same type arguments (Bush<T> inside Bush<T>), which becomes a $ref, or declare the levels as types of their own.',
    ],
    [
      'a tuple alias forking at every level, stopped at once',
      shelvesSource('fork: Fork<string>', 'number', 'type Fork<T> = [Fork<[T]>?, Fork<[T, T]>?];'),
      'src/shelves.ts:13:23 - error TSH005: Tool "count_shelves": the type "Fork<string>" at /fork cannot be represented in JSON Schema: expansion limit reached: the type nests more than 64 levels deep, so toolgen stops deriving its schema. Fix: let the type refer to itself by name (a recursive type becomes a $ref), or flatten the data into fewer levels.',
    ],
  ])('%s', async (_, broken, line) => {
    const root = writeProject({ 'src/shelves.ts': broken, 'src/aisles.ts': aislesSource() });
    const result = await run(root);
    expect(result).toEqual({ code: 1, stdout: `${line}\ntoolgen: 1 toolset, 1 tool; 1 error, 0 warnings; 2 files written.\n`, stderr: '' });
    expect(existsSync(path.join(root, 'src/shelves.tools.ts'))).toBe(false);
    expect(read(root, 'src/aisles.tools.ts')).toContain("name: 'list_aisles',");
  });
});

describe('types that only look endless still generate', () => {
  it('a generic nested by hand, one recursive with the same arguments, and a deep mapped type over a deep model', async () => {
    const types = [
      'interface Box<T> {\n  value: T;\n}',
      'interface Tree<T> {\n  value: T;\n  kids: Tree<T>[];\n}',
      'type DeepPartial<T> = { [K in keyof T]?: DeepPartial<T[K]> };',
      ...[1, 2, 3, 4, 5, 6, 7].map((level) => `interface Level${level} {\n  name: string;\n  next: Level${level + 1};\n}`),
      'interface Level8 {\n  name: string;\n}',
    ].join('\n');
    const parameters = 'box: Box<Box<Box<Box<string>>>>, tree: Tree<number>, plan: DeepPartial<Level1>';
    const source = shelvesSource(parameters, 'Tree<string>', types).replace(/ {3}\* @param box The aisle\.\n/, (line) =>
      `${line}   * @param tree The tree.\n   * @param plan The plan.\n`,
    );
    const root = writeProject({ 'src/shelves.ts': source });
    const result = await run(root);
    expect(result).toEqual({ code: 0, stdout: 'toolgen: 1 toolset, 1 tool; 0 errors, 0 warnings; 2 files written.\n', stderr: '' });
  });
});

describe('files toolgen cannot read or write: one line naming the path and the cause, exit 3', () => {
  it('a module path that is a directory', async () => {
    const root = writeProject({ 'src/shelves.ts': shelvesSource(), 'src/aisles.ts': aislesSource(), 'src/shelves.tools.ts/keep.txt': 'mine' });
    const result = await run(root);
    expect(result).toEqual({ code: 3, stdout: '', stderr: 'toolgen: cannot write src/shelves.tools.ts: it is a directory (EISDIR)\n' });
    expect(readdirSync(path.join(root, 'src')).filter((name) => name.startsWith('.toolgen-tmp-'))).toEqual([]);
    expect(read(root, 'src/shelves.tools.ts/keep.txt')).toBe('mine');
  });

  it('a manifest path that is a directory, with the good modules kept', async () => {
    const root = await generatedProject();
    rmSync(path.join(root, 'toolgen.manifest.json'));
    mkdirSync(path.join(root, 'toolgen.manifest.json'));
    write(root, 'src/aisles.ts', aislesSource('Lists every aisle.'));
    const before = snapshot(root);
    for (const argv of [[], ['--check']]) {
      const result = await run(root, ...argv);
      expect(result).toEqual({ code: 3, stdout: '', stderr: 'toolgen: cannot read toolgen.manifest.json: it is a directory (EISDIR)\n' });
      expect(snapshot(root)).toEqual(before);
    }
  });

  it('--out-dir naming a file is a usage error; a folder under it that is a file cannot be written', async () => {
    const root = writeProject({ 'src/shelves.ts': shelvesSource(), 'notes.txt': 'mine', 'gen/src': 'mine too' });
    const before = snapshot(root);
    expect(await run(root, '--out-dir', 'notes.txt')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'toolgen: --out-dir notes.txt cannot be a folder: notes.txt is a file. Pass a folder, or a path toolgen can create.\n',
    });
    expect(await run(root, '--out-dir', 'notes.txt/gen')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'toolgen: --out-dir notes.txt/gen cannot be a folder: notes.txt is a file. Pass a folder, or a path toolgen can create.\n',
    });
    expect(await run(root, '--out-dir', 'gen')).toEqual({
      code: 3,
      stdout: '',
      stderr: 'toolgen: cannot write gen/src/shelves.tools.ts: gen/src is a file, not a folder (EEXIST)\n',
    });
    expect(snapshot(root)).toEqual(before);
  });

  // as root, chmod denies nothing; an immutable file or folder (chattr +i) is refused even to root
  const immutable = canMakeImmutable();
  it.skipIf(!immutable)('an immutable module, folder or orphan (chattr +i): nothing changed and no temporary file left', async () => {
    const root = await generatedProject({ 'src/old.ts': aislesSource().replaceAll('Aisle', 'Old') });
    write(root, 'src/shelves.ts', shelvesSource().replace('Counts the shelves', 'Counts every shelf'));
    const before = snapshot(root);
    const cases: [string, string][] = [
      ['src/shelves.tools.ts', 'toolgen: cannot write src/shelves.tools.ts: the operation is not permitted (the file or its folder may be read-only or immutable) (EPERM)\n'],
      ['src', 'toolgen: cannot write src/shelves.tools.ts: the operation is not permitted (the file or its folder may be read-only or immutable) (EPERM)\n'],
    ];
    for (const [target, stderr] of cases) {
      chattr('+i', path.join(root, target));
      try {
        expect(await run(root)).toEqual({ code: 3, stdout: '', stderr });
      } finally {
        chattr('-i', path.join(root, target));
      }
      expect(snapshot(root)).toEqual(before);
    }

    write(root, 'src/shelves.ts', shelvesSource());
    rmSync(path.join(root, 'src/old.ts'));
    const orphaned = snapshot(root);
    chattr('+i', path.join(root, 'src/old.tools.ts'));
    try {
      expect(await run(root)).toEqual({
        code: 3,
        stdout: '',
        stderr: 'toolgen: cannot remove src/old.tools.ts: the operation is not permitted (the file or its folder may be read-only or immutable) (EPERM)\n',
      });
    } finally {
      chattr('-i', path.join(root, 'src/old.tools.ts'));
    }
    // orphans are removed last, after the manifest that no longer lists them
    expect(snapshot(root)).toEqual({ ...orphaned, 'toolgen.manifest.json': read(root, 'toolgen.manifest.json') });
    expect(read(root, 'toolgen.manifest.json')).not.toContain('OldToolset');
  });

  it('in watch mode, a module path that is a directory is said on one line and the watcher goes on', async () => {
    const root = writeProject({ 'src/shelves.ts': shelvesSource(), 'src/aisles.ts': aislesSource() });
    mkdirSync(path.join(root, 'src/shelves.tools.ts'));
    let stdout = '';
    let stderr = '';
    const controller = new AbortController();
    const exit = main(['--watch'], { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) }, root, controller.signal);
    await until(() => stderr !== '');
    controller.abort();
    expect(await exit).toBe(0);
    if (stackTrace.test(stdout) || stackTrace.test(stderr)) {
      rawErrors++;
    }
    expect(stderr).toBe('toolgen: cannot write src/shelves.tools.ts: it is a directory (EISDIR)\n');
    expect(stdout).not.toMatch(stackTrace);
    expect(readdirSync(path.join(root, 'src')).filter((name) => name.startsWith('.toolgen-tmp-'))).toEqual([]);
  });

  it('any other fault is one line too, saying it is a bug in toolgen', () => {
    expect(describeFault(new RangeError('Maximum call stack size exceeded'), '/')).toBe(
      'internal error: RangeError: Maximum call stack size exceeded. This is a bug in toolgen; run again with TOOLGEN_DEBUG=1 to print its stack trace, and report it.',
    );
    const eacces = Object.assign(new Error("EACCES: permission denied, open '/work/app/src/shelves.tools.ts'"), {
      code: 'EACCES',
      syscall: 'open',
      path: '/work/app/src/shelves.tools.ts',
    });
    expect(describeFault(eacces, '/work/app')).toBe('cannot read src/shelves.tools.ts: permission denied (EACCES)');
  });
});

function canMakeImmutable(): boolean {
  const probe = writeProject({ 'probe.txt': '' });
  try {
    chattr('+i', path.join(probe, 'probe.txt'));
    chattr('-i', path.join(probe, 'probe.txt'));
    return true;
  } catch {
    return false;
  }
}

function chattr(flag: '+i' | '-i', file: string): void {
  execFileSync('chattr', [flag, file], { stdio: 'ignore' });
}

describe('a tsconfig whose "files" names a missing file: a configuration error, exit 2', () => {
  it('says which file, and how to fix it', async () => {
    const root = writeProject({ 'src/shelves.ts': shelvesSource() }, { include: undefined, files: ['src/shelves.ts', 'src/missing.ts'] });
    const result = await run(root);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `toolgen: ${path.join(root, 'tsconfig.json')} lists src/missing.ts in "files", but there is no such file. Create it, or remove it from "files".\n`,
    });
    expect(readdirSync(path.join(root, 'src'))).toEqual(['shelves.ts']);
  });
});

describe('nothing outside the project is written or removed, whatever the manifest says', () => {
  it('a manifest module pointing into a sibling project, directly or through a symbolic link', async () => {
    const victim = writeProject({ 'src/aisles.ts': aislesSource() });
    expect((await run(victim)).code).toBe(0);
    const victimFiles = snapshot(victim);
    const root = await generatedProject();
    symlinkSync(path.join(victim, 'src'), path.join(root, 'link'));
    const manifest = JSON.parse(read(root, 'toolgen.manifest.json')) as { toolsets: { module: string; source: string }[] };
    const victimModule = path.relative(root, path.join(victim, 'src/aisles.tools.ts')).split(path.sep).join('/');
    manifest.toolsets.push(
      { ...manifest.toolsets[0]!, source: 'src/gone.ts', module: victimModule },
      { ...manifest.toolsets[0]!, source: 'src/gone2.ts', module: 'link/aisles.tools.ts' },
    );
    write(root, 'toolgen.manifest.json', JSON.stringify(manifest, null, 2));

    const result = await run(root);
    expect(result).toEqual({ code: 0, stdout: 'toolgen: 2 toolsets, 2 tools; 0 errors, 0 warnings; 1 file written.\n', stderr: '' });
    expect(snapshot(victim)).toEqual(victimFiles);
  });

  it('a manifest module that is not a generated file', async () => {
    const root = await generatedProject({ 'src/notes.tools.ts': '// my notes, not generated\nexport const notes = 1;\n' });
    const manifest = JSON.parse(read(root, 'toolgen.manifest.json')) as { toolsets: { module: string; source: string }[] };
    manifest.toolsets.push({ ...manifest.toolsets[0]!, source: 'src/notes.ts', module: 'src/notes.tools.ts' });
    write(root, 'toolgen.manifest.json', JSON.stringify(manifest, null, 2));
    const result = await run(root);
    expect(result.code).toBe(0);
    expect(read(root, 'src/notes.tools.ts')).toBe('// my notes, not generated\nexport const notes = 1;\n');
  });

  it('a toolset file the tsconfig takes from outside its folder: a configuration error, exit 2, nothing written there', async () => {
    const outside = writeProject({ 'src/shelves.ts': shelvesSource() });
    const outsideFiles = snapshot(outside);
    const shelves = path.relative(path.dirname(outside), path.join(outside, 'src/shelves.ts'));
    const root = writeProject({ 'src/aisles.ts': aislesSource() }, { include: ['src', `../${shelves}`] });
    const result = await run(root);
    const shown = `../${shelves.split(path.sep).join('/')}`;
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `toolgen: ${shown} holds toolsets, but its module ${shown.replace(/\.ts$/, '.tools.ts')} would be outside the project's folder, ` +
        `and toolgen writes only under the folder of ${path.join(root, 'tsconfig.json')}. Move the file under that folder, or generate it from a tsconfig whose folder holds it.\n`,
    });
    expect(snapshot(outside)).toEqual(outsideFiles);
    expect(existsSync(path.join(root, 'src/aisles.tools.ts'))).toBe(false);
  });
});
