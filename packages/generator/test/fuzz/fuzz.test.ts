import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { AIFunction, GeneratedToolset, JsonSchema } from '@toolgen/runtime';
import { toJsonSchema } from '../../src/schema/toJsonSchema.js';
import { mutated, nearSchema, withReservedKeys } from '../emit/validator/arbitraries.js';
import { compileValidator } from '../emit/validator/compileValidator.js';
import { documentOf, validatorFixtures } from '../emit/validator/fixtures.js';
import { inputOf } from '../schema/row.js';
import { oracle } from '../emit/validator/oracle.js';
import { nearJsonSchema } from './nearJsonSchema.js';

/*
 * The generated validators against ajv, on every generated tool in examples/ and every fixture
 * of the validator tests: TOOLGEN_FUZZ_RUNS cases per tool (`npm run fuzz` runs 10,000; the
 * normal test run, 200), drawn from values near the schema, those values mutated once, values
 * with reserved names as keys, and any JSON at all. A disagreement is a value one accepts and the
 * other refuses.
 */

const runs = Number(process.env['TOOLGEN_FUZZ_RUNS'] ?? 200);
const repo = path.resolve(import.meta.dirname, '../../../..');

interface ToolUnderTest {
  readonly name: string;
  readonly schema: JsonSchema;
  /** Whether the tool's validator accepts the value. */
  readonly accepts: (value: unknown) => boolean;
  /** Values near what the schema accepts. */
  readonly near: fc.Arbitrary<unknown>;
}

const fixtureTools: ToolUnderTest[] = validatorFixtures
  .filter((fixture) => fixture.noOracle === undefined)
  .map((fixture) => {
    const document = documentOf(fixture);
    const compiled = compileValidator(document);
    return {
      name: `fixture: ${fixture.name}`,
      schema: toJsonSchema(document),
      accepts: (value) => compiled.check(value).issues.length === 0,
      near: fc.oneof(nearSchema(document), fc.constantFrom(...fixture.valid.map(inputOf))),
    };
  });

/** The generated modules under each `examples/<name>/src`, relative to the repository. */
function findExampleModules(): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(path.join(repo, folder), { withFileTypes: true })) {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        walk(relative);
      } else if (entry.name.endsWith('.tools.ts')) {
        found.push(relative);
      }
    }
  };
  for (const example of readdirSync(path.join(repo, 'examples'))) {
    if (existsSync(path.join(repo, 'examples', example, 'src'))) {
      walk(`examples/${example}/src`);
    }
  }
  return found.sort();
}

const exampleModules = findExampleModules();

async function exampleTools(): Promise<ToolUnderTest[]> {
  const found: ToolUnderTest[] = [];
  for (const file of exampleModules) {
    const module = (await import(pathToFileURL(path.join(repo, file)).href)) as Record<string, unknown>;
    for (const toolset of Object.values(module).filter(isGeneratedToolset)) {
      for (const fn of toolset.functions) {
        found.push(exampleTool(file, fn));
      }
    }
  }
  return found;
}

function isGeneratedToolset(value: unknown): value is GeneratedToolset {
  return typeof value === 'object' && value !== null && Array.isArray((value as { functions?: unknown }).functions);
}

/** A generated tool judged through its Standard Schema, which runs the generated validator. */
function exampleTool(file: string, fn: AIFunction): ToolUnderTest {
  const validate = fn.parameters['~standard'].validate;
  return {
    name: `${file}: ${fn.qualifiedName}`,
    schema: fn.parameters.jsonSchema,
    accepts: (value) => {
      const result = validate(value);
      if (result instanceof Promise) {
        throw new Error(`${fn.qualifiedName}: ~standard.validate returned a promise`);
      }
      return result.issues === undefined;
    },
    near: nearJsonSchema(fn.parameters.jsonSchema),
  };
}

const tools = [...(await exampleTools()), ...fixtureTools];
let cases = 0;
let disagreements = 0;

afterAll(() => {
  console.log(`fuzz: ${tools.length} tools, ${cases} cases, ${disagreements} disagreements (${exampleModules.length} example modules, ${runs} cases per tool)`);
});

describe.each(tools)('$name', (tool) => {
  it(`accepts exactly what ajv accepts, on ${runs} cases`, () => {
    const accepts = oracle(tool.schema);
    const found: string[] = [];
    const values = fc.oneof(
      { weight: 4, arbitrary: tool.near },
      { weight: 4, arbitrary: mutated(tool.near) },
      { weight: 1, arbitrary: withReservedKeys(tool.near) },
      { weight: 1, arbitrary: fc.jsonValue() },
    );
    fc.assert(
      fc.property(values, (value) => {
        cases++;
        const expected = accepts(value);
        if (tool.accepts(value) !== expected) {
          disagreements++;
          if (found.length < 5) {
            found.push(`${expected ? 'ajv accepts, the validator refuses' : 'ajv refuses, the validator accepts'}: ${JSON.stringify(value)}`);
          }
        }
      }),
      { numRuns: runs },
    );
    expect(found).toEqual([]);
  });
});
