import type { SchemaVariantName } from '@toolgen/runtime';
import type { Shape, ShapeDocument } from '../schema/shape.js';

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
 * `$ref` as `parametersJsonSchema`, see docs/schema.md.) The walk follows the same places as the variants'
 * walker, so the pointers are the losses' pointers.
 */
export function unsendableValues(document: ShapeDocument): UnsendableValue[] {
  const found = new Map<string, UnsendableValue>();
  const add = (value: UnsendableValue): void => {
    found.set(`${value.pointer} ${value.reason}`, value);
  };
  const walk = (shape: Shape, pointer: string, inlining: ReadonlySet<string>, depth: number): void => {
    // Each def is inlined once per path, so this ends; the bound only keeps a pathological graph cheap.
    if (depth > 64) {
      return;
    }
    switch (shape.kind) {
      case 'object':
        if (shape.additionalProperties !== false && shape.properties.length > 0) {
          add({ variants: ['openai-strict', 'gemini'], pointer: `${pointer}/*`, reason: 'otherKeys' });
        }
        for (const property of shape.properties) {
          walk(property.shape, `${pointer}/${property.name.replaceAll('~', '~0').replaceAll('/', '~1')}`, inlining, depth + 1);
        }
        if (shape.additionalProperties !== false && shape.properties.length === 0) {
          walk(shape.additionalProperties, `${pointer}/*`, inlining, depth + 1);
        }
        return;
      case 'array':
        return walk(shape.items, `${pointer}/*`, inlining, depth + 1);
      case 'tuple':
        shape.elements.forEach((element, index) => walk(element, `${pointer}/${index}`, inlining, depth + 1));
        if (shape.rest !== null) {
          walk(shape.rest, `${pointer}/*`, inlining, depth + 1);
        }
        return;
      case 'union':
        for (const member of shape.members) {
          walk(member, pointer, inlining, depth + 1);
        }
        return;
      case 'ref': {
        const target = Object.hasOwn(document.defs, shape.name) ? document.defs[shape.name] : undefined;
        if (target === undefined) {
          return;
        }
        if (inlining.has(shape.name)) {
          return;
        }
        return walk(target, pointer, new Set(inlining).add(shape.name), depth + 1);
      }
      default:
        return;
    }
  };
  walk(document.root, '', new Set(), 0);
  return [...found.values()];
}
