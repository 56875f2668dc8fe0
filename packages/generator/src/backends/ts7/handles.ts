import type * as Ast from 'typescript7/ast';
import type { TypeNode } from 'typescript7/ast';
import type { Symbol as TsSymbol, Type } from 'typescript7/sync';
import type { HostSymbol, HostType, HostTypeNode } from '../../host/TypeHost.js';

// the handles are the API's own objects, which its registry keeps one per type, symbol and node
export const type = (handle: HostType): Type => handle as unknown as Type;
export const symbol = (handle: HostSymbol): TsSymbol => handle as unknown as TsSymbol;
export const node = (handle: HostTypeNode): TypeNode => handle as unknown as TypeNode;
export const asType = (value: Type): HostType => value as unknown as HostType;
export const asTypes = (values: readonly Type[]): readonly HostType[] => values as unknown as readonly HostType[];
export const asSymbol = (value: TsSymbol): HostSymbol => value as unknown as HostSymbol;
export const asNode = (value: TypeNode): HostTypeNode => value as unknown as HostTypeNode;

/** A type's object flags: 0 for a type that is no object. */
export const objectFlags = (t: Type): number => (t as { objectFlags?: number }).objectFlags ?? 0;

/** A node of the API's tree with the source-reading methods its objects have. */
export type RemoteNode = Ast.Node & {
  getText(): string;
  getStart(): number;
  getEnd(): number;
  getFullStart(): number;
  getFullText(): string;
  getSourceFile(): Ast.SourceFile & { getLineAndCharacterOfPosition(position: number): { line: number; character: number } };
  forEachChild<T>(visit: (child: Ast.Node) => T | undefined): T | undefined;
};
