import type { Shape } from '../../shape.js';
import { TypeFlag, type HostType } from '../../../host/TypeHost.js';
import { hasFlag, type Processor, type Site, type Walk, type Written } from '../Processor.js';
import { unionMemberNodes } from '../unionOrder.js';
import { loneUnionMember } from '../writtenNodes.js';
import { typeDocumentation } from '../../tsdoc/readDocumentation.js';

/** A string or number literal: a value an `enum` can hold. */
export function isEnumValue(walk: Walk, type: HostType): boolean {
  return hasFlag(walk, type, TypeFlag.StringLiteral | TypeFlag.NumberLiteral);
}

/** `A | B`: `anyOf`, literals collapsed into an `enum`; an aliased union may recur. */
export const unionProcessor: Processor = {
  kind: 'union',
  applies: (type, walk) => isPlainUnion(walk, type),
  derive: (type, site, walk) => {
    const derive = (): Shape => unionOf(walk.constituents(type, site.typeNode), site, walk);
    // an alias (`type Json = … | Json[]`) is the only way a union can recur
    return walk.host.aliasSymbolOf(type) === undefined ? derive() : walk.named(type, site.pointer, derive);
  },
};

/** A union that is neither `boolean` nor a TS enum, which have their own processors. */
export function isPlainUnion(walk: Walk, type: HostType): boolean {
  return hasFlag(walk, type, TypeFlag.Union) && !hasFlag(walk, type, TypeFlag.Boolean | TypeFlag.EnumLiteral);
}

/**
 * The shape of a union's members: `true | false` is one boolean, literals of one primitive kind
 * collapse into an `enum`, nested unions are flattened, and `null` comes last.
 */
export function unionOf(members: readonly HostType[], site: Site, walk: Walk): Shape {
  const hasNull = members.some((member) => hasFlag(walk, member, TypeFlag.Null));
  const values = members.filter((member) => !hasFlag(walk, member, TypeFlag.Null));
  const shapes: Shape[] = [];
  const literals = values.filter((member) => isEnumValue(walk, member));
  const written = unionMemberNodes(walk, site.typeNode);
  // `T[] | null` in a generic: the written member's type (`T[]`) is not the instantiated one (`Name[]`), so it is not found by
  // type; the one member besides null is still the one written besides null
  const lone = values.length === 1 && site.typeNode !== undefined ? loneUnionMember(walk.host, site.typeNode) : undefined;
  const literalValues = literals.map((member) => walk.host.literalValue(member) as string | number);
  const literalKinds = new Set(literalValues.map((value) => typeof value));
  if (literals.length >= 2 && literals.length === values.length && literalKinds.size === 1) {
    shapes.push({ kind: 'enum', values: literalValues });
  } else {
    const booleans = values.filter((member) => hasFlag(walk, member, TypeFlag.BooleanLiteral));
    for (const member of values) {
      if (booleans.length === 2 && hasFlag(walk, member, TypeFlag.BooleanLiteral)) {
        if (member === booleans[0]) {
          shapes.push({ kind: 'boolean' });
        }
        continue;
      }
      const nodes = written.get(member) ?? (lone === undefined ? [] : [walk.resolve(lone)]);
      // a choice among documented types (`CardPayment | InvoicePayment`): each branch says what it is
      const summary = values.length >= 2 && nodes.length === 1 ? typeDocumentation(walk.host, nodes[0]!.node) : undefined;
      for (const shape of writtenShapes(walk, member, site.pointer, nodes)) {
        const described = summary !== undefined && shape.kind !== 'ref' && shape.description === undefined ? { ...shape, description: summary } : shape;
        shapes.push(...(described.kind === 'union' && !hasAnnotations(described) ? described.members : [described]));
      }
    }
  }
  if (hasNull) {
    shapes.push({ kind: 'null' });
  }
  const [only] = shapes;
  return shapes.length === 1 && only !== undefined ? only : { kind: 'union', members: shapes };
}

/**
 * A member's shape as each of its written nodes says: one for most, several for a type written as aliases whose tags differ
 * (`Count | Negative`, both `number`): the value may be either, so the schema says either, not the first alone.
 */
export function writtenShapes(walk: Walk, member: HostType, pointer: string, nodes: readonly Written[]): readonly Shape[] {
  if (nodes.length <= 1) {
    return [walk.deriveWritten(member, pointer, 'element', nodes[0])];
  }
  const shapes = new Map<string, Shape>();
  for (const node of nodes) {
    const shape = walk.deriveWritten(member, pointer, 'element', node);
    shapes.set(JSON.stringify(shape), shape);
  }
  return [...shapes.values()];
}

function hasAnnotations(shape: Shape): boolean {
  return (
    shape.description !== undefined || shape.default !== undefined || shape.examples !== undefined || shape.deprecated !== undefined
  );
}
