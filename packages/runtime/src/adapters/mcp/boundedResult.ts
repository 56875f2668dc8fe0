import { Buffer } from 'node:buffer';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { JsonValue } from '../../function/AIFunction.js';
import { boundedJson, type BoundedJson } from './boundedJson.js';
import type { McpLimits } from './mcpLimits.js';

/** What an imported tool passes on, or why it passes nothing on. */
export type BoundedResult =
  | { readonly ok: true; readonly value: JsonValue }
  | {
      readonly ok: false;
      /** What is wrong with the result, completing "sent a result that …". */
      readonly problem: string;
      /** What the model can do. */
      readonly fix: string | undefined;
      /** What the host can do, for its logger. */
      readonly hostFix: string;
      readonly cause?: unknown;
    };

type Limits = Pick<McpLimits, 'maxResultBytes' | 'maxResultDepth'>;

/**
 * What a call resolves to, read within `limits`: the `structuredContent`, else the JSON of a
 * single text content (the text itself when that is not JSON), else the content array; for an
 * `isError` result, its text.
 */
export function boundedResult(result: CallToolResult, limits: Limits): BoundedResult {
  const bounds = { maxBytes: limits.maxResultBytes, maxDepth: limits.maxResultDepth };
  const content = result.content ?? [];
  if (result.isError === true) {
    const texts = content.flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : []));
    const length = texts.reduce((sum, text) => sum + text.length, Math.max(0, texts.length - 1));
    const text = length > limits.maxResultBytes ? undefined : texts.join('\n').trim();
    return text === undefined || Buffer.byteLength(text, 'utf8') > limits.maxResultBytes ? tooLarge(limits) : { ok: true, value: text };
  }
  if (result.structuredContent !== undefined) return checked(boundedJson(result.structuredContent, bounds), limits);
  const only = content.length === 1 ? content[0] : undefined;
  if (only?.type === 'text' && typeof only.text === 'string') {
    if (only.text.length > limits.maxResultBytes || Buffer.byteLength(only.text, 'utf8') > limits.maxResultBytes) return tooLarge(limits);
    let parsed: unknown;
    try {
      parsed = JSON.parse(only.text);
    } catch {
      return { ok: true, value: only.text };
    }
    return checked(boundedJson(parsed, bounds), limits);
  }
  return checked(boundedJson(content, bounds), limits);
}

function checked(copied: BoundedJson, limits: Limits): BoundedResult {
  if (copied.ok) return copied;
  const notData = 'the server sent something that is not JSON data; have it fixed.';
  switch (copied.problem) {
    case 'bytes':
      return tooLarge(limits);
    case 'depth':
      return {
        ok: false,
        problem: `nests deeper than ${limits.maxResultDepth} levels`,
        fix: 'Do not repeat the call with the same arguments.',
        hostFix: `raise limits.maxResultDepth (${limits.maxResultDepth}) in connectMcpServer's options if the server's results are that deep.`,
      };
    case 'cycle':
      return { ok: false, problem: 'contains itself (a cycle)', fix: 'Do not repeat the call with the same arguments.', hostFix: notData };
    case 'unreadable':
      return { ok: false, problem: 'could not be read as JSON data', fix: 'Do not repeat the call with the same arguments.', hostFix: notData, cause: copied.error };
  }
}

function tooLarge(limits: Limits): BoundedResult {
  const bytes = limits.maxResultBytes.toLocaleString('en-US');
  return {
    ok: false,
    problem: `is larger than the ${bytes} bytes this host accepts`,
    fix: 'Ask for less at a time, e.g. a narrower query or one page of results.',
    hostFix: `raise limits.maxResultBytes (${bytes}) in connectMcpServer's options if you trust the server.`,
  };
}
