// Writes a seeded benchmark project: N toolset files of M tools each, sharing model files whose
// types cover every SPEC §3 construct, plus per-tool argument interfaces for
// ts-json-schema-generator (in schema-args/, outside the toolgen project).
//
//   node bench/corpus.mjs <dir> <toolsets> <toolsPerToolset> [seed]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** mulberry32: a tiny seeded PRNG, so the corpus is the same on every machine. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const domains = ['Billing', 'Crm', 'Inventory', 'Shipping', 'Support', 'Calendar', 'Files', 'Reports', 'Hr', 'Payments', 'Catalog', 'Fleet'];
const nouns = ['Invoice', 'Customer', 'Order', 'Parcel', 'Ticket', 'Event', 'Document', 'Report', 'Employee', 'Payment', 'Product', 'Vehicle'];

/** The strict tsconfig of the bundled example: what a toolgen user compiles with. */
export const corpusCompilerOptions = {
  target: 'ES2022',
  lib: ['ES2022', 'DOM'],
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  types: [],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  verbatimModuleSyntax: true,
  skipLibCheck: true,
  noEmit: true,
};

/** One model file: every type construct of SPEC §3, names suffixed with k. */
function modelFile(k, rand) {
  const noun = nouns[k % nouns.length];
  const maxLength = 80 + Math.floor(rand() * 200);
  const limit = 10 + Math.floor(rand() * 90);
  return `/** Where a ${noun.toLowerCase()} is in its life. */
export type Status${k} = 'draft' | 'active' | 'suspended' | 'archived';

/** How urgent a ${noun.toLowerCase()} is. */
export enum Priority${k} {
  Low = 'low',
  Normal = 'normal',
  High = 'high',
  Critical = 'critical',
}

/** Log verbosity, as numbers. */
export enum Level${k} {
  Debug,
  Info,
  Warn,
  Error,
}

/** A postal address. */
export interface Address${k} {
  /**
   * Street and house number.
   * @minLength 1
   * @maxLength ${maxLength}
   */
  street: string;
  /** The city or town. */
  city: string;
  /**
   * Postal code, five digits.
   * @pattern ^[0-9]{5}$
   * @example "10115"
   */
  postalCode?: string;
  /** ISO country code. */
  country: 'DE' | 'FR' | 'US' | 'GB' | 'JP';
}

/** A ${noun.toLowerCase()} as the system stores it. */
export interface ${noun}${k} {
  /**
   * The record's number.
   * @integer
   * @minimum 1
   */
  id: number;
  /** Display name. */
  name: string;
  /**
   * Contact address.
   * @format email
   */
  email: string;
  address: Address${k};
  /** Labels anyone may add. */
  tags: readonly string[];
  /** Free-form key/value labels. */
  labels: Record<string, string>;
  /** When it was created. */
  createdAt: Date;
  /** Who owns it, if anyone yet. */
  owner: string | null;
  /** A note for humans. */
  note?: string | undefined;
  status: Status${k};
  priority: Priority${k};
  /**
   * Legacy code, kept for old clients.
   * @deprecated Use id instead.
   */
  legacyCode?: string;
}

/** An amount of money; a class with data members only. */
export class Money${k} {
  /**
   * The amount in minor units.
   * @integer
   * @minimum 0
   */
  amount = 0;
  /** Currency code. */
  currency: 'EUR' | 'USD' | 'GBP' = 'EUR';
}

/** One page of results. */
export interface Page${k}<T> {
  items: T[];
  /**
   * How many items match in all.
   * @integer
   * @minimum 0
   */
  total: number;
  /** Cursor of the next page; null on the last page. */
  next: string | null;
}

/** A drawable figure, discriminated by kind. */
export type Figure${k} =
  | { kind: 'circle'; /** @exclusiveMinimum 0 */ radius: number }
  | { kind: 'rect'; /** @exclusiveMinimum 0 */ width: number; /** @exclusiveMinimum 0 */ height: number }
  | { kind: 'polygon'; /** @minItems 3 */ points: [x: number, y: number][] };

/** A folder tree: recursive. */
export interface TreeNode${k} {
  label: string;
  children: TreeNode${k}[];
}

/** What to match; an intersection of two filters. */
export type Filter${k} = {
  status?: Status${k};
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  to?: Date;
} & {
  /**
   * Words to search for.
   * @maxLength 200
   */
  search?: string;
};

/** Named measurements: an index signature. */
export interface Metrics${k} {
  [metric: string]: number;
}

/** Fields a caller may change. */
export type ${noun}Patch${k} = Partial<Omit<${noun}${k}, 'id' | 'createdAt'>>;

/** A short reference. */
export type ${noun}Ref${k} = Pick<${noun}${k}, 'id' | 'name'>;

/** An address with every field. */
export type FullAddress${k} = Required<Address${k}>;

/** Money that cannot change. */
export type FrozenMoney${k} = Readonly<Money${k}>;

/** A time span as a tuple. */
export type Span${k} = [start: Date, end: Date];

/** A file to attach. */
export interface Attachment${k} {
  /**
   * File name.
   * @minLength 1
   * @maxLength 255
   */
  name: string;
  /**
   * Base64 chunks.
   * @minItems 1
   * @maxItems 16
   */
  parts: string[];
  /** Arbitrary metadata the client sends along. */
  meta: unknown;
  /** Anything else. */
  extra?: any;
  /**
   * Quality from 0 to 1.
   * @minimum 0
   * @exclusiveMaximum 1
   * @default 0.8
   */
  quality?: number;
}

/** The stored settings of the search tools. */
export class SearchSettings${k} {
  /**
   * How many results one search returns at most.
   * @minimum 1
   * @maximum ${limit}
   */
  limit = ${Math.min(10, limit)};
  /** Whether archived records are searched too. */
  includeArchived = false;
  /** Fixed in code. */
  readonly region: string = 'eu';
}
`;
}

