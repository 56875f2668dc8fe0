import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { generatedHeader } from '../emit/module.js';

/** Whether a file exists and starts with toolgen's header (a file toolgen wrote, which it may remove); reads only its first bytes. */
export function startsWithGeneratedHeader(file: string): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'r');
  } catch {
    return false;
  }
  try {
    if (!fstatSync(descriptor).isFile()) {
      return false;
    }
    const head = Buffer.alloc(Buffer.byteLength(generatedHeader));
    const read = readSync(descriptor, head, 0, head.length, 0);
    return head.subarray(0, read).toString('utf8') === generatedHeader;
  } finally {
    closeSync(descriptor);
  }
}
