import { faults } from '../faults.js';
import type { Processor } from '../Processor.js';

/** Whatever no other processor takes: a problem, never a silent `{}`. */
export const fallbackProcessor: Processor = {
  kind: 'unsupported',
  applies: () => true,
  derive: (type, site, walk) => walk.fail(type, site.pointer, faults.unsupported),
};