const servicesFile = `/** The store the tools talk to, provided by the host. */
export interface Store {
  load<T>(kind: string, id: number, signal?: AbortSignal): Promise<T>;
  list<T>(kind: string, query: string, limit: number): Promise<T[]>;
  save(kind: string, value: unknown): Promise<void>;
}

declare module '@toolgen/runtime' {
  interface ToolServices {
    store: Store;
  }
}
`;

/**
 * Tool recipes: how a tool's parameters, result and body look. `t` holds the type names of the
 * toolset's model file. Each recipe returns the method, its chain, and its argument interface
 * for ts-json-schema-generator (the model-visible parameters, with the same types and docs).
 */
const recipes = [
  (t, name) => ({
    chain: '.readOnly()',
    params: [
      ['query', 'string', 'Words to look for.'],
      ['filter', t.Filter, 'Which records to include.'],
      ['page', 'number', 'The page to read, from 1.', '?'],
    ],
    method: `static async ${name}(query: string, filter: ${t.Filter}, services: ToolServices, signal: AbortSignal, page?: number): Promise<${t.Page}<${t.Entity}>>`,
    summary: `Searches ${t.noun.toLowerCase()} records, newest first.`,
    body: `    const found = await services.store.list<${t.Entity}>('${t.noun}', query, 20);
    signal.throwIfAborted();
    const matching = found.filter((item) => (filter.status === undefined || item.status === filter.status) && (filter.from === undefined || item.createdAt >= filter.from));
    const start = ((page ?? 1) - 1) * 20;
    return { items: matching.slice(start, start + 20), total: matching.length, next: start + 20 < matching.length ? String((page ?? 1) + 1) : null };`,
  }),
  (t, name) => ({
    chain: '.readOnly()',
    params: [['id', 'number', `The ${t.noun.toLowerCase()}'s number.`]],
    method: `static async ${name}(id: number, services: ToolServices, signal?: AbortSignal): Promise<${t.Entity} | null>`,
    summary: `Reads one ${t.noun.toLowerCase()} by its number.`,
    body: `    if (!Number.isInteger(id) || id < 1) {
      throw new ToolFailure(\`No ${t.noun.toLowerCase()} \${id} exists.\`, 'Pass a positive whole number.');
    }
    return services.store.load<${t.Entity} | null>('${t.noun}', id, signal);`,
  }),
  (t, name) => ({
    chain: ".requiresApproval().networkScope('egress')",
    params: [
      ['record', `Omit<${t.Entity}, 'id' | 'createdAt'>`, 'The new record.'],
      ['notify', 'boolean', 'Whether to e-mail the owner.', '= true'],
    ],
    method: `static async ${name}(record: Omit<${t.Entity}, 'id' | 'createdAt'>, notify = true, services: ToolServices): Promise<${t.Ref}>`,
    summary: `Creates a ${t.noun.toLowerCase()}.`,
    body: `    const id = Math.floor(Math.random() * 1_000_000) + 1;
    await services.store.save('${t.noun}', { ...record, id, createdAt: new Date(), notify });
    return { id, name: record.name.trim() };`,
  }),
  (t, name) => ({
    chain: '.requiresApproval()',
    params: [
      ['id', 'number', 'The record to change.'],
      ['patch', t.Patch, 'The fields to change; others stay.'],
    ],
    method: `static async ${name}(id: number, patch: ${t.Patch}, services: ToolServices, signal: AbortSignal): Promise<void>`,
    summary: `Changes some fields of a ${t.noun.toLowerCase()}.`,
    body: `    const current = await services.store.load<${t.Entity}>('${t.noun}', id, signal);
    const next = { ...current, ...patch, tags: patch.tags ?? current.tags };
    if (next.name.length === 0) {
      throw new ToolFailure('The name cannot be empty.', 'Send a name with at least one character.');
    }
    await services.store.save('${t.noun}', next);`,
  }),
  (t, name) => ({
    chain: '.readOnly()',
    params: [
      ['figure', t.Figure, 'The figure to measure.'],
      ['scale', 'number | null', 'A factor to apply, or null for none.'],
    ],
    method: `static ${name}(figure: ${t.Figure}, scale: number | null): number`,
    summary: 'Computes the area of a figure.',
    body: `    const factor = scale ?? 1;
    switch (figure.kind) {
      case 'circle':
        return Math.PI * figure.radius * figure.radius * factor;
      case 'rect':
        return figure.width * figure.height * factor;
      case 'polygon': {
        let sum = 0;
        figure.points.forEach(([x, y], index) => {
          const [nx, ny] = figure.points[(index + 1) % figure.points.length] ?? [0, 0];
          sum += x * ny - nx * y;
        });
        return Math.abs(sum / 2) * factor;
      }
    }`,
  }),
  (t, name) => ({
    chain: '',
    params: [
      ['root', t.Tree, 'The tree to flatten.'],
      ['depth', 'number', 'How deep to go.', '?'],
    ],
    method: `static ${name}(root: ${t.Tree}, depth?: number): ${t.Tree}[]`,
    summary: 'Lists the nodes of a tree, depth first.',
    body: `    const out: ${t.Tree}[] = [];
    const visit = (node: ${t.Tree}, level: number): void => {
      out.push(node);
      if (depth === undefined || level < depth) {
        node.children.forEach((child) => visit(child, level + 1));
      }
    };
    visit(root, 0);
    return out;`,
  }),
  (t, name) => ({
    chain: '.readOnly()',
    params: [
      ['metrics', t.Metrics, 'Measurements by name.'],
      ['span', t.Span, 'The period they cover.'],
    ],
    method: `static ${name}(metrics: ${t.Metrics}, span: ${t.Span}): Record<string, number>`,
    summary: 'Turns measurements into rates per hour.',
    body: `    const hours = Math.max(1, (span[1].getTime() - span[0].getTime()) / 3_600_000);
    const rates: Record<string, number> = {};
    for (const [key, value] of Object.entries(metrics)) {
      rates[key] = value / hours;
    }
    return rates;`,
  }),
  (t, name) => ({
    chain: '.readOnly()',
    destructured: t.Address,
    params: [],
    method: `static ${name}({ street, city, postalCode, country }: ${t.Address}): string`,
    summary: 'Formats an address on one line.',
    body: `    return [street, postalCode === undefined ? city : \`\${postalCode} \${city}\`, country].join(', ');`,
  }),
  (t, name) => ({
    chain: ".networkScope('incidental')",
    params: [
      ['level', t.Level, 'The verbosity.'],
      ['priority', t.Priority, 'How urgent.'],
      ['labels', 'Record<string, string>', 'Extra labels.'],
    ],
    method: `static ${name}(level: ${t.Level}, priority: ${t.Priority}, labels: Record<string, string>): boolean`,
    summary: 'Decides whether an alert fires.',
    body: `    const important = priority === ${t.Priority}.High || priority === ${t.Priority}.Critical;
    return important && level >= ${t.Level}.Warn && Object.keys(labels).length < 32;`,
  }),
  (t, name) => ({
    chain: ".workspacePath('path', 'write')",
    params: [
      ['path', 'string', 'Where to store it, inside the workspace.'],
      ['attachment', t.Attachment, 'The file.'],
      ['tags', 'readonly string[]', 'Labels for the file.'],
      ['price', t.Frozen, 'What it costs to store.'],
    ],
    method: `static async *${name}(path: string, attachment: ${t.Attachment}, tags: readonly string[], price: ${t.Frozen}): AsyncIterable<string>`,
    summary: 'Stores an attachment, reporting progress.',
    body: `    for (const [index, part] of attachment.parts.entries()) {
      yield \`\${path}: part \${index + 1} of \${attachment.parts.length} (\${part.length} bytes, \${tags.join(' ')}, \${price.amount} \${price.currency})\`;
    }`,
  }),
  (t, name) => ({
    chain: `.readOnly().withSettings<${t.Settings}>().configurable((s) => s.limit).configurable((s) => s.includeArchived)`,
    params: [['query', 'string', 'Words the name contains.']],
    method: `static async ${name}(query: string, settings: ${t.Settings}, services: ToolServices, signal: AbortSignal): Promise<${t.Entity}[]>`,
    summary: `Finds ${t.noun.toLowerCase()} records by name.`,
    body: `    const all = await services.store.list<${t.Entity}>('${t.noun}', query, settings.limit);
    signal.throwIfAborted();
    return all.filter((item) => settings.includeArchived || item.status !== 'archived');`,
  }),
  (t, name) => ({
    chain: '',
    params: [
      ['mode', "'fast' | 'thorough'", 'How hard to try.'],
      ['dryRun', 'boolean', 'Report only, change nothing.'],
      ['pair', '[string, number]', 'A label and its weight.'],
      ['address', t.FullAddress, 'Where it goes.'],
    ],
    method: `static ${name}(mode: 'fast' | 'thorough', dryRun: boolean, pair: [string, number], address: ${t.FullAddress}): { ok: boolean; steps: string[] }`,
    summary: 'Plans a delivery.',
    body: `    const steps = [\`weigh \${pair[0]} (\${pair[1]})\`, \`route to \${address.city}\`];
    if (mode === 'thorough') {
      steps.push('double-check the postal code ' + address.postalCode);
    }
    return { ok: !dryRun, steps };`,
  }),
];

