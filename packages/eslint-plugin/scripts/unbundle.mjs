// After packing (postpack): puts back the dist/index.js `tsc -b` wrote, which bundle.mjs set aside,
// so the repository's own build stays what its tsconfig says and no bundle of an older analysis lingers.
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../dist');
const setAside = path.join(dist, '.index.tsc.js');
if (existsSync(setAside)) renameSync(setAside, path.join(dist, 'index.js'));
