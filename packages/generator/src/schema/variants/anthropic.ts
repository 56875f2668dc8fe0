import { describe, drop, dropUnlisted, keep, tupleAsItems, walkAnyOf, walkItems, walkMap, walkProperties } from './handlers.js';
import { anyValue, inlineRef } from './refs.js';
import type { VariantRules } from './walker.js';

/** Anthropic's strict tool-use subset: no recursion, no bounds, no `prefixItems` (undocumented); unlisted keywords are losses. */
export const anthropic: VariantRules = {
  name: 'anthropic',
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
