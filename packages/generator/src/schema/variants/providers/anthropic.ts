import { describe, drop, dropUnlisted, keep, tupleAsItems, walkAnyOf, walkItems, walkMap, walkProperties } from '../handlers.js';
import type { SchemaVariantProvider } from '../provider.js';
import { anyValue, inlineRef } from '../refs.js';
import type { VariantRules } from '../walker.js';

const rules: VariantRules = {
  keywords: {
    $ref: inlineRef(anyValue),
    type: keep,
    const: keep,
    enum: keep,
    properties: walkProperties(),
    required: keep,
    additionalProperties: walkMap,
    prefixItems: tupleAsItems,
    items: walkItems,
    anyOf: walkAnyOf,
    pattern: keep,
    format: keep,
    title: keep,
    description: describe,
    default: keep,
    examples: keep,
    deprecated: keep,
    $defs: drop,
  },
  otherKeyword: dropUnlisted,
};

/** Anthropic's strict tool-use subset: no recursion, no bounds, no `prefixItems` (undocumented); unlisted keywords are losses. */
export const anthropic: SchemaVariantProvider<'anthropic'> = { name: 'anthropic', rules };