const verbs = ['search', 'get', 'create', 'update', 'measure', 'flatten', 'rate', 'format', 'alert', 'attach', 'find', 'plan'];

function toolsetFile(i, k, toolsPerToolset, rand) {
  const domain = domains[i % domains.length];
  const noun = nouns[k % nouns.length];
  const className = `${domain}${i}Toolset`;
  const t = {
    noun,
    Entity: `${noun}${k}`,
    Filter: `Filter${k}`,
    Page: `Page${k}`,
    Ref: `${noun}Ref${k}`,
    Patch: `${noun}Patch${k}`,
    Figure: `Figure${k}`,
    Tree: `TreeNode${k}`,
    Metrics: `Metrics${k}`,
    Span: `Span${k}`,
    Address: `Address${k}`,
    Level: `Level${k}`,
    Priority: `Priority${k}`,
    Attachment: `Attachment${k}`,
    Frozen: `FrozenMoney${k}`,
    Settings: `SearchSettings${k}`,
    FullAddress: `FullAddress${k}`,
  };
  const tools = [];
  for (let j = 0; j < toolsPerToolset; j++) {
    const recipeIndex = (j + Math.floor(rand() * recipes.length)) % recipes.length;
    const methodName = `${verbs[recipeIndex]}${noun}${i}x${j}`;
    const tool = recipes[recipeIndex](t, methodName);
    let chain = tool.chain;
    if (rand() < 0.15) {
      chain = `.withDescription('${tool.summary.replace(/'/g, "\\'")} (v${j})')${chain}`;
    }
    if (rand() < 0.1) {
      chain = `.withName('${verbs[recipeIndex]}_${noun.toLowerCase()}_${i}_${j}_v2')${chain}`;
    }
    tools.push({ ...tool, methodName, chain });
  }
  const usedTypes = new Set(['Address', 'Attachment', 'Figure', 'Filter', 'Frozen', 'FullAddress', 'Level', 'Metrics', 'Page', 'Patch', 'Priority', 'Ref', 'Settings', 'Span', 'Tree', 'Entity']);
  const valueImports = [t.Level, t.Priority];
  const typeImports = [...usedTypes].map((key) => t[key]).filter((name) => !valueImports.includes(name)).sort();
  const lines = [
    "import { Toolset, ToolFailure, type ToolServices } from '@toolgen/runtime';",
    `import { ${valueImports.join(', ')}, ${typeImports.map((name) => `type ${name}`).join(', ')} } from '../models/m${k}.js';`,
    '',
    `/** ${domain} tools, set ${i}. */`,
    `export class ${className} extends Toolset {`,
    '  constructor() {',
    '    super();',
    `    this.withDisplayName('${domain} ${i}');`,
    ...tools.map((tool) => `    this.addTool(${className}.${tool.methodName})${tool.chain};`),
    '  }',
  ];
  const args = [];
  for (const tool of tools) {
    const docs = [`   * ${tool.summary}`, ...tool.params.map(([name, , doc]) => `   * @param ${name} ${doc}`)];
    lines.push('', '  /**', ...docs, '   */', `  ${tool.method} {`, tool.body, '  }');
    const argsName = `${tool.methodName.charAt(0).toUpperCase()}${tool.methodName.slice(1)}Args`;
    if (tool.destructured !== undefined) {
      args.push(`/** ${tool.summary} */\nexport type ${argsName} = ${tool.destructured};`);
    } else {
      const members = tool.params.map(([name, type, doc, mark]) => `  /** ${doc} */\n  ${name}${mark === undefined ? '' : '?'}: ${type};`);
      args.push(`/** ${tool.summary} */\nexport interface ${argsName} {\n${members.join('\n')}\n}`);
    }
  }
  lines.push('}', '');
  const argsFile = [
    `import type { ${[...new Set([...typeImports, ...valueImports])].sort().join(', ')} } from '../src/models/m${k}.js';`,
    '',
    args.join('\n\n'),
    '',
  ].join('\n');
  return { className, source: lines.join('\n'), argsFile, methods: tools.map((tool) => tool.methodName) };
}

