import type { HostSymbol, HostTypeNode, TypeHost } from '../../host/TypeHost.js';
import { readDocComment, type CommentInlineTag, type CommentNotice } from './docComment.js';
import { foreignTag } from './foreignTags.js';
import { keywordTag } from './keywordTags.js';
import type { DocTag, TagSite } from './tags.js';

/** A symbol's TSDoc as the derivation reads it: each tag and notice with where it is written. */
export interface SymbolDocumentation {
  /** The summary (none when empty). */
  readonly description: string | undefined;
  /** The block tags, in source order. */
  readonly tags: readonly DocTag[];
  /** The inline tags toolgen reads, written in the summary (where they constrain nothing). */
  readonly summaryInlineTags: readonly (CommentInlineTag & { readonly site: TagSite })[];
  /** What TSDoc reads differently from toolgen (TSH025). */
  readonly notices: readonly (CommentNotice & { readonly site: TagSite })[];
}

const none: SymbolDocumentation = { description: undefined, tags: [], summaryInlineTags: [], notices: [] };

/** What each host has read, by the handle it was read for: a type used by many tools is read once. */
function perHost<K extends object, V>(cache: WeakMap<TypeHost, WeakMap<K, V>>, host: TypeHost, key: K, read: () => V): V {
  let byKey = cache.get(host);
  if (byKey === undefined) {
    byKey = new WeakMap();
    cache.set(host, byKey);
  }
  let value = byKey.get(key);
  if (value === undefined) {
    value = read();
    byKey.set(key, value);
  }
  return value;
}

const documentationCache = new WeakMap<TypeHost, WeakMap<HostSymbol, SymbolDocumentation>>();

/** The TSDoc of a symbol's declaration (a member, a type alias), read by the TSDoc parser. */
export function symbolDocumentation(host: TypeHost, symbol: HostSymbol): SymbolDocumentation {
  return perHost(documentationCache, host, symbol, () => readSymbolDocumentation(host, symbol));
}

/** Whether a symbol's declaration has a doc comment (one read, shared with `symbolDocumentation`). */
export function hasDocComment(host: TypeHost, symbol: HostSymbol): boolean {
  return symbolDocumentation(host, symbol) !== none;
}

function readSymbolDocumentation(host: TypeHost, symbol: HostSymbol): SymbolDocumentation {
  const comment = host.docComment(symbol);
  if (comment === undefined) {
    return none;
  }
  const parsed = readDocComment(comment.text);
  const site = (span: { readonly start: number; readonly end: number }): TagSite => ({ symbol, file: comment.file, start: comment.start + span.start, end: comment.start + span.end });
  const summary = parsed.summary.text;
  return {
    description: summary === '' ? undefined : summary,
    tags: parsed.tags.map((tag) => ({ name: tag.name, text: tag.text, site: site(tag) })),
    summaryInlineTags: parsed.summary.inlineTags.map((tag) => ({ ...tag, site: site(tag) })),
    notices: parsed.notices.map((notice) => ({ ...notice, site: site(notice) })),
  };
}

/**
 * The TSDoc summary of the type a member or parameter is declared with (`priority?: Priority`
 * → the doc of `type Priority`), for a member or parameter without one of its own. Follows
 * `T | null | undefined` to `T`; the lib's own types (`Date`, `Record`) have docs about
 * JavaScript, not about the user's data, so they give none.
 */
export function typeDocumentation(host: TypeHost, typeNode: HostTypeNode | undefined): string | undefined {
  const named = namedTypeNode(host, typeNode);
  const symbol = named === undefined ? undefined : host.referencedSymbol(named);
  return symbol === undefined ? undefined : symbolDocumentation(host, symbol).description;
}

/** How many aliases of aliases are followed for their keyword tags. */
const maxAliasChain = 16;

/**
 * The keyword tags of the type aliases a type node names (`page: PageNumber` with
 * `/** @minimum 1 *\/ type PageNumber = number`), through `T | null | undefined` and aliases of
 * aliases; the nearer alias's tag wins over the farther one's of the same name.
 */
export function aliasKeywordTags(host: TypeHost, typeNode: HostTypeNode | undefined): readonly DocTag[] {
  return typeNode === undefined ? [] : perHost(aliasTagsCache, host, typeNode, () => readAliasKeywordTags(host, typeNode));
}

const aliasTagsCache = new WeakMap<TypeHost, WeakMap<HostTypeNode, readonly DocTag[]>>();

function readAliasKeywordTags(host: TypeHost, typeNode: HostTypeNode): readonly DocTag[] {
  const chain: DocTag[][] = [];
  let node = namedTypeNode(host, typeNode);
  const seen = new Set<HostSymbol>();
  while (node !== undefined && chain.length < maxAliasChain) {
    const symbol = host.referencedSymbol(node);
    if (symbol === undefined || seen.has(symbol)) {
      break;
    }
    seen.add(symbol);
    const aliased = host.aliasDeclaredTypeNode(symbol);
    // another generator's schema tags too, which the alias's uses report as TSH023 rather than drop
    chain.push(symbolDocumentation(host, symbol).tags.filter((tag) => keywordTag(tag.name) !== undefined || foreignTag(tag.name) !== undefined));
    node = aliased === undefined ? undefined : namedTypeNode(host, aliased);
  }
  return mergeTags(chain.reverse());
}

/** Tag lists from the farthest to the nearest, merged: a nearer list's tags replace the farther ones' of the same name. */
export function mergeTags(lists: readonly (readonly DocTag[])[]): DocTag[] {
  let merged: DocTag[] = [];
  for (const list of lists) {
    const names = new Set(list.map((tag) => tag.name));
    merged = [...merged.filter((tag) => !names.has(tag.name)), ...list];
  }
  return merged;
}

/** The one type reference a type node names, through parentheses, `| null` / `| undefined` and a brand's `& { … }`. */
export function namedTypeNode(host: TypeHost, node: HostTypeNode | undefined): HostTypeNode | undefined {
  if (node === undefined) {
    return undefined;
  }
  const view = host.typeNode(node);
  if (view.kind === 'parenthesized') {
    return namedTypeNode(host, view.inner);
  }
  if (view.kind === 'union') {
    const named = view.members.filter((member) => {
      const kind = host.typeNode(member).kind;
      return kind !== 'undefined' && kind !== 'null';
    });
    return named.length === 1 ? namedTypeNode(host, named[0]) : undefined;
  }
  if (view.kind === 'intersection') {
    // a branded type, `Name & { readonly __brand: 'UserId' }`: its values are `Name`s
    const named = view.members.filter((member) => host.typeNode(member).kind !== 'typeLiteral');
    return named.length === 1 && view.members.length > 1 ? namedTypeNode(host, named[0]) : undefined;
  }
  return view.kind === 'reference' ? node : undefined;
}
