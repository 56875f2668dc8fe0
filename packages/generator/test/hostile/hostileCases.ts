import { ToolFailure, type AIFunction, type GeneratedToolset } from '@toolgen/runtime';

/*
 * The hostile arguments, run in a child process (hostile.test.ts bundles this file with the
 * generated modules and starts one process per group, killing it when it runs too long). Each
 * case is sent to `invoke` and to `~standard.validate`. The only acceptable outcomes: `invoke`
 * resolves, or rejects with a ToolFailure (a ToolArgumentError among them) whose message stays
 * small; `validate` returns a result. Anything else is a raw error: another rejection, a throw,
 * a message past the bound, or a prototype that changed.
 */

/** What a model may be sent about one call, at most (20 issues of bounded pointers and messages fit well inside). */
export const maxMessageLength = 16_000;

export type Outcome = 'resolved' | 'failure' | 'result' | 'raw';

export interface CaseResult {
  readonly name: string;
  readonly via: 'invoke' | 'validate';
  readonly outcome: Outcome;
  readonly detail?: string;
  readonly ms: number;
}

interface HostileCase {
  readonly name: string;
  readonly tool: string;
  /** Made fresh for each use: a tool may keep what it receives. */
  readonly args: () => unknown;
  readonly lenient?: boolean;
}

type Tools = ReadonlyMap<string, AIFunction>;

/** A valid call of each tool, for the cases that break it one place at a time. */
const validCalls: Readonly<Record<string, () => Record<string, unknown>>> = {
  hostile__count_nodes: () => ({ tree: { label: 'a', children: [{ label: 'b', children: [] }] } }),
  hostile__store_json: () => ({ document: { a: [1, 'x', null, true, { b: {} }] } }),
  hostile__tally: () => ({ counts: { a: 1 }, groups: { g: { b: 2 } } }),
  hostile__search: () => ({
    filter: { query: 'printer', status: 'open', owner: 'ada@example.com', id: '123e4567-e89b-12d3-a456-426614174000', link: 'https://example.com/a', tags: ['x'], range: [1, 2], limit: 5 },
  }),
  hostile__schedule: () => ({ at: '2026-01-31T09:00:00Z', until: null, link: 'https://example.com/' }),
  hostile__echo: () => ({ payload: { any: ['thing'] } }),
  hostile__draw: () => ({ shapes: [{ kind: 'circle', radius: 1 }, { kind: 'rect', width: 1, height: 2 }] }),
  ticket__search_tickets: () => ({ query: 'printer' }),
  ticket__get_ticket: () => ({ number: 1 }),
  ticket__close_ticket: () => ({ number: 1, reason: 'fixed' }),
};

const deepArrays = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);
const deepObjects = (levels: number): unknown => JSON.parse(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);
const deepTree = (levels: number): unknown => JSON.parse(`${'{"label":"a","children":['.repeat(levels)}{"label":"z"}${']}'.repeat(levels)}`);

/** `into` (a new object when left out) with `count` more keys: into the object itself, since spreading 100,000 keys into another took as long again. */
function manyKeys(count: number, value: (index: number) => unknown, into: Record<string, unknown> = {}): Record<string, unknown> {
  for (let index = 0; index < count; index++) into[`key${index}`] = value(index);
  return into;
}

/** `value` with `inner` at `levels` of `{"a": …}` down. */
function nestedIn(levels: number, inner: unknown): unknown {
  let value = inner;
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
}

/** Every place in a JSON value: the root, each property of an object, each element of an array. */
function places(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const found = [path];
  if (Array.isArray(value)) value.forEach((element, index) => found.push(...places(element, [...path, index])));
  else if (typeof value === 'object' && value !== null) for (const key of Object.keys(value)) found.push(...places((value as Record<string, unknown>)[key], [...path, key]));
  return found;
}

function replaced(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  Object.defineProperty(parent, path.at(-1)!, { value: replacement, enumerable: true, writable: true, configurable: true });
  return copy;
}

class Instance {
  label = 'a';
  query = 'printer';
}

/**
 * The long strings, made once for every case: a string is a value, which a tool can neither change nor keep apart from
 * its copies. Each case making its own, 270 of 10 MB and 250 of 1 MB, was 0.6 M of the suite's page faults.
 */
