import type {
  BlobResourceContents,
  ContentPart,
  EmbeddedResourceContent,
  ImageContent,
  ResourceLinkContent,
  TextResourceContents,
} from '../content/ContentResult.js';
import type { AIFunction, JsonValue } from '../function/AIFunction.js';

/**
 * What every adapter shares about content results (SPEC §7): which results are content, and how
 * a block an SDK cannot take is said in text instead. Each adapter maps the rest onto its SDK.
 */

/**
 * The content blocks of `fn`'s result `value`: only for a tool toolgen marked as returning a
 * `ContentResult` (`metadata.content`), and only when the value is well-formed, so a JSON result
 * is never mistaken for content by its shape. Anything else is undefined: sent as JSON.
 */
export function contentOf(fn: AIFunction, value: JsonValue | undefined): readonly ContentPart[] | undefined {
  if (fn.metadata.content !== true || typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const parts = (value as { readonly content?: unknown }).content;
  return Array.isArray(parts) && parts.every(isContentPart) ? (parts as readonly ContentPart[]) : undefined;
}

function isContentPart(part: unknown): boolean {
  if (typeof part !== 'object' || part === null) return false;
  const block = part as Readonly<Record<string, unknown>>;
  switch (block['type']) {
    case 'text':
      return typeof block['text'] === 'string';
    case 'image':
      return typeof block['data'] === 'string' && typeof block['mimeType'] === 'string';
    case 'resource_link':
      return typeof block['uri'] === 'string' && typeof block['name'] === 'string';
    case 'resource': {
      const resource = block['resource'] as Readonly<Record<string, unknown>> | null | undefined;
      return (
        typeof resource === 'object' && resource !== null && typeof resource['uri'] === 'string' && (typeof resource['text'] === 'string' || typeof resource['blob'] === 'string')
      );
    }
    default:
      return false;
  }
}

/** The image types both OpenAI's and Anthropic's APIs take in a tool result; any other is said to be left out. */
const modelImageTypes: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * A content block as every model API's adapter decides it, before it takes its SDK's shape: text
 * (a link or a text resource written out, or a block left out said in words), an image of a type
 * both OpenAI and Anthropic take (`uri` when it came as a blob resource), or a PDF blob.
 */
export type ModelBlock =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'image'; readonly data: string; readonly mimeType: string; readonly uri?: string }
  | { readonly kind: 'pdf'; readonly data: string; readonly uri: string };

/** Why an SDK leaves a block out: for an image of another type, and for a blob neither image nor PDF. */
export interface LeftOutReasons {
  readonly image: string;
  readonly blob: string;
}

/** What OpenAI cannot take, in the words the model reads: the Responses runner and the Agents adapter (which sends Responses items). */
export const openAILeftOut: LeftOutReasons = { image: 'OpenAI takes images as PNG, JPEG, GIF or WebP only', blob: 'OpenAI takes PDFs and PNG, JPEG, GIF or WebP images only' };

/**
 * `part` as a model API takes it: text as it is; a resource link or a text resource written out;
 * a PNG, JPEG, GIF or WebP image (also as a blob resource) as an image; a PDF blob as a PDF; any
 * other image or blob as text saying it was left out, for `reasons`. Each adapter maps the kinds
 * onto its SDK's blocks, so every adapter leaves out the same things in the same words.
 */
export function modelBlock(part: ContentPart, reasons: LeftOutReasons): ModelBlock {
  switch (part.type) {
    case 'text':
      return { kind: 'text', text: part.text };
    case 'resource_link':
      return { kind: 'text', text: resourceLinkText(part) };
    case 'image':
      return modelImageTypes.has(part.mimeType) ? { kind: 'image', data: part.data, mimeType: part.mimeType } : { kind: 'text', text: leftOutText(part, reasons.image) };
    case 'resource': {
      const resource = part.resource;
      if (isTextResource(resource)) return { kind: 'text', text: textResourceText(resource) };
      const mimeType = resource.mimeType ?? '';
      if (modelImageTypes.has(mimeType)) return { kind: 'image', data: resource.blob, mimeType, uri: resource.uri };
      if (mimeType === 'application/pdf') return { kind: 'pdf', data: resource.blob, uri: resource.uri };
      return { kind: 'text', text: leftOutText(part, reasons.blob) };
    }
  }
}

function isTextResource(resource: TextResourceContents | BlobResourceContents): resource is TextResourceContents {
  return typeof (resource as TextResourceContents).text === 'string';
}

/** A resource link as the line of text a model reads: nothing fetches it on the model's behalf. */
function resourceLinkText(link: ResourceLinkContent): string {
  const facts = [link.mimeType, link.size === undefined ? undefined : bytes(link.size)].filter((fact) => fact !== undefined);
  return (
    `Resource link: ${link.title ?? link.name} <${link.uri}>` + (facts.length === 0 ? '' : ` (${facts.join(', ')})`) + (link.description === undefined ? '' : ` — ${link.description}`)
  );
}

/** An embedded text resource as text: its URI and media type, then its contents. */
function textResourceText(resource: TextResourceContents): string {
  return `Resource ${resource.uri}${resource.mimeType === undefined ? '' : ` (${resource.mimeType})`}:\n${resource.text}`;
}

/**
 * What the model reads in place of a block its SDK cannot take: what was left out and why, so the
 * model does not answer as if it had seen it. `reason` completes "…is left out: ".
 */
function leftOutText(part: ImageContent | EmbeddedResourceContent, reason: string): string {
  const what =
    part.type === 'image'
      ? `An image (${part.mimeType}, ${bytes(base64Bytes(part.data))})`
      : `The resource ${part.resource.uri} (${[part.resource.mimeType, isTextResource(part.resource) ? undefined : bytes(base64Bytes(part.resource.blob))].filter((fact) => fact !== undefined).join(', ') || 'contents'})`;
  return `[${what} is left out: ${reason}.]`;
}

/**
 * Every block as text, for an API whose tool results carry only text: text as it is, links and
 * text resources written out, images and blobs said to be left out for `reason`.
 */
export function contentAsText(parts: readonly ContentPart[], reason: string): string {
  const reasons = { image: reason, blob: reason };
  return parts
    .map((part) => {
      const block = modelBlock(part, reasons);
      // an image or a PDF is a block this API cannot take either
      return block.kind === 'text' ? block.text : leftOutText(part as ImageContent | EmbeddedResourceContent, reason);
    })
    .join('\n\n');
}

/** `data:` URL of base64 `data`, for APIs that take inline files as URLs. */
export function dataUrl(mimeType: string, data: string): string {
  return `data:${mimeType};base64,${data}`;
}

/** The last path segment of a URI, for APIs that want a file name. */
export function fileNameOf(uri: string): string {
  const path = uri.replace(/[?#].*$/s, '').replace(/\/+$/, '');
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === '' ? 'resource' : name;
}

/** How many bytes base64 `data` decodes to. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function bytes(count: number): string {
  return `${count.toLocaleString('en-US')} byte${count === 1 ? '' : 's'}`;
}
