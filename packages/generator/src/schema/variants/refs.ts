import type { JsonSchema, JsonValue } from '@toolgen/runtime';
import { isSchema, ownValue, refName, type MutableSchema } from './json.js';
import { lose, walkNode, type KeywordHandler, type SchemaNode, type Walk } from './walker.js';
import { recursionSentence } from './words.js';

function lookupDef(walk: Walk, name: string): JsonSchema {
  const def = ownValue(walk.defs, name);
  if (!isSchema(def)) {
    throw new Error(`Cannot derive provider variants: no $defs entry named ${JSON.stringify(name)}.`);
  }
  return def;
}

/** Keeps the `$ref`; the def is printed once, at the pointer of the first place that reaches it. */
export const keepRef: KeywordHandler = (keyword, value, node) => {
  const name = refName(value);
  const { walk } = node;
  if (!walk.keptDefs.has(name)) {
    walk.keptDefs.set(name, {});
    walk.keptDefs.set(name, walkNode(lookupDef(walk, name), { pointer: node.place.pointer, inlining: new Map() }, walk));
  }
  node.out.set(keyword, value);
};

/** Inlines the def in place; a `$ref` back to a def being inlined around it is the recursive edge: `cut(def)` and words. */
export function inlineRef(cut: (def: JsonSchema) => MutableSchema): KeywordHandler {
  return (keyword, value, node) => {
    const name = refName(value);
    const def = lookupDef(node.walk, name);
    const enclosing = node.place.inlining.get(name);
    if (enclosing === undefined) {
      inline(name, def, node);
      return;
    }
    node.out.merge(cut(def));
    lose(node, keyword, recursionSentence(name, enclosing));
  };
}

function inline(name: string, def: JsonSchema, node: SchemaNode): void {
  const inlining = new Map(node.place.inlining).set(name, node.place.pointer);
  node.out.merge(walkNode(def, { pointer: node.place.pointer, inlining }, node.walk));
}

/** Anthropic: the recursive edge accepts any value. */
export function anyValue(): MutableSchema {
  return {};
}

/** Gemini: the recursive edge keeps the def's type (an object, nearly always). */
export function sameType(def: JsonSchema): MutableSchema {
  const type: JsonValue | undefined = ownValue(def, 'type');
  return { type: typeof type === 'string' ? type : 'object' };
}
