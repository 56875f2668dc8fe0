import type { Checker, IndexInfo, Type, TypeReference, UnionOrIntersectionType } from 'typescript7/sync';
import { TypeFlag, type HostIndexInfo } from '../../host/TypeHost.js';
import { asNode, asType, objectFlags } from './handles.js';
import { request, type Request, type Ts7Context } from './Ts7Context.js';

// Requests: each fills a field of the type's or symbol's info when `Ts7Context.batch` runs it.

/** What the processors ask of every object type before its properties: its symbol, signatures, index signatures and bases. */
export function basicsRequests(context: Ts7Context, t: Type): Request[] {
  const info = context.info(t);
  const requests: Request[] = [];
  if (info.symbol === undefined) {
    requests.push(
      request(function* () {
        info.symbol = (yield* t.getSymbol.gen()) ?? null;
      }),
    );
  }
  if ((t.flags & TypeFlag.Object) === 0) {
    return requests;
  }
  if (info.indexInfos === undefined) {
    const checker = context.checker;
    requests.push(
      request(function* () {
        const infos = (yield* checker.getIndexInfosOfType.gen(t)) ?? [];
        info.indexInfos = infos.map(hostIndexInfo);
      }),
    );
  }
  return [...requests, ...signatureRequests(context, t), ...baseTypeRequests(context, t)];
}

export function signatureRequests(context: Ts7Context, t: Type): Request[] {
  const info = context.info(t);
  if (info.callSignatures !== undefined && info.constructSignatures !== undefined) {
    return [];
  }
  const checker = context.checker;
  const { SignatureKind } = context.sync;
  return [
    request(function* () {
      info.callSignatures = (yield* checker.getSignaturesOfType.gen(t, SignatureKind.Call)).length > 0;
    }),
    request(function* () {
      info.constructSignatures = (yield* checker.getSignaturesOfType.gen(t, SignatureKind.Construct)).length > 0;
    }),
  ];
}

/** A class's or interface's bases, through a reference to a generic one (its target); none for any other type. */
export function baseTypeRequests(context: Ts7Context, t: Type): Request[] {
  const info = context.info(t);
  if (info.baseTypes !== undefined) {
    return [];
  }
  if ((t.flags & TypeFlag.Object) === 0) {
    info.baseTypes = [];
    return [];
  }
  const checker = context.checker;
  const { ObjectFlags } = context.sync;
  const reference = (objectFlags(t) & ObjectFlags.Reference) !== 0;
  return [
    request(function* () {
      const target = reference ? (yield* (t as TypeReference).getTarget.gen()) : t;
      if ((objectFlags(target) & (ObjectFlags.Class | ObjectFlags.Interface)) === 0) {
        info.baseTypes = [];
        return;
      }
      info.baseTypes = yield* checker.getBaseTypes.gen(target as Parameters<Checker['getBaseTypes']>[0]);
    }),
  ];
}

export function constituentRequests(context: Ts7Context, t: Type): Request[] {
  const info = context.info(t);
  if (info.constituents !== undefined || (t.flags & (TypeFlag.Union | TypeFlag.Intersection)) === 0) {
    return [];
  }
  return [
    request(function* () {
      info.constituents = (yield* (t as UnionOrIntersectionType).getTypes.gen()) ?? [];
    }),
  ];
}

export function aliasSymbolRequests(context: Ts7Context, t: Type): Request[] {
  const info = context.info(t);
  if (info.aliasSymbol !== undefined) {
    return [];
  }
  return [
    request(function* () {
      info.aliasSymbol = (yield* t.getAliasSymbol.gen()) ?? null;
    }),
  ];
}

/** What the derivation asks next of a member's type: an object's basics, a union's members and its alias, and theirs. */
export function prefetchRequests(context: Ts7Context, t: Type): Request[] {
  const requests: Request[] = [...aliasSymbolRequests(context, t)];
  if ((t.flags & TypeFlag.Object) !== 0) {
    requests.push(...basicsRequests(context, t));
  }
  const info = context.info(t);
  if (info.constituents === undefined && (t.flags & (TypeFlag.Union | TypeFlag.Intersection)) !== 0) {
    const prefetch = (member: Type): Request[] => prefetchRequests(context, member);
    const all = context.sync.all;
    requests.push(
      request(function* () {
        const members = (yield* (t as UnionOrIntersectionType).getTypes.gen()) ?? [];
        info.constituents = members;
        yield* all(...members.flatMap(prefetch));
      }),
    );
  }
  return requests;
}

/** An index signature as the host gives it: its value's type node read from its declaration only when the derivation asks. */
export function hostIndexInfo(indexInfo: IndexInfo): HostIndexInfo {
  let valueTypeNode: HostIndexInfo['valueTypeNode'] | null = null;
  return {
    keyType: asType(indexInfo.keyType),
    valueType: asType(indexInfo.valueType),
    get valueTypeNode() {
      if (valueTypeNode === null) {
        const type = indexInfo.declaration?.resolve()?.type;
        valueTypeNode = type === undefined ? undefined : asNode(type);
      }
      return valueTypeNode;
    },
  };
}
