import type ts from 'typescript';
import type { PropertyShape, Shape } from '../../shape.js';
import type { TypeScriptApi } from '../../TypeScriptApi.js';
import { faults } from '../faults.js';
import { hasFlag, isUndefined, type Processor, type Walk } from '../Processor.js';
import { isFunction } from './function.js';

/** Interfaces, object type aliases, class instances (data members only), mapped types, intersections. */
export const objectProcessor: Processor = {
  kind: 'object',
  applies: (type, walk) => hasFlag(type, walk.ts.TypeFlags.Object),
  derive: (type, site, walk) => walk.named(type, site.pointer, () => objectShape(type, site.pointer, walk)),
};

function objectShape(type: ts.Type, pointer: string, walk: Walk): Shape {
  const { checker, ts: t } = walk;
  const members = checker.getPropertiesOfType(type);
  const hidden = members.filter((member) => isPrivate(t, member)).map((member) => memberName(member));
  if (hidden.length > 0) {
    return walk.fail(type, pointer, faults.privateState(hidden));
  }
  const properties: PropertyShape[] = [];
  for (const member of members) {
    const property = propertyOf(member, pointer, walk);
    if (property !== undefined) {
      properties.push(property);
    }
  }
  return { kind: 'object', properties, additionalProperties: indexSignatureShape(type, pointer, walk) };
}

/**
 * One member's property, or nothing for what JSON never holds: a class's methods and accessors
 * (they live on the prototype), symbol-keyed members (JSON keys are strings), members that can
 * only be undefined (they are always absent), and, in output, functions (JSON.stringify leaves
 * them out).
 */
function propertyOf(member: ts.Symbol, objectPointer: string, walk: Walk): PropertyShape | undefined {
  const { checker, ts: t } = walk;
  const declaration = member.valueDeclaration ?? member.declarations?.[0];
  const behaviour = t.SymbolFlags.Method | t.SymbolFlags.Accessor;
  if (declaration !== undefined && t.isClassLike(declaration.parent) && (member.flags & behaviour) !== 0) {
    return undefined;
  }
  const type = checker.getTypeOfSymbol(member);
  const members = hasFlag(type, t.TypeFlags.Union) ? (type as ts.UnionType).types : [type];
  const defined = members.filter((candidate) => !isUndefined(t, candidate));
  const symbolKeyed = member.getName().startsWith('__@');
  if (symbolKeyed || defined.length === 0 || (walk.purpose === 'output' && defined.every((candidate) => isFunction(candidate, walk)))) {
    return undefined;
  }
  const pointer = `${objectPointer}/${escapePointer(memberName(member))}`;
  const typeNode = declaration !== undefined && hasTypeNode(t, declaration) ? declaration.type : undefined;
  // the type's text is only printed when a tag is wrong: typeToString is costly on every member
  const shape = walk.documentation(member, walk.derive(type, pointer, 'member', typeNode), pointer, () => walk.text(type), typeNode);
  const optional = (member.flags & t.SymbolFlags.Optional) !== 0 || defined.length < members.length;
  return { name: memberName(member), shape, optional };
}

type TypedMember = ts.PropertySignature | ts.PropertyDeclaration | ts.ParameterDeclaration;

function hasTypeNode(t: TypeScriptApi, node: ts.Node): node is TypedMember {
  return t.isPropertySignature(node) || t.isPropertyDeclaration(node) || t.isParameter(node);
}

/** `private`, `protected` or `#private`: state JSON cannot carry into or out of a class instance. */
function isPrivate(t: TypeScriptApi, member: ts.Symbol): boolean {
  return (member.declarations ?? []).some(
    (declaration) =>
      (t.getCombinedModifierFlags(declaration) & (t.ModifierFlags.Private | t.ModifierFlags.Protected)) !== 0 ||
      (t.isClassElement(declaration) && declaration.name !== undefined && t.isPrivateIdentifier(declaration.name)),
  );
}

/** The member's name as written: the checker names `#x` members `__#<id>@#x` and `[key]` ones `__@key@<id>`. */
function memberName(member: ts.Symbol): string {
  const name = member.getName();
  if (name.startsWith('__#')) {
    return name.slice(name.indexOf('@') + 1);
  }
  const declared = (member.declarations?.[0] as { name?: ts.Node } | undefined)?.name;
  return name.startsWith('__@') && declared !== undefined ? declared.getText() : name;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * The value shape of a string (or number, or template) index signature, or `false`: no other
 * properties. `Record<string, never>` is the type of `{}` with nothing in it, so it is `false` too.
 */
function indexSignatureShape(type: ts.Type, pointer: string, walk: Walk): Shape | false {
  const flags = walk.ts.TypeFlags;
  const infos = walk.checker.getIndexInfosOfType(type).filter((info) => !hasFlag(info.keyType, flags.ESSymbolLike));
  const info = infos.find((candidate) => hasFlag(candidate.keyType, flags.String)) ?? infos[0];
  if (info === undefined || hasFlag(info.type, flags.Never)) {
    return false;
  }
  return walk.derive(info.type, `${pointer}/*`, 'value');
}
