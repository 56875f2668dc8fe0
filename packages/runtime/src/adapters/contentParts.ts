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
export const modelImageTypes: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export function isTextResource(resource: TextResourceContents | BlobResourceContents): resource is TextResourceContents {
  return typeof (resource as TextResourceContents).text === 'string';
}

/** A resource link as the line of text a model reads: nothing fetches it on the model's behalf. */
export function resourceLinkText(link: ResourceLinkContent): string {
  const facts = [link.mimeType, link.size === undefined ? undefined : bytes(link.size)].filter((fact) => fact !== undefined);
  return (
    `Resource link: ${link.title ?? link.name} <${link.uri}>` + (facts.length === 0 ? '' : ` (${facts.join(', ')})`) + (link.description === undefined ? '' : ` — ${link.description}`)
  );
}

/** An embedded text resource as text: its URI and media type, then its contents. */
export function textResourceText(resource: TextResourceContents): string {
  return `Resource ${resource.uri}${resource.mimeType === undefined ? '' : ` (${resource.mimeType})`}:\n${resource.text}`;
}

/**
 * What the model reads in place of a block its SDK cannot take: what was left out and why, so the
 * model does not answer as if it had seen it. `reason` completes "…is left out: ".
 */
export function leftOutText(part: ImageContent | EmbeddedResourceContent, reason: string): string {
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
  return parts
    .map((part) => {
      switch (part.type) {
        case 'text':
          return part.text;
        case 'resource_link':
          return resourceLinkText(part);
        case 'resource':
          return isTextResource(part.resource) ? textResourceText(part.resource) : leftOutText(part, reason);
        case 'image':
          return leftOutText(part, reason);
      }
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
