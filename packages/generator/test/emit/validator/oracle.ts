import { Ajv2020 } from 'ajv/dist/2020.js';
import { rfcFormats } from './formatGrammars.js';
import { cachedCompiler } from '../../ajvCache.js';

/**
 * ajv (2020-12) as the oracle of what the canonical schema accepts, with the enforced formats as
 * their RFCs define them (built from the ABNF in formatGrammars.ts, independently of the emitted code).
 */
export const oracle = cachedCompiler(() => {
  const ajv = new Ajv2020({ strict: false, ownProperties: true, logger: false });
  for (const [name, validate] of Object.entries(rfcFormats)) {
    ajv.addFormat(name, { type: 'string', validate });
  }
  return ajv;
});