const tenMegabytes = 'x'.repeat(10_000_000);
const oneMegabyte = 'y'.repeat(1_000_000);
const wrongValues: readonly (readonly [string, () => unknown])[] = [
  ['null', () => null],
  ['true', () => true],
  ['0', () => 0],
  ['-0', () => -0],
  ['1e308', () => 1e308],
  ['NaN', () => Number.NaN],
  ['-Infinity', () => -Infinity],
  ['undefined', () => undefined],
  ['""', () => ''],
  ['a 1 MB string', () => oneMegabyte],
  ['[]', () => []],
  ['{}', () => ({})],
  ['[[[]]]', () => [[[]]]],
  ['a symbol', () => Symbol('s')],
  ['a bigint', () => 10n],
  ['a function', () => () => 1],
];

const groups: Readonly<Record<string, (tools: Tools) => HostileCase[]>> = {
  'deep nesting': (tools) => {
    const cases: HostileCase[] = [];
    const deep: readonly (readonly [string, () => unknown])[] = [
      ['arrays 10,000 deep', () => deepArrays(10_000)],
      ['objects 10,000 deep', () => deepObjects(10_000)],
      ['a tree 10,000 nodes deep', () => deepTree(10_000)],
      ['arrays 200,000 deep', () => deepArrays(200_000)],
    ];
    for (const tool of tools.keys()) {
      const call = validCalls[tool]!();
      for (const parameter of Object.keys(call)) {
        for (const [what, value] of deep) cases.push({ name: `${what} as ${parameter}`, tool, args: () => ({ ...validCalls[tool]!(), [parameter]: value() }) });
      }
    }
    cases.push(
      { name: 'a deep tree inside a valid tree', tool: 'hostile__count_nodes', args: () => ({ tree: { label: 'a', children: [{ label: 'b' }, deepTree(50_000)] } }) },
      { name: 'deep JSON in a map of maps', tool: 'hostile__tally', args: () => ({ counts: {}, groups: { g: deepObjects(10_000) } }) },
      { name: 'deep tags of a filter', tool: 'hostile__search', args: () => ({ filter: { query: 'a', tags: deepArrays(10_000) } }) },
      { name: 'deep shapes', tool: 'hostile__draw', args: () => ({ shapes: [deepObjects(10_000)] }) },
      {
        name: 'deep arguments sent as a JSON string, lenient',
        tool: 'hostile__count_nodes',
        args: () => `{"tree": ${'{"label":"a","children":['.repeat(10_000)}{"label":"z"}${']}'.repeat(10_000)}}`,
        lenient: true,
      },
      { name: 'deep arguments, lenient', tool: 'hostile__store_json', args: () => ({ document: deepArrays(100_000) }), lenient: true },
      { name: 'a tree exactly at the limit', tool: 'hostile__count_nodes', args: () => ({ tree: deepTree(31) }) },
    );
    return cases;
  },

  'huge key counts': (tools) => {
    const cases: HostileCase[] = [];
    for (const tool of tools.keys()) {
      cases.push({ name: '100,000 extra arguments', tool, args: () => manyKeys(100_000, (index) => index, validCalls[tool]!()) });
    }
    cases.push(
      { name: '100,000 counts', tool: 'hostile__tally', args: () => ({ counts: manyKeys(100_000, (index) => index) }) },
      { name: '100,000 counts of the wrong type', tool: 'hostile__tally', args: () => ({ counts: manyKeys(100_000, (index) => String(index)) }) },
      { name: '100,000 groups of 3', tool: 'hostile__tally', args: () => ({ counts: {}, groups: manyKeys(100_000, () => ({ a: 1, b: 'x', c: null })) }) },
      { name: '100,000 extra members of a filter', tool: 'hostile__search', args: () => ({ filter: manyKeys(100_000, () => 1, { query: 'a' }) }) },
      { name: '100,000 members 60 levels down in JSON', tool: 'hostile__store_json', args: () => ({ document: nestedIn(60, manyKeys(100_000, () => 1)) }) },
      { name: '100,000 non-JSON numbers 60 levels down in JSON', tool: 'hostile__store_json', args: () => ({ document: nestedIn(60, manyKeys(100_000, () => Number.NaN)) }) },
      { name: '100,000 wrong shapes', tool: 'hostile__draw', args: () => ({ shapes: Array.from({ length: 100_000 }, () => ({ kind: 'hexagon' })) }) },
      { name: '1,000,000 tags', tool: 'hostile__search', args: () => ({ filter: { query: 'a', tags: Array.from({ length: 1_000_000 }, () => 1) } }) },
      { name: '1,000,000 circles', tool: 'hostile__draw', args: () => ({ shapes: Array.from({ length: 1_000_000 }, () => ({ kind: 'circle', radius: 1 })) }) },
    );
    return cases;
  },

  'huge keys and values': (tools) => {
    const cases: HostileCase[] = [];
    for (const tool of tools.keys()) {
      cases.push({ name: 'a 10 MB extra argument name', tool, args: () => ({ ...validCalls[tool]!(), [tenMegabytes]: 1 }) });
      const call = validCalls[tool]!();
      for (const path of places(call).filter((each) => each.length > 0)) {
        cases.push({ name: `a 10 MB string at /${path.join('/')}`, tool, args: () => replaced(validCalls[tool]!(), path, tenMegabytes) });
      }
    }
    const near = (suffix: string): string => `${'a'.repeat(5_000_000)}${suffix}`;
    cases.push(
      { name: 'a 10 MB count name', tool: 'hostile__tally', args: () => ({ counts: { [tenMegabytes]: 1 } }) },
      { name: 'a 10 MB count name with a wrong value', tool: 'hostile__tally', args: () => ({ counts: { [tenMegabytes]: 'one' } }) },
      { name: '10 MB group and count names', tool: 'hostile__tally', args: () => ({ counts: {}, groups: { [tenMegabytes]: { [tenMegabytes]: 'x' } } }) },
      { name: 'a 5 MB almost-email', tool: 'hostile__search', args: () => ({ filter: { query: 'a', owner: `${near('')}@${near('.')}` } }) },
      { name: 'a 5 MB almost-URI', tool: 'hostile__search', args: () => ({ filter: { query: 'a', link: `http://${near(':')}@${near('%')}` } }) },
      { name: 'a 5 MB almost-date-time', tool: 'hostile__schedule', args: () => ({ at: `2026-01-31T09:00:00${'0'.repeat(5_000_000)}Z`, until: null }) },
      { name: 'a 5 MB fraction of a second', tool: 'hostile__schedule', args: () => ({ at: `2026-01-31T09:00:00.${'9'.repeat(5_000_000)}Z`, until: null }) },
      { name: 'a 5 MB URL', tool: 'hostile__schedule', args: () => ({ at: '2026-01-31T09:00:00Z', until: null, link: `https://example.com/${near('')}` }) },
    );
    return cases;
  },

  'prototype keys': (tools) => {
    const cases: HostileCase[] = [];
    const reserved = ['__proto__', 'constructor', 'prototype'];
    const polluting = (key: string) => `{"${key}": {"polluted": true, "prototype": {"polluted": true}, "__proto__": {"polluted": true}}}`;
    for (const tool of tools.keys()) {
      for (const key of reserved) {
        cases.push({ name: `${key} as an argument`, tool, args: () => Object.assign(JSON.parse(polluting(key)) as object, validCalls[tool]!()) });
        const call = validCalls[tool]!();
        for (const path of places(call).filter((each) => each.length > 0)) {
          cases.push({ name: `${key} in place of /${path.join('/')}`, tool, args: () => replaced(validCalls[tool]!(), path, JSON.parse(polluting(key))) });
        }
      }
    }
    for (const key of reserved) {
      cases.push(
        { name: `${key} as a count`, tool: 'hostile__tally', args: () => ({ counts: JSON.parse(`{"${key}": 1}`) }) },
        { name: `${key} as a group and a count`, tool: 'hostile__tally', args: () => ({ counts: {}, groups: JSON.parse(`{"${key}": {"${key}": 1, "polluted": 1}}`) }) },
        { name: `${key} 50 levels down in JSON`, tool: 'hostile__store_json', args: () => ({ document: nestedIn(50, JSON.parse(polluting(key))) }) },
        { name: `${key} as a member of a filter`, tool: 'hostile__search', args: () => ({ filter: { query: 'a', ...(JSON.parse(polluting(key)) as object) } }) },
        { name: `${key} as a member of a shape`, tool: 'hostile__draw', args: () => ({ shapes: [Object.assign(JSON.parse(polluting(key)) as object, { kind: 'circle', radius: 1 })] }) },
        { name: `${key} in a tree`, tool: 'hostile__count_nodes', args: () => ({ tree: { label: 'a', children: [JSON.parse(`{"label": "b", "${key}": {"polluted": true}}`)] } }) },
      );
    }
    return cases;
  },

  'wrong types at every level': (tools) => {
    const cases: HostileCase[] = [];
    for (const tool of tools.keys()) {
      const call = validCalls[tool]!();
      for (const path of places(call)) {
        for (const [what, value] of wrongValues) cases.push({ name: `${what} at /${path.join('/')}`, tool, args: () => replaced(validCalls[tool]!(), path, value()) });
        if (path.length > 0) {
          cases.push({ name: `/${path.join('/')} left out`, tool, args: () => replaced(validCalls[tool]!(), path, undefined) });
        }
      }
    }
    return cases;
  },

  'cyclic-looking structures': (tools) => {
    const cycle = (): Record<string, unknown> => {
      const node: Record<string, unknown> = { label: 'a' };
      node['children'] = [node, node, node];
      node['self'] = node;
      return node;
    };
    const array = (): unknown[] => {
      const list: unknown[] = [];
      list.push(list, list);
      return list;
    };
    const shared = (): unknown => {
      const leaf = { label: 'leaf', children: [] };
      return { label: 'root', children: Array.from({ length: 10_000 }, () => leaf) };
    };
    const cases: HostileCase[] = [];
    for (const tool of tools.keys()) {
      for (const parameter of Object.keys(validCalls[tool]!())) {
        cases.push(
          { name: `a cyclic object as ${parameter}`, tool, args: () => ({ ...validCalls[tool]!(), [parameter]: cycle() }) },
          { name: `a cyclic array as ${parameter}`, tool, args: () => ({ ...validCalls[tool]!(), [parameter]: array() }) },
          { name: `a JSON reference as ${parameter}`, tool, args: () => ({ ...validCalls[tool]!(), [parameter]: { $ref: '#' } }) },
          { name: `"[Circular]" as ${parameter}`, tool, args: () => ({ ...validCalls[tool]!(), [parameter]: '[Circular]' }) },
        );
      }
    }
    cases.push(
      { name: 'arguments that hold themselves', tool: 'hostile__echo', args: () => { const args: Record<string, unknown> = {}; args['payload'] = args; return args; } },
      { name: 'a tree holding itself as a child', tool: 'hostile__count_nodes', args: () => ({ tree: cycle() }) },
      { name: 'a tree sharing one leaf 10,000 times', tool: 'hostile__count_nodes', args: () => ({ tree: shared() }) },
      { name: 'JSON holding itself', tool: 'hostile__store_json', args: () => ({ document: cycle() }) },
      { name: 'a payload holding itself', tool: 'hostile__echo', args: () => ({ payload: cycle() }) },
      { name: 'counts holding themselves', tool: 'hostile__tally', args: () => { const counts: Record<string, unknown> = {}; counts['self'] = counts; return { counts, groups: { counts } }; } },
    );
    return cases;
  },

  'non-plain objects': (tools) => {
    const throwing = (): object => Object.defineProperty({ label: 'a' }, 'children', { enumerable: true, get: () => { throw new Error('a getter that throws'); } });
    const refusing = (): object => new Proxy({}, { ownKeys: () => { throw new Error('a proxy that throws'); }, get: () => { throw new Error('a proxy that throws'); } });
    const odd: readonly (readonly [string, () => unknown])[] = [
      ['a class instance', () => new Instance()],
      ['an object without a prototype', () => Object.assign(Object.create(null) as object, { label: 'a', query: 'printer' })],
      ['an array', () => ['a']],
      ['a Map', () => new Map([['label', 'a']])],
      ['a Set', () => new Set(['a'])],
      ['a Date', () => new Date(0)],
      ['a RegExp', () => /a/],
      ['a Promise', () => Promise.resolve(1)],
      ['a typed array', () => new Uint8Array(8)],
      ['a boxed string', () => new String('a')],
      ['an Error', () => new Error('e')],
      ['a frozen object', () => Object.freeze({ label: 'a' })],
      ['a sparse array', () => [, 'a', , 'b']],
      ['an array with a member', () => Object.assign(['a'], { extra: 1 })],
      ['an object with a throwing getter', throwing],
      ['a proxy that refuses to be read', refusing],
    ];
    const cases: HostileCase[] = [];
    for (const tool of tools.keys()) {
      for (const [what, value] of odd) {
        cases.push({ name: `${what} as the arguments`, tool, args: value });
        const call = validCalls[tool]!();
        for (const path of places(call).filter((each) => each.length > 0)) cases.push({ name: `${what} at /${path.join('/')}`, tool, args: () => replaced(validCalls[tool]!(), path, value()) });
      }
      cases.push(
        { name: 'arguments without a prototype', tool, args: () => Object.assign(Object.create(null) as object, validCalls[tool]!()) },
        { name: 'arguments as a class instance', tool, args: () => Object.assign(new Instance(), validCalls[tool]!()) },
        { name: 'arguments inheriting a member', tool, args: () => Object.assign(Object.create({ extra: 1 }) as object, validCalls[tool]!()) },
      );
    }
    return cases;
  },
};

