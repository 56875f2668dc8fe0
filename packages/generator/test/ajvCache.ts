import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonSchema } from '@toolgen/runtime';

/**
 * One ajv instance per oracle, and each distinct schema compiled once: a new Ajv compiles the 2020-12
 * meta-schemas before the first schema it validates, which was two thirds of everyMode.test.ts's time
 * (16 of 23 CPU seconds) when each check made its own instance. Schemas are told apart by their JSON
 * text; one that declares an `$id` gets an instance of its own, since ajv holds one schema per id.
 */
export function cachedCompiler(create: () => Ajv2020): (schema: JsonSchema) => (value: unknown) => boolean {
  let shared: Ajv2020 | undefined;
  const compiled = new Map<string, (value: unknown) => boolean>();
  return (schema) => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (validate === undefined) {
      const ajv = typeof schema === 'object' && schema !== null && '$id' in schema ? create() : (shared ??= create());
      const compiledSchema = ajv.compile(schema);
      validate = (value) => compiledSchema(value) === true;
      compiled.set(key, validate);
    }
    return validate;
  };
}
