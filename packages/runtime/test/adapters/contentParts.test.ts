import { describe, expect, it } from 'vitest';
import { imageContent, resourceContent, resourceLink, type ContentPart } from '@toolgen/runtime';
import { contentAsText, modelBlock } from '../../src/adapters/contentParts.js';

/*
 * The one decision every model adapter shares (issue 29, item 5): what of a content block a model
 * API takes, and how what it cannot take is said. contentResults.test.ts shows each SDK's shapes.
 */

const reasons = { image: 'no such image', blob: 'no such blob' };
const png = Uint8Array.from([137, 80, 78, 71]);

describe('modelBlock', () => {
  it.each<[string, ContentPart, unknown]>([
    ['text as it is', { type: 'text', text: 'hi' }, { kind: 'text', text: 'hi' }],
    ['a link written out', resourceLink('charts://a', 'a.png', { title: 'Chart A', size: 1234 }), { kind: 'text', text: 'Resource link: Chart A <charts://a> (1,234 bytes)' }],
    ['a text resource written out', resourceContent('notes://1', 'N', 'text/plain'), { kind: 'text', text: 'Resource notes://1 (text/plain):\nN' }],
    ['a PNG image', imageContent(png, 'image/png'), { kind: 'image', data: 'iVBORw==', mimeType: 'image/png' }],
    ['an image blob, with its URI', resourceContent('files://a.webp', png, 'image/webp'), { kind: 'image', data: 'iVBORw==', mimeType: 'image/webp', uri: 'files://a.webp' }],
    ['a PDF blob', resourceContent('files://r.pdf', png, 'application/pdf'), { kind: 'pdf', data: 'iVBORw==', uri: 'files://r.pdf' }],
    ['an SVG image left out', imageContent(png, 'image/svg+xml'), { kind: 'text', text: '[An image (image/svg+xml, 4 bytes) is left out: no such image.]' }],
    ['an image blob of another type left out', resourceContent('files://a.bmp', png, 'image/bmp'), { kind: 'text', text: '[The resource files://a.bmp (image/bmp, 4 bytes) is left out: no such blob.]' }],
    ['a blob without a media type left out', resourceContent('files://x', png), { kind: 'text', text: '[The resource files://x (4 bytes) is left out: no such blob.]' }],
  ])('%s', (_name, part, expected) => {
    expect(modelBlock(part, reasons)).toEqual(expected);
  });

  it('contentAsText leaves out images and PDFs too, for an API that takes only text', () => {
    expect(contentAsText([{ type: 'text', text: 'hi' }, imageContent(png, 'image/png'), resourceContent('files://r.pdf', png, 'application/pdf')], 'text only')).toBe(
      'hi\n\n[An image (image/png, 4 bytes) is left out: text only.]\n\n[The resource files://r.pdf (application/pdf, 4 bytes) is left out: text only.]',
    );
  });
});
