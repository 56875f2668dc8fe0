import type { Shape } from '../../schema/shape.js';
import { shapeChildren } from '../../schema/shapeChildren.js';
import type { ShapeFacts } from './ShapeFacts.js';

/**
 * Which shapes the strict normalizer has to walk: those holding, at any depth, an object with
 * an optional member. The `openai-strict` variant sends such a member as null when the model
 * leaves it out, and, when the member may itself be null, as `{ "value": … }` when it is given.
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
        return shape.properties.some((property) => this.removesNull(property)) || shapeChildren(shape).some((child) => this.of(child));
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
