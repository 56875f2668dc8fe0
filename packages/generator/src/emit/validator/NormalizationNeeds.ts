import type { ObjectShape, Shape } from '../../schema/shape.js';
import { shapeChildren } from '../../schema/shapeChildren.js';
import type { ShapeFacts } from './ShapeFacts.js';

/**
 * Which shapes the strict normalizer has to walk: those holding, at any depth, an object with
 * an optional member, a map, or a position that takes any value. The `openai-strict` variant
 * sends an optional member as null when the model leaves it out, and, when the member may itself
 * be null, as `{ "value": … }` when it is given; it sends a map (so does `gemini`), and an object
 * where any value goes, as `{ "entries": [{ "key", "value" }] }`.
 */
export class NormalizationNeeds {
  readonly #facts: ShapeFacts;
  readonly #defs = new Map<string, boolean>();

  constructor(facts: ShapeFacts) {
    this.#facts = facts;
    const names = Object.keys(facts.document.defs).sort();
    // Defs may refer to each other in cycles: iterate to a fixpoint.
    let changed = true;
    while (changed) {
      changed = false;
      for (const name of names) {
        if (this.#defs.get(name) !== true && this.of(facts.document.defs[name]!)) {
          this.#defs.set(name, true);
          changed = true;
        }
      }
    }
  }

  of(shape: Shape): boolean {
    switch (shape.kind) {
      case 'object':
        return (
          isMap(shape) || shape.properties.some((property) => this.removesNull(property)) || shapeChildren(shape).some((child) => this.of(child))
        );
      case 'any':
        return true;
      case 'ref':
        return this.#defs.get(shape.name) === true;
      default:
        return shapeChildren(shape).some((child) => this.of(child));
    }
  }

  /** An optional member: null sent for it means absent. */
  removesNull(property: { readonly optional: boolean }): boolean {
    return property.optional;
  }

  /** An optional member that may be null: sent as `{ "value": … }` when given, so that null and absent stay apart. */
  unwraps(property: { readonly optional: boolean; readonly shape: Shape }): boolean {
    return property.optional && this.#facts.canBeNull(property.shape);
  }
}

/**
 * A map: no named member, and a shape for every other key (`Record<string, T>`). The variants send it as entries;
 * the same rule as the variants' `isOpenMap` (schema/variants/entries.ts), over shapes.
 */
export function isMap(shape: ObjectShape): shape is ObjectShape & { readonly additionalProperties: Shape } {
  return shape.properties.length === 0 && shape.additionalProperties !== false;
}
