import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '@toolgen/generator';
import { writeProject } from '../helpers.js';
import { expectSameAsOneShot, startWatch } from './watchHarness.js';

/*
 * An ES module's imports resolve a package's "import" condition (NodeNext, "type": "module"), as
 * tsc resolves them: a package that types only that condition resolves in the CLI's program and in
 * each of the watcher's, a changed file included. Each file is parsed for the module format
 * TypeScript finds for it; parsed without one, an ES module was taken for CommonJS, and such a
 * type did not resolve (TSH005).
 */

const pointToolset = (summary: string) => `import { Toolset } from '@toolgen/runtime';
import type { Point } from 'esm-only';

export class MapToolset extends Toolset {
  constructor() {
    super();
    this.addTool(MapToolset.distance).readOnly();
  }

  /**
   * ${summary}
   * @param from Where to measure from.
   */
  static distance(from: Point): number {
    return Math.hypot(from.x, from.y);
  }
}
`;

function esmOnlyProject(): string {
  return writeProject({
    'package.json': '{ "type": "module" }\n',
    'node_modules/esm-only/package.json': JSON.stringify({ name: 'esm-only', type: 'module', exports: { '.': { import: { types: './index.d.ts' } } } }),
    'node_modules/esm-only/index.d.ts': 'export interface Point {\n  /** Metres east. */\n  readonly x: number;\n  readonly y: number;\n}\n',
    'src/map.ts': pointToolset('Measures the distance to the origin.'),
  });
}

const pointSchema = '"from":{"type":"object","properties":{"x":{"type":"number","description":"Metres east."},"y":{"type":"number"}}';

describe('a package that types only its "import" condition, from an ES module', () => {
  it('resolves in the CLI', async () => {
    const root = esmOnlyProject();
    let output = '';
    const code = await main([], { stdout: (text) => (output += text), stderr: (text) => (output += text) }, root);
    expect(output).not.toMatch(/TSH\d+/);
    expect(code).toBe(0);
    expect(readFileSync(path.join(root, 'src/map.tools.ts'), 'utf8')).toContain(pointSchema);
  });

  it('resolves in the watcher, at start and once the file importing it changed', async () => {
    const root = esmOnlyProject();
    const watch = startWatch(root);
    try {
      expect((await watch.next()).diagnostics).toEqual([]);
      writeFileSync(path.join(root, 'src/map.ts'), pointToolset('Measures the distance to the origin, in metres.'));
      expect((await watch.next()).diagnostics).toEqual([]);
      const module = readFileSync(path.join(root, 'src/map.tools.ts'), 'utf8');
      expect(module).toContain('in metres.');
      expect(module).toContain(pointSchema);
      expectSameAsOneShot(root);
    } finally {
      await watch.stop();
    }
    expect(watch.errors).toEqual([]);
  });
});
