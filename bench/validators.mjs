// The generated validator of one representative tool against a hand-written validator, ajv
// (compiled, allErrors) and zod 4, on valid and on invalid arguments. Prints JSON on stdout.
//
//   node bench/validators.mjs
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(repo, 'package.json'));

/** The representative tool: a nested object, a string enum, a literal union, bounds, a pattern, a format, an array, optional and nullable members. */
export const customerSource = `import { Toolset, type ToolServices } from '@toolgen/runtime';

/** A postal address. */
export interface Address {
  /**
   * Street and house number.
   * @minLength 1
   * @maxLength 200
   */
  street: string;
  /** The city or town. */
  city: string;
  /**
   * Five digits.
   * @pattern ^[0-9]{5}$
   */
  postalCode?: string;
  /** ISO country code. */
  country: 'DE' | 'FR' | 'US' | 'GB' | 'JP';
}

/** How urgent a customer's requests are. */
export enum Priority {
  Low = 'low',
  Normal = 'normal',
  High = 'high',
}

/** A customer to create. */
export interface NewCustomer {
  /**
   * Full name.
   * @minLength 1
   * @maxLength 120
   */
  name: string;
  /**
   * Contact address.
   * @format email
   */
  email: string;
  address: Address;
  /**
   * Labels.
   * @maxItems 20
   */
  tags: string[];
  priority: Priority;
  /**
   * Age in years.
   * @integer
   * @minimum 0
   * @maximum 150
   */
  age?: number;
  /** Who looks after the customer, if anyone yet. */
  owner: string | null;
}

export class CustomerToolset extends Toolset {
  constructor() {
    super();
    this.addTool(CustomerToolset.createCustomer).requiresApproval();
  }

  /**
   * Creates a customer.
   * @param customer The new customer.
   * @param notify Whether to e-mail the owner.
   */
  static async createCustomer(customer: NewCustomer, notify: boolean, services: ToolServices): Promise<string> {
    void services;
    return customer.name + (notify ? ' (notified)' : '');
  }
}
`;

export const validArguments = {
  customer: {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    address: { street: '12 Analytical Way', city: 'London', postalCode: '10115', country: 'GB' },
    tags: ['vip', 'mathematics'],
    priority: 'high',
    age: 36,
    owner: null,
  },
  notify: true,
};

