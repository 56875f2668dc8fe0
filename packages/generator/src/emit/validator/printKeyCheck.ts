import { quote } from './literals.js';
import { messages } from './messages.js';
import type { Pointer } from './Pointer.js';
import type { ValidationPrinter } from './printValidation.js';

/**
 * In the loop over a map's keys (`key`, at `pointer`): a key its template literal key type does not
 * allow (`propertyNames`, the pattern `keyPattern`) is reported, and its value is not checked.
 */
export function printKeyCheck(printer: ValidationPrinter, keyPattern: string, key: string, pointer: Pointer): void {
  const pattern = printer.scope.hoist('Pattern', `new RegExp(${quote(keyPattern)}, 'u')`);
  printer.writer.block(`if (!${pattern}.test(${key}))`, () => {
    printer.push(pointer, quote(messages.keyPattern(keyPattern)));
    printer.writer.line('continue;');
  });
}
