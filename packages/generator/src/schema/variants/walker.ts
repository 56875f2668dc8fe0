import type { JsonSchema, JsonValue, SchemaLoss, SchemaVariantName } from '@toolgen/runtime';
import { copyJson, isSchema, pointerSegment, setOwn, type MutableSchema } from './json.js';
import { joinDescription } from './words.js';

/** Handles one keyword of a canonical schema node, writing what the variant keeps into `node.out`. */
export type KeywordHandler = (keyword: string, value: JsonValue, node: SchemaNode) => void;

/** One provider's rules: a handler per keyword it knows, a fallback for the rest, and a per-node finish. */
export interface VariantRules {
  readonly keywords: Readonly<Record<string, KeywordHandler>>;
  readonly otherKeyword: KeywordHandler;
  readonly finish?: (node: SchemaNode) => void;
}

/** Where a node sits: its JSON Pointer into the arguments, and the defs being inlined around it (name → pointer). */
export interface Place {
  readonly pointer: string;
  readonly inlining: ReadonlyMap<string, string>;
}

/** One derivation of one variant. */
export interface Walk {
  /** The variant being derived: what its losses are reported as. */
  readonly variant: SchemaVariantName;
  readonly rules: VariantRules;
  readonly defs: JsonSchema;
  readonly losses: SchemaLoss[];
  /** Defs kept as `$defs` (openai-strict), in first-reach order. */
  readonly keptDefs: Map<string, MutableSchema>;
}

export interface SchemaNode {
  readonly source: JsonSchema;
  readonly place: Place;
  readonly walk: Walk;
  readonly out: NodeBuilder;
}

/** Keyword order of every printed node, so equal input prints identically whatever its key order. */
const keywordOrder: readonly string[] = [
  '$ref', 'type', 'nullable', 'const', 'enum', 'properties', 'required', 'additionalProperties', 'propertyNames',
  'prefixItems', 'items', 'minItems', 'maxItems', 'anyOf', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'format', 'title',
  'description', 'default', 'examples', 'deprecated', '$defs',
];

function byKeywordOrder(a: string, b: string): number {
  const rankA = keywordOrder.indexOf(a);
  const rankB = keywordOrder.indexOf(b);
  if (rankA !== rankB) {
    return (rankA === -1 ? keywordOrder.length : rankA) - (rankB === -1 ? keywordOrder.length : rankB);
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Collects a node's output: keywords, its own description, descriptions merged in, and appended sentences. */
export class NodeBuilder {
  readonly #entries = new Map<string, JsonValue>();
  readonly #descriptions: string[] = [];
  readonly #sentences: string[] = [];
  #own = '';

  get(keyword: string): JsonValue | undefined {
    return this.#entries.get(keyword);
  }

  set(keyword: string, value: JsonValue): void {
    this.#entries.set(keyword, value);
  }

  delete(keyword: string): void {
    this.#entries.delete(keyword);
  }

  describe(description: string): void {
    this.#own = description;
  }

  say(sentence: string): void {
    this.#sentences.push(sentence);
  }

  /** Merges a printed schema in (an inlined def, a nullable's member): this node's keywords win, descriptions add up. */
  merge(schema: JsonSchema): void {
    for (const [keyword, value] of Object.entries(schema)) {
      if (keyword === 'description') {
        this.#descriptions.push(String(value));
      } else if (!this.#entries.has(keyword)) {
        this.#entries.set(keyword, value);
      }
    }
  }

  build(): MutableSchema {
    const description = joinDescription([this.#own, ...this.#descriptions, ...this.#sentences]);
    const entries = [...this.#entries];
    if (description !== '') {
      entries.push(['description', description]);
    }
    const schema: MutableSchema = {};
    for (const [keyword, value] of entries.sort(([a], [b]) => byKeywordOrder(a, b))) {
      setOwn(schema, keyword, value);
    }
    return schema;
  }
}

/** Prints a schema position (boolean schemas are copied as they are). */
export function walkSchema(schema: JsonValue, place: Place, walk: Walk): JsonValue {
  return isSchema(schema) ? walkNode(schema, place, walk) : copyJson(schema);
}

/** Prints one schema node through the variant's keyword table. */
export function walkNode(source: JsonSchema, place: Place, walk: Walk): MutableSchema {
  const node: SchemaNode = { source, place, walk, out: new NodeBuilder() };
  const entries = Object.entries(source).sort(([a], [b]) => byKeywordOrder(a, b));
  for (const [keyword, value] of entries) {
    handlerFor(walk.rules, keyword)(keyword, value, node);
  }
  walk.rules.finish?.(node);
  return node.out.build();
}

function handlerFor(rules: VariantRules, keyword: string): KeywordHandler {
  return (Object.hasOwn(rules.keywords, keyword) ? rules.keywords[keyword] : undefined) ?? rules.otherKeyword;
}

/** The place one step down: a property name, a tuple index, or `*` for array items and map values. */
export function childPlace(place: Place, segment: string): Place {
  const escaped = segment === '*' ? segment : pointerSegment(segment);
  return { pointer: `${place.pointer}/${escaped}`, inlining: place.inlining };
}

/** Records that the variant dropped `keyword` here, and says it in words (unless `sentence` is null). */
export function lose(node: SchemaNode, keyword: string, sentence: string | null): void {
  node.walk.losses.push({ variant: node.walk.variant, pointer: node.place.pointer, keyword });
  if (sentence !== null) {
    node.out.say(sentence);
  }
}