/**
 * Writes the project into `dir` (replacing it): `tsconfig.json` (the toolgen and tsc project:
 * src/), `tsconfig.args.json` (schema-args/ for ts-json-schema-generator). Returns its layout.
 */
export function writeCorpus({ dir, toolsets, toolsPerToolset, seed = 20260501, toolsetsPerModel = 10 }) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'src/models'), { recursive: true });
  mkdirSync(path.join(dir, 'src/toolsets'), { recursive: true });
  mkdirSync(path.join(dir, 'schema-args'), { recursive: true });
  const rand = random(seed);
  const write = (file, text) => writeFileSync(path.join(dir, file), text);
  write('tsconfig.json', `${JSON.stringify({ compilerOptions: corpusCompilerOptions, include: ['src'] }, null, 2)}\n`);
  write('tsconfig.args.json', `${JSON.stringify({ compilerOptions: corpusCompilerOptions, include: ['schema-args'] }, null, 2)}\n`);
  write('src/services.ts', servicesFile);
  const models = Math.ceil(toolsets / toolsetsPerModel);
  for (let k = 0; k < models; k++) {
    write(`src/models/m${k}.ts`, modelFile(k, rand));
  }
  const files = [];
  for (let i = 0; i < toolsets; i++) {
    const k = Math.floor(i / toolsetsPerModel);
    const { source, argsFile, className, methods } = toolsetFile(i, k, toolsPerToolset, rand);
    const file = `src/toolsets/t${i}.ts`;
    write(file, source);
    write(`schema-args/a${i}.ts`, argsFile);
    files.push({ file, className, methods });
  }
  return { dir, tools: toolsets * toolsPerToolset, files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, toolsets, perToolset, seed] = process.argv.slice(2);
  if (dir === undefined || toolsets === undefined || perToolset === undefined) {
    console.error('usage: node bench/corpus.mjs <dir> <toolsets> <toolsPerToolset> [seed]');
    process.exit(2);
  }
  const result = writeCorpus({ dir: path.resolve(dir), toolsets: Number(toolsets), toolsPerToolset: Number(perToolset), ...(seed === undefined ? {} : { seed: Number(seed) }) });
  console.log(`wrote ${result.tools} tools in ${result.files.length} toolset files to ${result.dir}`);
}
