/**
 * The one reader of a manifest's text (the file on disk), for every part that needs what it says:
 * the generation (the modules it lists, its tools' names and settings, the entries kept for files
 * with errors) and `toolgen mcp`. It parses and checks the outline; each part takes the fields it
 * needs from the entries, which are as the file has them.
 */
export type ManifestReading =
  | {
      readonly kind: 'object';
      readonly version: unknown;
      /** The entries of its `toolsets` that are objects; undefined when `toolsets` is no array. */
      readonly toolsets: readonly Readonly<Record<string, unknown>>[] | undefined;
    }
  | { readonly kind: 'notJson'; readonly reason: string }
  | { readonly kind: 'notObject' };

export function readManifestText(text: string): ManifestReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { kind: 'notJson', reason: (error as Error).message };
  }
  if (!isRecord(parsed)) {
    return { kind: 'notObject' };
  }
  const listed = parsed['toolsets'];
  return { kind: 'object', version: parsed['version'], toolsets: Array.isArray(listed) ? listed.filter(isRecord) : undefined };
}

/** A JSON object: not an array, not null. */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
