import { defineTool, type AIFunction } from '@toolgen/runtime';
import type { ArgumentValidator } from '@toolgen/runtime/generated';
import { plainMetadata, probeDefinition } from '../invokeFixtures.js';

/**
 * `test__echo`: a function whose validator counts its runs and builds `checked <value>`, and whose
 * tool records what it ran with, to show how often an adapter validates a call and what it runs.
 */
export function countedEcho(approval: 'default' | 'require_approval' = 'default'): { fn: AIFunction; validations: () => number; received: unknown[] } {
  let count = 0;
  const received: unknown[] = [];
  const validate: ArgumentValidator = (input, issues) => {
    count++;
    const value = (input as { value?: unknown }).value;
    if (typeof value !== 'string') issues.push({ pointer: '/value', message: 'must be a string' });
    return { value: `checked ${String(value)}` };
  };
  const fn = defineTool(
    probeDefinition({
      name: 'echo',
      qualifiedName: 'test__echo',
      metadata: { ...plainMetadata, readOnly: false, approval },
      returns: { type: 'string' },
      validate,
      call: (args) => {
        received.push(args);
        return args['value'];
      },
    }),
  );
  return { fn, validations: () => count, received };
}
