import { contentResult, imageContent, resourceContent, resourceLink, Toolset, type ContentResult } from '@toolgen/runtime';

/** A 1×1 transparent PNG. */
export const pixelPng = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
/** A TIFF header: a type Anthropic does not take. */
export const tiffBytes = Uint8Array.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]);
/** The first bytes of a PDF: enough for an API to see its type. */
export const pdfBytes = new TextEncoder().encode('%PDF-1.7\n%toolgen\n');

/** Tools that answer with content blocks (issue 29, item 5), and one that answers with JSON. */
export class MediaToolset extends Toolset {
  constructor() {
    super();
    this.addTool(MediaToolset.renderChart).readOnly();
    this.addTool(MediaToolset.fetchReport).readOnly();
    this.addTool(MediaToolset.scanPage).readOnly();
    this.addTool(MediaToolset.chartSize).readOnly();
  }

  /**
   * Draws a chart of a sales series.
   * @param series The series to draw.
   */
  static renderChart(series: string): ContentResult {
    return contentResult(`The ${series} chart:`, imageContent(pixelPng, 'image/png'), resourceLink(`charts://${series}`, `${series}.png`, { mimeType: 'image/png', description: 'The chart at full size' }));
  }

  /**
   * The quarter's report, as notes and the PDF.
   * @param quarter Which quarter, e.g. 2026-Q3.
   */
  static async fetchReport(quarter: string): Promise<ContentResult> {
    return contentResult(
      resourceContent(`reports://${quarter}/notes.md`, `# ${quarter}\nSales rose.`, 'text/markdown'),
      resourceContent(`reports://${quarter}/report.pdf`, pdfBytes, 'application/pdf'),
    );
  }

  /**
   * A scanned page, as the scanner wrote it.
   * @param page Which page.
   */
  static scanPage(page: number): ContentResult {
    return {
      content: [
        { type: 'text', text: `Page ${page}` },
        imageContent(tiffBytes, 'image/tiff'),
        resourceContent(`scans://${page}.zip`, pdfBytes, 'application/zip'),
      ],
    };
  }

  /**
   * The chart's size in pixels.
   * @param series The series.
   */
  static chartSize(series: string): { readonly series: string; readonly width: number; readonly height: number } {
    return { series, width: 1, height: 1 };
  }
}
