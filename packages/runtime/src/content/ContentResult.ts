/**
 * Content results: a tool that answers with text, images, links or embedded resources rather
 * than JSON returns a `ContentResult` (SPEC §7). The shapes are MCP's content blocks, as JSON
 * (binary data base64-encoded), so an MCP server sends them as they are; each other adapter maps
 * them onto its SDK's own content form and says in text what its SDK cannot take. They are type
 * aliases, not interfaces, so each is a `JsonValue` as a tool's result must be.
 */

/** Text the model reads. */
export type TextContent = {
  readonly type: 'text';
  readonly text: string;
};

/** An image: base64-encoded bytes and their media type (`image/png`). `imageContent` encodes bytes for you. */
export type ImageContent = {
  readonly type: 'image';
  /** The image's bytes, base64-encoded (no `data:` prefix). */
  readonly data: string;
  readonly mimeType: string;
};

/**
 * A link to a resource the client can read itself (MCP's `resource_link`). Adapters for model
 * APIs send it as a line of text: the model sees the link, and nobody fetches it on its behalf.
 */
export type ResourceLinkContent = {
  readonly type: 'resource_link';
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  /** The resource's size in bytes, when known. */
  readonly size?: number;
};

/** A resource's contents as text (`text/markdown`, `application/json`, …). */
export type TextResourceContents = {
  readonly uri: string;
  readonly mimeType?: string;
  readonly text: string;
};

/** A resource's contents as bytes, base64-encoded (`application/pdf`, `image/png`, …). */
export type BlobResourceContents = {
  readonly uri: string;
  readonly mimeType?: string;
  /** The bytes, base64-encoded (no `data:` prefix). */
  readonly blob: string;
};

/** A resource embedded in the result, its contents included (MCP's `resource`). */
export type EmbeddedResourceContent = {
  readonly type: 'resource';
  readonly resource: TextResourceContents | BlobResourceContents;
};

/** One block of a content result. */
export type ContentPart = TextContent | ImageContent | ResourceLinkContent | EmbeddedResourceContent;

/**
 * What a tool returns to answer with content blocks instead of JSON. Declare the method's return
 * type as `ContentResult` (or `Promise<ContentResult>`) and toolgen marks the tool
 * (`metadata.content`), so every adapter sends the blocks as its SDK's content:
 *
 * ```ts
 * async renderChart(series: string): Promise<ContentResult> {
 *   const png = await this.charts.render(series);
 *   return contentResult(`The ${series} chart:`, imageContent(png, 'image/png'));
 * }
 * ```
 */
export type ContentResult = {
  readonly content: readonly ContentPart[];
};

/** A content result of `parts`, in order; a string is a text block. */
export function contentResult(...parts: readonly (ContentPart | string)[]): ContentResult {
  return { content: parts.map((part) => (typeof part === 'string' ? { type: 'text', text: part } : part)) };
}

/** An image block of `data` (bytes, or a base64 string as is) with its media type, e.g. `'image/png'`. */
export function imageContent(data: Uint8Array | string, mimeType: string): ImageContent {
  return { type: 'image', data: typeof data === 'string' ? data : base64(data), mimeType };
}

/**
 * A resource embedded with its contents: a string as a text resource, bytes as a blob
 * (base64-encoded for you). Give the media type: a model API maps a blob by it (`application/pdf`
 * becomes a document where the API takes one), and says in text what it cannot take.
 */
export function resourceContent(uri: string, contents: string | Uint8Array, mimeType?: string): EmbeddedResourceContent {
  const common = mimeType === undefined ? { uri } : { uri, mimeType };
  return { type: 'resource', resource: typeof contents === 'string' ? { ...common, text: contents } : { ...common, blob: base64(contents) } };
}

/** A link to a resource the client can read (`name` is what people and models see, beside the URI). */
export function resourceLink(
  uri: string,
  name: string,
  details: { readonly title?: string; readonly description?: string; readonly mimeType?: string; readonly size?: number } = {},
): ResourceLinkContent {
  return { type: 'resource_link', uri, name, ...details };
}

/** `bytes` as base64, without Node's `Buffer` (the runtime also runs in browsers and edge functions). */
function base64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + chunk));
  }
  return btoa(binary);
}
