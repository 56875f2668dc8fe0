import type { ObjectShape, Shape } from '../../schema/shape.js';
import type { ShapeFacts } from './ShapeFacts.js';

/** How to tell the members of a discriminated union apart: a required property holding a distinct literal in each. */
export interface Discriminator {
  readonly property: string;
  /** The literal each member holds, in member order. */
  readonly values: readonly (string | number | boolean)[];
}

/**
 * The discriminator of `members` when every one is (a reference to) an object holding the same
 * required property as a literal, with a different value in each; the first such property in
 * the first member's declaration order.
 */
export function findDiscriminator(members: readonly Shape[], facts: ShapeFacts): Discriminator | undefined {
  const objects = members.map((member) => facts.resolve(member));
  if (objects.length < 2 || !objects.every((shape): shape is ObjectShape => shape.kind === 'object')) {
    return undefined;
  }
  for (const candidate of objects[0]!.properties) {
    const values = objects.map((shape) => {
      const property = shape.properties.find((each) => each.name === candidate.name);
      const literal = property === undefined || property.optional ? undefined : facts.resolve(property.shape);
      return literal?.kind === 'literal' ? literal.value : undefined;
    });
    if (values.every((value) => value !== undefined) && new Set(values).size === values.length) {
      return { property: candidate.name, values };
    }
  }
  return undefined;
}
