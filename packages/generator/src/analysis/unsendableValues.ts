import type { SchemaVariantName } from '@toolgen/runtime';
import type { Shape, ShapeDocument } from '../schema/shape.js';
import { escapePointer } from '../schema/derive/processors/object.js';

/** A value a provider variant cannot let the model send (TSH022): where it is, for which variant, and why. */
export interface UnsendableValue {
  /** The variants that cannot send it, in registry order. */
  readonly variants: readonly SchemaVariantName[];
  /** JSON Pointer into the arguments, `*` for array items and map values. */
  readonly pointer: string;
  readonly reason: 'otherKeys';
}

/*
 * What no encoding lets a variant send (SPEC §3, docs/schema.md "Maps and any value"). A map alone is sent as its
 * entries and an any value as JsonValue (schema/variants/entries.ts), so neither is here. What is: other keys
 * beside named members (`{ id: string; [key: string]: string }`), which openai-strict and gemini must close.
 * (gemini's cut of a recursive type at its second level is a loss, said in words, not TSH022: nearly every tree
 * type would warn in every project, for a variant no adapter sends; Gemini's API also takes JSON Schema with
 * `$ref` as `parametersJsonSchema`, see docs/schema.md.) The pointers are the losses' pointers.
 */
export function unsendableValues(document: ShapeDocument): UnsendableValue[] {
  // keyed by pointer: union members at the same place are one value
  const found = new Map<string, UnsendableValue>();
  // Each def is walked once, at the first place that reaches it (as openai-strict keeps it): cheap whatever the graph.
  const walked = new Set<string>();
  const walk = (shape: Shape, pointer: string): void => {
    switch (shape.kind) {
      case 'object':
        if (shape.additionalProperties !== false && shape.properties.length > 0) {
          found.set(`${pointer}/*`, { variants: ['openai-strict', 'gemini'], pointer: `${pointer}/*`, reason: 'otherKeys' });
        }
        for (const property of shape.properties) {
          walk(property.shape, `${pointer}/${escapePointer(property.name)}`);
        }
        if (shape.additionalProperties !== false && shape.properties.length === 0) {
          walk(shape.additionalProperties, `${pointer}/*`);
        }
        return;
      case 'array':
        return walk(shape.items, `${pointer}/*`);
      case 'tuple':
        shape.elements.forEach((element, index) => walk(element, `${pointer}/${index}`));
        if (shape.rest !== null) {
          walk(shape.rest, `${pointer}/*`);
        }
        return;
      case 'union':
        for (const member of shape.members) {
          walk(member, pointer);
        }
        return;
      case 'ref': {
        const target = Object.hasOwn(document.defs, shape.name) ? document.defs[shape.name] : undefined;
        if (target !== undefined && !walked.has(shape.name)) {
          walked.add(shape.name);
          walk(target, pointer);
        }
        return;
      }
      default:
        return;
    }
  };
  walk(document.root, '');
  return [...found.values()];
}
