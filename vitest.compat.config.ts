import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/*
 * The configuration `npm run test:compat` (scripts/compat.mjs) runs the adapter contract tests
 * with: the base configuration, where each SDK under test (and any subpath of it) resolves as if
 * imported from the folder the script installed that version in (TOOLGEN_COMPAT_FROM, a JSON
 * object of package name → folder), so the package's own exports map and dependencies apply.
 */

const from = JSON.parse(process.env['TOOLGEN_COMPAT_FROM'] ?? '{}') as Record<string, string>;
const log = process.env['TOOLGEN_COMPAT_LOG'];

function sdkVersions(): Plugin {
  const names = Object.keys(from);
  return {
    name: 'toolgen-compat-sdk-versions',
    enforce: 'pre',
    async resolveId(source, _importer, options) {
      const name = names.find((candidate) => source === candidate || source.startsWith(`${candidate}/`));
      if (name === undefined) return null;
      const resolved = await this.resolve(source, path.join(from[name]!, 'package.json'), { ...options, skipSelf: true });
      // scripts/compat.mjs checks that every SDK import came from the folder under test
      if (resolved !== null && log !== undefined) appendFileSync(log, `${resolved.id}\n`);
      return resolved;
    },
  };
}

export default mergeConfig(
  base,
  defineConfig({
    plugins: [sdkVersions()],
    // the SDKs are loaded through the plugin, not pre-bundled or externalized from the repository's node_modules
    ssr: { noExternal: Object.keys(from) },
    test: { typecheck: { enabled: false }, server: { deps: { inline: Object.keys(from) } } },
  }),
);
