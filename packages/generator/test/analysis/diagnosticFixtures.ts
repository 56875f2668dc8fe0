/**
 * One triggering source per diagnostic (and per message of it), with its fixed counterpart. Shared
 * by the generator's analysis tests and the ESLint plugin's rule tests, so both check the same
 * codes, messages and spans.
 *
 * Each offending node is wrapped in span markers, `/*<*\/` before and `/*>*\/` after it, listed in
 * source order; `messages` holds one expected message per span, in the same order.
 */

import { chainAndTagFixtures } from './chainAndTagFixtures.js';

/** The file every fixture is analyzed as, relative to its project's tsconfig.json. */
export const fixtureFile = 'src/fixture.ts';

/** A second toolset beside the fixture (for TSH007 across files); the ESLint fixture project holds it on disk. */
export const otherFile = 'src/other.ts';

export const otherSource = `import { Toolset } from '@toolgen/runtime';

export class OrderToolset extends Toolset {
  constructor() {
    super();
    this.addTool(OrderToolset.listOrders).readOnly();
  }

  /** Lists the customer's orders, newest first. */
  static listOrders(): string[] {
    return [];
  }
}
`;

export interface ExpectedMessage {
  readonly messageId: string;
  readonly data: Readonly<Record<string, string>>;
}

export interface DiagnosticFixture {
  readonly name: string;
  readonly code: string;
  /** The source of {@link fixtureFile}, with every offending node of `code` marked. */
  readonly source: string;
  readonly messages: readonly ExpectedMessage[];
  /** The same source, fixed: it raises no diagnostic at all. */
  readonly fixed: string;
  /** Other files of the project, by path. */
  readonly extra?: Readonly<Record<string, string>>;
}

