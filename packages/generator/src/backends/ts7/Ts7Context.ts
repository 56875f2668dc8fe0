import type { AnyAPIRequestGenerator, API, Checker, Program, Symbol as TsSymbol, Type } from 'typescript7/sync';
import type { HostDocComment, HostIndexInfo, HostProperty } from '../../host/TypeHost.js';
import type { Ts7Modules } from './loadTs7.js';

/** What the TypeScript 7 type host needs: the loaded API modules, the API connection, and one project's program and checker. */
export interface Ts7Compiler {
  readonly modules: Pick<Ts7Modules, 'version' | 'sync' | 'ast'>;
  readonly api: API;
  readonly program: Program;
  readonly checker: Checker;
}

/** What the host fetched of one type; a field is undefined until it is fetched. */
export interface TypeInfo {
  text?: string;
  /** `null`: the type has none. */
  symbol?: TsSymbol | null;
  aliasSymbol?: TsSymbol | null;
  constituents?: readonly Type[];
  typeArguments?: readonly Type[];
  tupleTarget?: Type;
  properties?: readonly HostProperty[];
  indexInfos?: readonly HostIndexInfo[];
  callSignatures?: boolean;
  constructSignatures?: boolean;
  baseTypes?: readonly Type[];
  enumValues?: readonly (string | number)[] | null;
  mappedSource?: Type | null;
}

export interface SymbolInfo {
  /** `null`: none of its declarations has one. */
  docComment?: HostDocComment | null;
  isGlobalType?: boolean;
}

/** A request generator of the sync API: `batch` runs several at once, one round trip per round of requests. */
export type Request = AnyAPIRequestGenerator;

/** A request that stores what it fetched: its results go to the host's caches, so it returns nothing. */
export const request = (generator: () => Generator<unknown, void, never>): Request => generator() as unknown as Request;

/** One checker's API and what the host fetched of its types and symbols: the state the host's parts share. */
export class Ts7Context {
  readonly sync: Ts7Modules['sync'];
  readonly ast: Ts7Modules['ast'];
  readonly api: API;
  readonly program: Program;
  readonly checker: Checker;
  readonly #types = new WeakMap<Type, TypeInfo>();
  readonly #symbols = new WeakMap<TsSymbol, SymbolInfo>();

  constructor({ modules, api, program, checker }: Ts7Compiler) {
    this.sync = modules.sync;
    this.ast = modules.ast;
    this.api = api;
    this.program = program;
    this.checker = checker;
  }

  info(t: Type): TypeInfo {
    let info = this.#types.get(t);
    if (info === undefined) {
      info = {};
      this.#types.set(t, info);
    }
    return info;
  }

  symbolInfo(s: TsSymbol): SymbolInfo {
    let info = this.#symbols.get(s);
    if (info === undefined) {
      info = {};
      this.#symbols.set(s, info);
    }
    return info;
  }

  /** Runs request generators together: one round trip per round, none when there are none. */
  batch(requests: readonly Request[]): void {
    if (requests.length > 0) {
      this.api.batch(...requests);
    }
  }
}