/** Six problems: a short name, a bad e-mail, a number for a string, an unknown country, an element of the wrong type, an unknown member; notify missing. */
export const invalidArguments = {
  customer: {
    name: '',
    email: 'not-an-email',
    address: { street: 12, city: 'London', country: 'XX' },
    tags: ['vip', 3],
    priority: 'urgent',
    age: 36.5,
    owner: null,
    extra: true,
  },
};

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const postalCodePattern = /^[0-9]{5}$/;
const countries = new Set(['DE', 'FR', 'US', 'GB', 'JP']);
const priorities = new Set(['low', 'normal', 'high']);
const customerKeys = new Set(['name', 'email', 'address', 'tags', 'priority', 'age', 'owner']);
const addressKeys = new Set(['street', 'city', 'postalCode', 'country']);

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}…` : value);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Code points, as JSON Schema counts string length; UTF-16 length when there is no surrogate pair. */
function codePoints(text) {
  let count = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      count--;
      index++;
    }
  }
  return count;
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * What a careful developer writes by hand for the same contract: every problem reported with a
 * JSON Pointer and a message, unknown members rejected, a fresh value built.
 */
export function handWrittenValidate(input, issues) {
  const out = {};
  if (!isObject(input)) {
    issues.push({ pointer: '', message: `must be an object; got ${describe(input)}` });
    return out;
  }
  for (const key in input) {
    if (hasOwn.call(input, key) && key !== 'customer' && key !== 'notify') issues.push({ pointer: `/${key}`, message: 'is not a parameter of this tool; remove it' });
  }
  const customer = input.customer;
  if (customer === undefined) {
    issues.push({ pointer: '/customer', message: 'is required; send an object' });
  } else if (!isObject(customer)) {
    issues.push({ pointer: '/customer', message: `must be an object; got ${describe(customer)}` });
  } else {
    const c = {};
    for (const key in customer) {
      if (hasOwn.call(customer, key) && !customerKeys.has(key)) issues.push({ pointer: `/customer/${key}`, message: 'is not a member; remove it' });
    }
    const { name, email, address, tags, priority, age, owner } = customer;
    if (typeof name !== 'string') issues.push({ pointer: '/customer/name', message: name === undefined ? 'is required; send a string' : `must be a string; got ${describe(name)}` });
    else if (name.length === 0 || (name.length > 120 && codePoints(name) > 120)) issues.push({ pointer: '/customer/name', message: 'must have 1 to 120 characters' });
    else c.name = name;
    if (typeof email !== 'string') issues.push({ pointer: '/customer/email', message: email === undefined ? 'is required; send a string' : `must be a string; got ${describe(email)}` });
    else if (!emailPattern.test(email)) issues.push({ pointer: '/customer/email', message: `must be an e-mail address; got ${describe(email)}` });
    else c.email = email;
    if (!isObject(address)) {
      issues.push({ pointer: '/customer/address', message: address === undefined ? 'is required; send an object' : `must be an object; got ${describe(address)}` });
    } else {
      const a = {};
      for (const key in address) {
        if (hasOwn.call(address, key) && !addressKeys.has(key)) issues.push({ pointer: `/customer/address/${key}`, message: 'is not a member; remove it' });
      }
      const { street, city, postalCode, country } = address;
      if (typeof street !== 'string') issues.push({ pointer: '/customer/address/street', message: street === undefined ? 'is required; send a string' : `must be a string; got ${describe(street)}` });
      else if (street.length === 0 || (street.length > 200 && codePoints(street) > 200)) issues.push({ pointer: '/customer/address/street', message: 'must have 1 to 200 characters' });
      else a.street = street;
      if (typeof city !== 'string') issues.push({ pointer: '/customer/address/city', message: city === undefined ? 'is required; send a string' : `must be a string; got ${describe(city)}` });
      else a.city = city;
      if (postalCode !== undefined) {
        if (typeof postalCode !== 'string') issues.push({ pointer: '/customer/address/postalCode', message: `must be a string; got ${describe(postalCode)}` });
        else if (!postalCodePattern.test(postalCode)) issues.push({ pointer: '/customer/address/postalCode', message: 'must be five digits' });
        else a.postalCode = postalCode;
      }
      if (!countries.has(country)) issues.push({ pointer: '/customer/address/country', message: `must be one of "DE", "FR", "US", "GB", "JP"; got ${describe(country)}` });
      else a.country = country;
      c.address = a;
    }
    if (!Array.isArray(tags)) {
      issues.push({ pointer: '/customer/tags', message: tags === undefined ? 'is required; send an array' : `must be an array; got ${describe(tags)}` });
    } else {
      if (tags.length > 20) issues.push({ pointer: '/customer/tags', message: 'must have at most 20 items' });
      const t = [];
      for (let index = 0; index < tags.length; index++) {
        if (typeof tags[index] !== 'string') issues.push({ pointer: `/customer/tags/${index}`, message: `must be a string; got ${describe(tags[index])}` });
        else t.push(tags[index]);
      }
      c.tags = t;
    }
    if (!priorities.has(priority)) issues.push({ pointer: '/customer/priority', message: `must be one of "low", "normal", "high"; got ${describe(priority)}` });
    else c.priority = priority;
    if (age !== undefined) {
      if (typeof age !== 'number' || !Number.isInteger(age)) issues.push({ pointer: '/customer/age', message: `must be an integer; got ${describe(age)}` });
      else if (age < 0 || age > 150) issues.push({ pointer: '/customer/age', message: `must be between 0 and 150; got ${age}` });
      else c.age = age;
    }
    if (owner !== null && typeof owner !== 'string') issues.push({ pointer: '/customer/owner', message: owner === undefined ? 'is required; send a string or null' : `must be a string or null; got ${describe(owner)}` });
    else c.owner = owner;
    out.customer = c;
  }
  const notify = input.notify;
  if (typeof notify !== 'boolean') issues.push({ pointer: '/notify', message: notify === undefined ? 'is required; send a boolean' : `must be a boolean; got ${describe(notify)}` });
  else out.notify = notify;
  return out;
}

function zodSchema(z) {
  const address = z.strictObject({
    street: z.string().min(1).max(200),
    city: z.string(),
    postalCode: z.string().regex(postalCodePattern).optional(),
    country: z.enum(['DE', 'FR', 'US', 'GB', 'JP']),
  });
  const customer = z.strictObject({
    name: z.string().min(1).max(120),
    email: z.string().regex(emailPattern),
    address,
    tags: z.array(z.string()).max(20),
    priority: z.enum(['low', 'normal', 'high']),
    age: z.number().int().min(0).max(150).optional(),
    owner: z.string().nullable(),
  });
  return z.strictObject({ customer, notify: z.boolean() });
}

/** Generates the tool's module with toolgen, compiles it to JavaScript and returns its validator and canonical schema. */
async function generatedValidator(work) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.join(work, 'src'), { recursive: true });
  const compilerOptions = { target: 'ES2022', lib: ['ES2022', 'DOM'], module: 'NodeNext', moduleResolution: 'NodeNext', types: [], strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, skipLibCheck: true, noEmit: true };
  writeFileSync(path.join(work, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }, null, 2));
  writeFileSync(path.join(work, 'src/customer.ts'), customerSource);
  const { generate } = await import(pathToFileURL(path.join(repo, 'packages/generator/dist/index.js')).href);
  const result = generate({ project: path.join(work, 'tsconfig.json') });
  if (result.diagnostics.length > 0) {
    throw new Error(`the representative tool has diagnostics: ${result.diagnostics.map((d) => d.message).join('; ')}`);
  }
  const module = result.outputs.find((output) => output.path.endsWith('.tools.ts'));
  const validateName = /^\s*validate: (\w+),$/m.exec(module.content)[1];
  const ts = require('typescript');
  const compile = (source) => ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText;
  mkdirSync(path.join(work, 'build'), { recursive: true });
  writeFileSync(path.join(work, 'build/customer.js'), compile(customerSource));
  writeFileSync(path.join(work, 'build/customer.tools.js'), `${compile(module.content)}\nexport { ${validateName} as __benchValidate };\n`);
  const compiled = await import(pathToFileURL(path.join(work, 'build/customer.tools.js')).href);
  return { validate: compiled.__benchValidate, schema: result.manifest.toolsets[0].tools[0].parameters, codeBytes: module.content.length };
}

/** ns per call: a warm-up, then the best of `rounds` timed rounds of about `roundMs` each. */
function nsPerOp(run, { rounds = 7, roundMs = 150 } = {}) {
  let sink = 0;
  let iterations = 1000;
  const warmEnd = performance.now() + 200;
  while (performance.now() < warmEnd) {
    for (let i = 0; i < 1000; i++) sink += run() ? 1 : 0;
  }
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) sink += run() ? 1 : 0;
    const ns = Number(process.hrtime.bigint() - start);
    samples.push(ns / iterations);
    iterations = Math.max(1000, Math.round((roundMs * 1e6) / (ns / iterations)));
  }
  globalThis.__benchSink = sink;
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

export async function benchValidators() {
  const work = path.join(repo, 'bench/.work/validator');
  const generated = await generatedValidator(work);
  const { default: Ajv2020 } = await import(pathToFileURL(require.resolve('ajv/dist/2020.js')).href);
  const ajv = new Ajv2020({ allErrors: true, strict: false, formats: { email: emailPattern } });
  const ajvValidate = ajv.compile(generated.schema);
  const { z } = await import(pathToFileURL(require.resolve('zod')).href);
  const schema = zodSchema(z);

  const implementations = {
    generated: (input) => {
      const issues = [];
      generated.validate(input, issues);
      return issues.length === 0;
    },
    handWritten: (input) => {
      const issues = [];
      handWrittenValidate(input, issues);
      return issues.length === 0;
    },
    ajv: (input) => ajvValidate(input),
    zod: (input) => schema.safeParse(input).success,
  };
  // every implementation must agree before it is timed
  const problems = {};
  for (const [name, run] of Object.entries(implementations)) {
    if (run(validArguments) !== true || run(invalidArguments) !== false) {
      throw new Error(`${name} does not accept the valid and reject the invalid arguments`);
    }
  }
  {
    const issues = [];
    generated.validate(invalidArguments, issues);
    problems.generated = issues.length;
    const handIssues = [];
    handWrittenValidate(invalidArguments, handIssues);
    problems.handWritten = handIssues.length;
    ajvValidate(invalidArguments);
    problems.ajv = ajvValidate.errors.length;
    problems.zod = schema.safeParse(invalidArguments).error.issues.length;
  }
  const results = {};
  for (const [name, run] of Object.entries(implementations)) {
    results[name] = {
      valid: nsPerOp(() => run(validArguments)),
      invalid: nsPerOp(() => run(invalidArguments)),
      problemsReported: problems[name],
    };
  }
  return { results, generatedModuleBytes: generated.codeBytes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchValidators(), null, 2));
}