export const hostileGroups = Object.keys(groups);

/** Names of Object.prototype, Array.prototype and Function.prototype: a change is pollution. */
function prototypeNames(): string {
  return [Object.prototype, Array.prototype, Function.prototype].map((prototype) => Object.getOwnPropertyNames(prototype).sort().join(',')).join('|');
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : `a thrown ${typeof error}`;
}

async function runCase(fn: AIFunction, hostile: HostileCase, clean: string): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  const polluted = (): string | undefined =>
    prototypeNames() !== clean || ({} as Record<string, unknown>)['polluted'] !== undefined ? 'a prototype changed' : undefined;

  // made outside the try: a case that cannot be made is a bug of the suite, not of what it tests
  const args = hostile.args();
  let started = performance.now();
  let outcome: Outcome;
  let detail: string | undefined;
  try {
    await fn.invoke(args, hostile.lenient === true ? { lenient: true } : {});
    outcome = 'resolved';
  } catch (error) {
    if (error instanceof ToolFailure && error.message.length <= maxMessageLength) {
      outcome = 'failure';
    } else {
      outcome = 'raw';
      detail = error instanceof ToolFailure ? `a ToolFailure of ${error.message.length} characters` : describeError(error);
    }
  }
  detail ??= polluted();
  results.push({ name: hostile.name, via: 'invoke', outcome: detail === undefined ? outcome : 'raw', ...(detail === undefined ? {} : { detail }), ms: performance.now() - started });

  if (hostile.lenient !== true) {
    const again = hostile.args();
    started = performance.now();
    try {
      const result = fn.parameters['~standard'].validate(again);
      const resolved = result instanceof Promise ? await result : result;
      detail = resolved.issues !== undefined && resolved.issues.length > 21 ? `${resolved.issues.length} issues` : polluted();
    } catch (error) {
      detail = describeError(error);
    }
    results.push({ name: hostile.name, via: 'validate', outcome: detail === undefined ? 'result' : 'raw', ...(detail === undefined ? {} : { detail }), ms: performance.now() - started });
  }
  return results;
}

/** Runs one group against the generated toolsets and prints its results, one JSON document on stdout. */
export async function runHostileChild(toolsets: readonly GeneratedToolset[]): Promise<void> {
  const group = process.argv[2] ?? '';
  const make = groups[group];
  if (make === undefined) {
    throw new Error(`no hostile group ${JSON.stringify(group)}; there are ${hostileGroups.join(', ')}`);
  }
  const tools: Tools = new Map(toolsets.flatMap((toolset) => toolset.functions).map((fn) => [fn.qualifiedName, fn]));
  const missing = Object.keys(validCalls).filter((name) => !tools.has(name));
  if (missing.length > 0) {
    throw new Error(`the generated modules lack ${missing.join(', ')}`);
  }
  const clean = prototypeNames();
  const results: CaseResult[] = [];
  for (const hostile of make(tools)) {
    results.push(...(await runCase(tools.get(hostile.tool)!, { ...hostile, name: `${hostile.tool}: ${hostile.name}` }, clean)));
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
}
