import path from 'node:path';
import { expect, it } from 'vitest';
import { renderSchemaTable, updateCommand } from './schemaTable.js';

it('docs/schema.md is the rendering of the schema tests\' fixtures', { timeout: 300_000 }, async () => {
  await expect(renderSchemaTable(), `docs/schema.md is out of date: run ${updateCommand}`).toMatchFileSnapshot(
    path.join(import.meta.dirname, '../schema.md'),
  );
});
