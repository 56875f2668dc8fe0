import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProject } from '@toolgen/generator';
import { writeProject } from '../helpers.js';

const marker = '/*@*/';

/** Removes the `/*@*\/` markers and returns where each stood, as 1-based line and column. */
function markedPositions(source: string): { text: string; positions: { line: number; column: number }[] } {
  const positions: { line: number; column: number }[] = [];
  let text = source;
  for (let index = text.indexOf(marker); index >= 0; index = text.indexOf(marker)) {
    const before = text.slice(0, index).split('\n');
    positions.push({ line: before.length, column: before.at(-1)!.length + 1 });
    text = text.slice(0, index) + text.slice(index + marker.length);
  }
  return { text, positions };
}

function analyze(source: string, extra: Record<string, string> = {}) {
  const { text, positions } = markedPositions(source);
  const root = writeProject({ 'src/fixture.ts': text, ...extra });
  const analysis = analyzeProject(path.join(root, 'tsconfig.json'));
  const found = analysis.diagnostics
    .filter((diagnostic) => diagnostic.file.endsWith('/src/fixture.ts'))
    .map(({ code, line, column }) => ({ code, line, column }));
  return { analysis, found, positions };
}

const header = `import { Toolset, type ToolServices } from '@toolgen/runtime';\n`;

interface Row {
  readonly name: string;
  readonly code: string;
  readonly source: string;
  readonly extra?: Record<string, string>;
}

const rows: Row[] = [
  {
    name: 'a toolset that is not exported',
    code: 'TSH001',
    source: `${header}class /*@*/HiddenToolset extends Toolset {
  constructor() { super(); this.addTool(HiddenToolset.ping); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}
export const keep = HiddenToolset;`,
  },
  {
    name: 'an instance method',
    code: 'TSH002',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(/*@*/this.ping); }
  /** Answers. */
  ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'a lambda',
    code: 'TSH003',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(/*@*/() => 'pong'); }
}`,
  },
  {
    name: 'a rest parameter',
    code: 'TSH004',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. */
  static ping(/*@*/...names: string[]): string { return names.join(); }
}`,
  },
  {
    name: 'a Map parameter',
    code: 'TSH005',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. @param counts Counts. */
  static ping(/*@*/counts: Map<string, number>): number { return counts.size; }
}`,
  },
  {
    name: 'a function result',
    code: 'TSH006',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. */
  static ping(): /*@*/() => void { return () => {}; }
}`,
  },
  {
    name: 'two tools with one name',
    code: 'TSH007',
    source: `${header}export class PingToolset extends Toolset {
  constructor() {
    super();
    this.addTool(PingToolset.ping);
    this.addTool(PingToolset.pong).withName(/*@*/'ping');
  }
  /** Answers. */
  static /*@*/ping(): string { return 'pong'; }
  /** Answers too. */
  static pong(): string { return 'ping'; }
}`,
  },
  {
    name: 'a name that is not snake_case',
    code: 'TSH008',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).withName(/*@*/'Ping-Tool'); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'no description',
    code: 'TSH009',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  static /*@*/ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'an undocumented parameter',
    code: 'TSH010',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. */
  static ping(/*@*/times: number, services: ToolServices): string { return 'pong'.repeat(times) + String(services); }
}`,
  },
  {
    name: 'a @param for no parameter',
    code: 'TSH011',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /**
   * Answers.
   * @param times How often.
   * @param /*@*/count Nothing.
   */
  static ping(times: number): string { return 'pong'.repeat(times); }
}`,
  },
  {
    name: 'configurable naming a readonly member',
    code: 'TSH012',
    source: `${header}export class Settings { limit = 1; readonly version = 2; }
export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).withSettings<Settings>().configurable((s) => s./*@*/version); }
  /** Answers. */
  static ping(settings: Settings): number { return settings.limit; }
}`,
  },
  {
    name: 'a non-literal chain argument',
    code: 'TSH013',
    source: `${header}const description = 'Answers.';
export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).withDescription(/*@*/description); }
  static ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'addTool inside a branch',
    code: 'TSH014',
    source: `${header}export class PingToolset extends Toolset {
  constructor() {
    super();
    if (Date.now() > 0) {
      /*@*/this.addTool(PingToolset.ping);
    }
  }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'a chain stored in a variable',
    code: 'TSH015',
    source: `${header}export class PingToolset extends Toolset {
  constructor() {
    super();
    const builder = /*@*/this.addTool(PingToolset.ping);
    builder.readOnly();
  }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'a method added twice',
    code: 'TSH016',
    source: `${header}export class PingToolset extends Toolset {
  constructor() {
    super();
    this.addTool(PingToolset.ping);
    this.addTool(/*@*/PingToolset.ping).withName('ping_again');
  }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'an indirect toolset',
    code: 'TSH017',
    source: `${header}export class BaseToolset extends Toolset {}
export class PingToolset extends /*@*/BaseToolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'both confidentiality marks',
    code: 'TSH018',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).confidentialOnly()./*@*/nonConfidentialOnly(); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'a workspace path that is not a string',
    code: 'TSH019',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.read).workspacePath(/*@*/'line'); }
  /** Reads. @param path The file. @param line The line. */
  static read(path: string, line: number): string { return path + line; }
}`,
  },
];

describe('diagnostics fire at the offending node', () => {
  it.each(rows)('$code: $name', ({ code, source, extra }) => {
    const { found, positions } = analyze(source, extra);
    const expected = positions.map((position) => ({ code, ...position }));
    expect(found.filter((diagnostic) => diagnostic.code === code)).toEqual(expected);
  });
});

describe('a toolset with errors', () => {
  it('is left out whole, while the other toolsets of the file still generate', () => {
    const { analysis } = analyze(`${header}export class GoodToolset extends Toolset {
  constructor() { super(); this.addTool(GoodToolset.ping); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}
export class BadToolset extends Toolset {
  constructor() { super(); this.addTool(BadToolset.good); this.addTool(BadToolset.bad); }
  /** Fine. */
  static good(): string { return ''; }
  /** Not fine. @param set A set. */
  static bad(set: Set<string>): number { return set.size; }
}`);
    expect(analysis.toolsets.map((toolset) => [toolset.className, toolset.hasErrors])).toEqual([
      ['GoodToolset', false],
      ['BadToolset', true],
    ]);
  });
});
