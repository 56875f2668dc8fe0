import type { Declaration, Node, TypeNode } from 'typescript7/ast';
import type { Symbol as TsSymbol, Type } from 'typescript7/sync';
import type { HostProperty } from '../../host/TypeHost.js';
import { asNode, asSymbol, asType } from './handles.js';
import { prefetchRequests } from './prefetch.js';
import { request, type Ts7Context } from './Ts7Context.js';

/**
 * Two round trips for all of a type's properties: their symbols, then in one batch their types
 * (their docs are read from the source). A third prefetches what the derivation asks next of
 * each member's type (an object's symbol, signatures, index signatures and bases; a union's members).
 */
export function fetchProperties(context: Ts7Context, t: Type): readonly HostProperty[] {
  const checker = context.checker;
  const members = checker.getPropertiesOfType(t);
  if (members.length === 0) {
    return [];
  }
  let types: readonly Type[] = [];
  const typesRequest = request(function* () {
    types = yield* checker.getTypeOfSymbol.gen(members as TsSymbol[]);
  });
  context.batch([typesRequest]);
  const properties = members.map((member, index) => property(context, member, types[index]!));
  context.batch(types.flatMap((memberType) => prefetchRequests(context, memberType)));
  return properties;
}

function property(context: Ts7Context, member: TsSymbol, memberType: Type): HostProperty {
  const { SymbolFlags } = context.sync;
  const handle = member.valueDeclaration ?? member.declarations[0];
  const declaration = handle === undefined ? undefined : handle.resolve();
  const typeNode = declaration !== undefined && hasTypeNode(context, declaration) ? (declaration as { type?: TypeNode }).type : undefined;
  const parent = declaration?.parent;
  return {
    symbol: asSymbol(member),
    name: memberName(member, declaration),
    type: asType(memberType),
    typeNode: typeNode === undefined ? undefined : asNode(typeNode),
    optional: (member.flags & SymbolFlags.Optional) !== 0,
    hidden: isPrivate(context, member),
    classBehaviour: parent !== undefined && context.ast.isClassLikeDeclaration(parent) && (member.flags & (SymbolFlags.Method | SymbolFlags.Accessor)) !== 0,
    symbolKeyed: member.name.startsWith('__@'),
    // the node's index in its file grows with its position, as TypeScript 6's `pos`
    declaredAt: handle === undefined ? undefined : { file: handle.path, index: handle.index },
  };
}

function hasTypeNode({ ast }: Ts7Context, declaration: Node): boolean {
  return ast.isPropertySignatureDeclaration(declaration) || ast.isPropertyDeclaration(declaration) || ast.isParameterDeclaration(declaration);
}

/** `private`, `protected` or `#private`: state JSON cannot carry into or out of a class instance. */
function isPrivate({ ast }: Ts7Context, member: TsSymbol): boolean {
  const { ModifierFlags, SyntaxKind } = ast;
  const classMember = new Set<number>([SyntaxKind.PropertyDeclaration, SyntaxKind.MethodDeclaration, SyntaxKind.GetAccessor, SyntaxKind.SetAccessor, SyntaxKind.Parameter]);
  return member.declarations.some((handle) => {
    // only a class's members and parameter properties can be private: the rest need no source
    if (!classMember.has(handle.kind)) {
      return false;
    }
    const declaration = handle.resolve() as Declaration | undefined;
    if (declaration === undefined) {
      return false;
    }
    const name = (declaration as { name?: Node }).name;
    return (ast.getCombinedModifierFlags(declaration) & (ModifierFlags.Private | ModifierFlags.Protected)) !== 0 || (name !== undefined && ast.isPrivateIdentifier(name));
  });
}

/** The member's name as written: the checker names `#x` members `__#<id>@#x` and `[key]` ones `__@key@<id>`. */
function memberName(member: TsSymbol, declaration: Node | undefined): string {
  const name = member.name;
  if (name.startsWith('__#')) {
    return name.slice(name.indexOf('@') + 1);
  }
  const first = member.declarations[0];
  const declared = first === undefined ? undefined : first === (member.valueDeclaration ?? first) ? declaration : first.resolve();
  const declaredName = (declared as { name?: Node } | undefined)?.name;
  return name.startsWith('__@') && declaredName !== undefined ? declaredName.getText() : name;
}