export interface MarkedSpan {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

const spanStart = '/*<*/';
const spanEnd = '/*>*/';

/** Removes the span markers and returns each span as 1-based lines and columns (the end column is exclusive). */
export function markedSpans(source: string): { text: string; spans: MarkedSpan[] } {
  const spans: MarkedSpan[] = [];
  let text = source;
  const position = (offset: number) => {
    const before = text.slice(0, offset).split('\n');
    return { line: before.length, column: before.at(-1)!.length + 1 };
  };
  for (let start = text.indexOf(spanStart); start >= 0; start = text.indexOf(spanStart)) {
    text = text.slice(0, start) + text.slice(start + spanStart.length);
    const end = text.indexOf(spanEnd, start);
    if (end < 0) {
      throw new Error(`A span opened at offset ${start} is never closed`);
    }
    text = text.slice(0, end) + text.slice(end + spanEnd.length);
    const from = position(start);
    const to = position(end);
    spans.push({ line: from.line, column: from.column, endLine: to.line, endColumn: to.column });
  }
  return { text, spans };
}

const header = `import { Toolset, type ToolServices } from '@toolgen/runtime';\n`;

/** A clean toolset most fixed sources reduce to. */
const pingToolset = `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`;

const fixtures: readonly DiagnosticFixture[] = [
  {
    name: 'a toolset that is not exported',
    code: 'TSH001',
    source: `${header}class /*<*/HiddenToolset/*>*/ extends Toolset {
  constructor() { super(); this.addTool(HiddenToolset.ping); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}
export const keep = HiddenToolset;`,
    messages: [{ messageId: 'notExported', data: { className: 'HiddenToolset' } }],
    fixed: `${header}export class HiddenToolset extends Toolset {
  constructor() { super(); this.addTool(HiddenToolset.ping); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'an instance method',
    code: 'TSH002',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(/*<*/this.ping/*>*/); }
  /** Answers. */
  ping(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'instanceMethod', data: { method: 'ping', className: 'PingToolset' } }],
    fixed: pingToolset,
  },
  {
    name: 'a lambda',
    code: 'TSH003',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(/*<*/() => 'pong'/*>*/); }
}`,
    messages: [{ messageId: 'notMethodReference', data: { found: 'a function expression', className: 'PingToolset', example: '' } }],
    fixed: pingToolset,
  },
  {
    name: 'a variable',
    code: 'TSH003',
    source: `${header}const ping = (): string => 'pong';
export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(/*<*/ping/*>*/); }
}`,
    messages: [{ messageId: 'notMethodReference', data: { found: 'the variable "ping"', className: 'PingToolset', example: '' } }],
    fixed: pingToolset,
  },
  {
    name: 'a rest parameter',
    code: 'TSH004',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. */
  static ping(/*<*/...names: string[]/*>*/): string { return names.join(); }
}`,
    messages: [{ messageId: 'restParameter', data: { parameter: 'names', method: 'ping' } }],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. @param names Who asks. */
  static ping(names: string[]): string { return names.join(); }
}`,
  },
  {
    name: 'a this parameter',
    code: 'TSH004',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. */
  static ping(/*<*/this: void/*>*/): string { return 'pong'; }
}`,
    messages: [{ messageId: 'thisParameter', data: { method: 'ping' } }],
    fixed: pingToolset,
  },
  {
    name: 'a Map parameter',
    code: 'TSH005',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. @param counts Counts. */
  static ping(/*<*/counts: Map<string, number>/*>*/): number { return counts.size; }
}`,
    messages: [
      {
        messageId: 'unrepresentable',
        data: {
          tool: 'ping',
          typeText: 'Map<string, number>',
          pointer: '/counts',
          reason: 'a Map has no JSON form (JSON.stringify turns it into {})',
          fix: 'use Record<string, number> or an array of [key, value] pairs',
          more: '',
        },
      },
    ],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. @param counts Counts. */
  static ping(counts: Record<string, number>): number { return Object.keys(counts).length; }
}`,
  },
  {
    name: 'a default its own schema does not take',
    code: 'TSH005',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. @param limit How many. {@maximum 10} */
  static ping(/*<*/limit = 50/*>*/): number { return limit; }
}`,
    messages: [
      {
        messageId: 'refusedDefault',
        data: {
          tool: 'ping',
          typeText: 'number',
          pointer: '/limit',
          reason: 'limit = 50: must be at most 10',
          fix: 'give limit a default its type and tags allow, or change those tags',
          more: '',
        },
      },
    ],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. @param limit How many. {@maximum 10} */
  static ping(limit = 10): number { return limit; }
}`,
  },
  {
    name: 'a function result',
    code: 'TSH006',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. */
  static ping(): /*<*/() => void/*>*/ { return () => {}; }
}`,
    messages: [
      {
        messageId: 'unserializable',
        data: {
          tool: 'ping',
          typeText: '() => void',
          pointer: '/',
          reason: 'a function has no JSON form (JSON.stringify drops it or turns it into null)',
          fix: 'return the data the function would compute instead of the function',
          more: '',
        },
      },
    ],
    fixed: pingToolset,
  },
  {
    name: 'two tools with one name',
    code: 'TSH007',
    source: `${header}export class PingToolset extends Toolset {
  constructor() {
    super();
    this.addTool(PingToolset.ping);
    this.addTool(PingToolset.pong).withName(/*<*/'ping'/*>*/);
  }
  /** Answers. */
  static /*<*/ping/*>*/(): string { return 'pong'; }
  /** Answers too. */
  static pong(): string { return 'ping'; }
}`,
    messages: [
      { messageId: 'duplicateName', data: { name: 'ping', other: 'tool "ping" of PingToolset (src/fixture.ts:9:10)' } },
      { messageId: 'duplicateName', data: { name: 'ping', other: 'tool "ping" of PingToolset (src/fixture.ts:6:45)' } },
    ],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() {
    super();
    this.addTool(PingToolset.ping);
    this.addTool(PingToolset.pong).withName('pong_back');
  }
  /** Answers. */
  static ping(): string { return 'pong'; }
  /** Answers too. */
  static pong(): string { return 'ping'; }
}`,
  },
  {
    name: 'a name another file uses',
    code: 'TSH007',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).withName(/*<*/'list_orders'/*>*/); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'duplicateName', data: { name: 'list_orders', other: 'tool "list_orders" of OrderToolset (src/other.ts:10:10)' } }],
    fixed: pingToolset,
    extra: { [otherFile]: otherSource },
  },
  {
    name: 'a name that is not snake_case',
    code: 'TSH008',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).withName(/*<*/'Ping-Tool'/*>*/); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'explicitName', data: { name: 'Ping-Tool', suggestion: 'ping_tool' } }],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).withName('ping_tool'); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'a camelCase name with an acronym: the suggestion splits it as the method-name rule does',
    code: 'TSH008',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).withName(/*<*/'searchHTTPLogs'/*>*/); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'explicitName', data: { name: 'searchHTTPLogs', suggestion: 'search_http_logs' } }],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).withName('search_http_logs'); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'a method name that derives no snake_case name',
    code: 'TSH008',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset._ping); }
  /** Answers. */
  static /*<*/_ping/*>*/(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'derivedName', data: { name: '_ping', method: '_ping', suggestion: 'ping' } }],
    fixed: pingToolset,
  },
  {
    name: 'no description',
    code: 'TSH009',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  static /*<*/ping/*>*/(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'noDescription', data: { tool: 'ping', method: 'ping' } }],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).withDescription('Answers.'); }
  static ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'an undocumented parameter',
    code: 'TSH010',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. */
  static ping(/*<*/times/*>*/: number, services: ToolServices): string { return 'pong'.repeat(times) + String(services); }
}`,
    messages: [{ messageId: 'noParamDoc', data: { parameter: 'times', tool: 'ping', method: 'ping' } }],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. @param times How often. */
  static ping(times: number, services: ToolServices): string { return 'pong'.repeat(times) + String(services); }
}`,
  },
  {
    name: 'a @param with tags and no description',
    code: 'TSH010',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. @param times {@minimum 1} */
  static ping(/*<*/times/*>*/: number): string { return 'pong'.repeat(times); }
}`,
    messages: [{ messageId: 'emptyParamDoc', data: { parameter: 'times', tool: 'ping', method: 'ping' } }],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. @param times How often. {@minimum 1} */
  static ping(times: number): string { return 'pong'.repeat(times); }
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
   * @param /*<*/count/*>*/ Nothing.
   */
  static ping(times: number): string { return 'pong'.repeat(times); }
}`,
    messages: [{ messageId: 'unknownParam', data: { name: 'count', method: 'ping', parameters: 'times' } }],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /**
   * Answers.
   * @param times How often.
   */
  static ping(times: number): string { return 'pong'.repeat(times); }
}`,
  },
  {
    name: 'configurable naming a readonly member',
    code: 'TSH012',
    source: `${header}export class Settings { limit = 1; readonly version = 2; }
export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).withSettings<Settings>().configurable((s) => s./*<*/version/*>*/); }
  /** Answers. */
  static ping(settings: Settings): number { return settings.limit; }
}`,
    messages: [{ messageId: 'readonlyMember', data: { call: 'configurable', member: 'version', settingsType: 'Settings' } }],
    fixed: `${header}export class Settings { limit = 1; readonly version = 2; }
export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).withSettings<Settings>().configurable((s) => s.limit); }
  /** Answers. */
  static ping(settings: Settings): number { return settings.limit; }
}`,
  },
  {
    name: 'withSettings before another call',
    code: 'TSH012',
    source: `${header}export class Settings { limit = 1; }
export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping)./*<*/withSettings/*>*/<Settings>().readOnly(); }
  /** Answers. */
  static ping(settings: Settings): number { return settings.limit; }
}`,
    messages: [{ messageId: 'settingsNotLast', data: { call: 'withSettings' } }],
    fixed: `${header}export class Settings { limit = 1; }
export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).readOnly().withSettings<Settings>(); }
  /** Answers. */
  static ping(settings: Settings): number { return settings.limit; }
}`,
  },
  {
    name: 'a non-literal chain argument',
    code: 'TSH013',
    source: `${header}const description = 'Answers.';
export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).withDescription(/*<*/description/*>*/); }
  static ping(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'notLiteral', data: { call: 'withDescription', example: "'…'" } }],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).withDescription('Answers.'); }
  static ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'a network scope that does not exist',
    code: 'TSH013',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).networkScope(/*<*/'internet'/*>*/); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'invalidValue', data: { call: 'networkScope', allowed: "'none', 'incidental', 'egress'", value: "'internet'" } }],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).networkScope('egress'); }
  /** Answers. */
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
      /*<*/this.addTool(PingToolset.ping)/*>*/;
    }
  }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'notTopLevel', data: { className: 'PingToolset', where: 'inside a branch' } }],
    fixed: pingToolset,
  },
  {
    name: 'addTool in a helper method',
    code: 'TSH014',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.register(); }
  private register(): void { /*<*/this.addTool(PingToolset.ping)/*>*/; }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'notTopLevel', data: { className: 'PingToolset', where: 'in the member "register"' } }],
    fixed: pingToolset,
  },
  {
    name: 'a chain stored in a variable',
    code: 'TSH015',
    source: `${header}export class PingToolset extends Toolset {
  constructor() {
    super();
    const builder = /*<*/this.addTool(PingToolset.ping)/*>*/;
    builder.readOnly();
  }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'splitChain', data: { variable: 'builder' } }],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() {
    super();
    this.addTool(PingToolset.ping).readOnly();
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
    this.addTool(/*<*/PingToolset.ping/*>*/).withName('ping_again');
  }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'addedTwice', data: { className: 'PingToolset', method: 'ping' } }],
    fixed: pingToolset,
  },
  {
    name: 'an indirect toolset',
    code: 'TSH017',
    source: `${header}export class BaseToolset extends Toolset {}
export class PingToolset extends /*<*/BaseToolset/*>*/ {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'indirectBase', data: { className: 'PingToolset', base: 'BaseToolset' } }],
    fixed: pingToolset,
  },
  {
    name: 'a toolset with type parameters',
    code: 'TSH017',
    source: `${header}export class PingToolset</*<*/T/*>*/> extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. */
  static ping(): string { return 'pong'; }
  declare readonly marker?: T;
}`,
    messages: [{ messageId: 'typeParameters', data: { className: 'PingToolset' } }],
    fixed: pingToolset,
  },
  {
    name: 'both confidentiality marks',
    code: 'TSH018',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).confidentialOnly()./*<*/nonConfidentialOnly/*>*/(); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'conflictingConfidentiality', data: { subject: 'Tool "ping"' } }],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).confidentialOnly(); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'both confidentiality marks on the toolset',
    code: 'TSH018',
    source: `${header}export class PingToolset extends Toolset {
  constructor() {
    super();
    this.confidentialOnly();
    this./*<*/nonConfidentialOnly/*>*/();
    this.addTool(PingToolset.ping);
  }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'conflictingConfidentiality', data: { subject: 'Toolset PingToolset' } }],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() {
    super();
    this.nonConfidentialOnly();
    this.addTool(PingToolset.ping);
  }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'annotations of a write on a read-only tool, and an empty title',
    code: 'TSH024',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).readOnly()./*<*/additive/*>*/()./*<*/idempotent/*>*/().withTitle(/*<*/''/*>*/); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
    messages: [
      { messageId: 'additiveOnReadOnly', data: { tool: 'ping' } },
      { messageId: 'idempotentOnReadOnly', data: { tool: 'ping' } },
      { messageId: 'emptyTitle', data: { tool: 'ping' } },
    ],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).readOnly().withTitle('Ping'); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
  },
  {
    name: 'a workspace path that is not a string',
    code: 'TSH019',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.read).workspacePath(/*<*/'line'/*>*/); }
  /** Reads. @param path The file. @param line The line. */
  static read(path: string, line: number): string { return path + line; }
}`,
    messages: [{ messageId: 'notString', data: { parameter: 'line', typeText: 'number' } }],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.read).workspacePath('path'); }
  /** Reads. @param path The file. @param line The line. */
  static read(path: string, line: number): string { return path + line; }
}`,
  },
  {
    name: 'a workspace path that names no parameter',
    code: 'TSH019',
    source: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.read).workspacePath(/*<*/'file'/*>*/); }
  /** Reads. @param path The file. */
  static read(path: string): string { return path; }
}`,
    messages: [{ messageId: 'unknownParameter', data: { parameter: 'file', method: 'read', parameters: 'path' } }],
    fixed: `${header}export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.read).workspacePath('path'); }
  /** Reads. @param path The file. */
  static read(path: string): string { return path; }
}`,
  },
  {
    name: 'a Toolset imported from a path of @toolgen/runtime that does not resolve',
    code: 'TSH026',
    source: `import { Toolset } from '@toolgen/runtime/toolset';
export class PingToolset extends /*<*/Toolset/*>*/ {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'unresolvedRuntime', data: { className: 'PingToolset', base: 'Toolset', module: '@toolgen/runtime/toolset' } }],
    fixed: pingToolset,
  },
  {
    name: 'a namespace import of @toolgen/runtime that does not resolve, renamed',
    code: 'TSH026',
    source: `import * as toolgen from '@toolgen/runtime/index.js';
export class PingToolset extends /*<*/toolgen.Toolset/*>*/ {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}`,
    messages: [{ messageId: 'unresolvedRuntime', data: { className: 'PingToolset', base: 'toolgen.Toolset', module: '@toolgen/runtime/index.js' } }],
    fixed: pingToolset,
  },
];

export const diagnosticFixtures: readonly DiagnosticFixture[] = [...fixtures, ...chainAndTagFixtures];
