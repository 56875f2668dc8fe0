// Bundles the plugin with the generator's analysis (and what it uses of the runtime) into one
// module, dist/index.js, when the package is packed: the plugin then installs without the
// generator and the CLI's dependencies (ts-morph, chokidar, the MCP SDKs, the tokenizer, …), and
// loads only what linting runs. The analysis stays one source, the generator's. esbuild: the
// repository's bundler already (tests, the bundler plugin's builds).
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const dist = path.resolve(import.meta.dirname, '../dist');
const entry = path.join(dist, 'index.js');
// where to write it: dist/index.js when packing; a test names another file of dist/
const outfile = process.argv[2] === undefined ? entry : path.resolve(process.argv[2]);
const setAside = path.join(dist, '.index.tsc.js');

const result = await esbuild.build({
  // from the sources, so bundling twice gives the same module; the analysis comes from the generator's dist, which `tsc -b` built
  entryPoints: [path.resolve(import.meta.dirname, '../src/index.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  write: false,
  outfile,
  // typescript and typescript-eslint are the user's (peers and a dependency), tsdoc a dependency
  external: ['typescript', '@typescript-eslint/*', '@microsoft/tsdoc'],
  logLevel: 'warning',
});
const [output] = result.outputFiles;

// only dist/index.js is replaced, and only until the tarball is written: the one tsc wrote is set
// aside and put back by unbundle.mjs (postpack); package.json's "files" leaves the other modules out
if (outfile === entry && existsSync(entry) && !existsSync(setAside)) renameSync(entry, setAside);
writeFileSync(outfile, output.contents);
console.log(`bundled ${path.relative(process.cwd(), outfile)}: ${Math.round(output.contents.byteLength / 1024)} KB`);
