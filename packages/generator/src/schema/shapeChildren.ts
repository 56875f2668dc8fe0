import type { Shape } from './shape.js';

/**
 * The shapes directly inside a shape, not following refs. Exhaustive: a new kind of shape does not
 * compile until it says what it holds.
 */
export function shapeChildren(shape: Shape): readonly Shape[] {
  switch (shape.kind) {
    case 'array':
      return [shape.items];
    case 'tuple':
      return shape.rest === null ? shape.elements : [...shape.elements, shape.rest];
    case 'object':
      return [
        ...shape.properties.map((property) => property.shape),
        ...(shape.additionalProperties === false ? [] : [shape.additionalProperties]),
      ];
    case 'union':
      return shape.members;
    case 'any':
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'literal':
    case 'enum':
    case 'date':
    case 'url':
    case 'ref':
      return [];
  }
}
