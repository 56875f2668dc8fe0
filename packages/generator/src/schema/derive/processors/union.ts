import type ts from 'typescript';
import type { Shape } from '../../shape.js';
import type { TypeScriptApi } from '../../TypeScriptApi.js';
import { hasFlag, type Processor, type Site, type Walk } from '../Processor.js';

/** A string or number literal: a value an `enum` can hold. */
export function isEnumValue(t: TypeScriptApi, type: ts.Type): boolean {
  return hasFlag(type, t.TypeFlags.StringLiteral | t.TypeFlags.NumberLiteral);
}

/** `A | B`: `anyOf`, literals collapsed into an `enum`; an aliased union may recur. */
export const unionProcessor: Processor = {
  kind: 'union',
  applies: (type, walk) => isPlainUnion(walk.ts, type),
  derive: (type, site, walk) => {
    const derive = (): Shape => unionOf(walk.constituents(type as ts.UnionType, site.typeNode), site, walk);
    // an alias (`type Json = … | Json[]`) is the only way a union can recur
    return type.aliasSymbol === undefined ? derive() : walk.named(type, site.pointer, derive);
  },
};

/** A union that is neither `boolean` nor a TS enum, which have their own processors. */
export function isPlainUnion(t: TypeScriptApi, type: ts.Type): boolean {
  return hasFlag(type, t.TypeFlags.Union) && !hasFlag(type, t.TypeFlags.Boolean | t.TypeFlags.EnumLiteral);
}

/**
 * The shape of a union's members: `true | false` is one boolean, literals of one primitive kind
 * collapse into an `enum`, nested unions are flattened, and `null` comes last.
 */
export function unionOf(members: readonly ts.Type[], site: Site, walk: Walk): Shape {
  const flags = walk.ts.TypeFlags;
  const hasNull = members.some((member) => hasFlag(member, flags.Null));
  const values = members.filter((member) => !hasFlag(member, flags.Null));
  const shapes: Shape[] = [];
  const literals = values.filter((member) => isEnumValue(walk.ts, member));
  const literalKinds = new Set(literals.map((member) => typeof (member as ts.LiteralType).value));
  if (literals.length >= 2 && literals.length === values.length && literalKinds.size === 1) {
    shapes.push({ kind: 'enum', values: literals.map((member) => (member as ts.LiteralType).value as string | number) });
  } else {
    const booleans = values.filter((member) => hasFlag(member, flags.BooleanLiteral));
    for (const member of values) {
      if (booleans.length === 2 && hasFlag(member, flags.BooleanLiteral)) {
        if (member === booleans[0]) {
          shapes.push({ kind: 'boolean' });
        }
        continue;
      }
      const shape = walk.derive(member, site.pointer, 'element');
      shapes.push(...(shape.kind === 'union' && !hasAnnotations(shape) ? shape.members : [shape]));
    }
  }
  if (hasNull) {
    shapes.push({ kind: 'null' });
  }
  const [only] = shapes;
  return shapes.length === 1 && only !== undefined ? only : { kind: 'union', members: shapes };
}

function hasAnnotations(shape: Shape): boolean {
  return (
    shape.description !== undefined || shape.default !== undefined || shape.examples !== undefined || shape.deprecated !== undefined
  );
}
