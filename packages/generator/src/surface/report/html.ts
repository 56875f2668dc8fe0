/** HTML text and attribute values for the report: everything from a manifest or a policy file goes through `escapeHtml`. */

const entities: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in element content and in a double- or single-quoted attribute value. */
export function escapeHtml(text: string): string {
  return special.test(text) ? text.replace(specials, (character) => entities[character]!) : text;
}

const special = /[&<>"']/;
const specials = /[&<>"']/g;

/** A value of unknown shape, as text: a manifest from an older toolgen, or one written by hand, may hold anything. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value) ?? '';
}

/**
 * An `id` (and its `#` fragment) for a name: letters, digits, `_` and `-` kept, any other character
 * as `.` and its code point in hex and `.`, so two names never share an id and the id needs no
 * escaping in a URL fragment.
 */
export function idOf(prefix: string, name: string): string {
  return `${prefix}-${name.replace(/[^A-Za-z0-9_-]/gu, (character) => `.${character.codePointAt(0)!.toString(16)}.`)}`;
}

/** A JSON array, or none when the value is not one. */
export function listOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}
