import type ts from 'typescript';

/**
 * The parts of the `ts` namespace schema derivation uses. A structural subset, so any TypeScript
 * 6.0.x namespace fits, whichever copy the caller owns (ts-morph's bundled one differs from the
 * `typescript` package in node-factory brands the derivation never touches).
 */
export type TypeScriptApi = Pick<
  typeof ts,
  | 'ElementFlags'
  | 'ModifierFlags'
  | 'ObjectFlags'
  | 'SignatureKind'
  | 'SymbolFlags'
  | 'SyntaxKind'
  | 'TypeFlags'
  | 'TypeFormatFlags'
  | 'displayPartsToString'
  | 'getCombinedModifierFlags'
  | 'isArrayTypeNode'
  | 'isClassElement'
  | 'isClassLike'
  | 'isParameter'
  | 'isParenthesizedTypeNode'
  | 'isPrivateIdentifier'
  | 'isPropertyDeclaration'
  | 'isPropertySignature'
  | 'isTypeAliasDeclaration'
  | 'isTypeReferenceNode'
  | 'isUnionTypeNode'
>;
