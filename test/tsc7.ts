import path from 'node:path';
import { pathToFileURL } from 'node:url';

/*
 * TypeScript 7's tsc (the `typescript7` alias: npm's `latest`) is a native executable. Its bin, node_modules/typescript7/bin/tsc,
 * is a Node script that only finds the executable and starts it: 0.16 CPU s a run, as much as the check of a small project
 * takes. The tests start the executable itself, found as that script finds it (the package's lib/getExePath.js). The
 * examples' package.json scripts keep the bin: they are what a user reads.
 */
const getExePath = (await import(pathToFileURL(path.resolve(import.meta.dirname, '../node_modules/typescript7/lib/getExePath.js')).href)) as {
  default: () => string;
};

/** The path of TypeScript 7's native tsc: `execFileSync(tsc7Executable, ['-p', project, '--noEmit'])`. */
export const tsc7Executable = getExePath.default();
