import { generatedHeader } from '../emit/module.js';
import { exportNameFor } from '../manifest/manifest.js';

/** Where a generated module's declarations go: `x.tools.ts` → `x.tools.d.ts` (`.d.mts`, `.d.cts`). */
export function declarationPathFor(modulePath: string): string {
  return modulePath.replace(/\.([cm]?)ts$/, '.d.$1ts');
}

/** Whether a file is named like the declarations of a generated module. */
export function isDeclarationOfModule(file: string): boolean {
  return /\.tools\.d\.[cm]?ts$/.test(file);
}

/**
 * The declarations of the module generated for a source file: one `GeneratedToolset` constant
 * per toolset class, which is all a generated module exports. Enough for a consumer to
 * type-check its imports of `./x.tools.js` (under TypeScript 6 and 7) while no module is on disk.
 */
export function emitDeclarations(displaySource: string, classNames: readonly string[]): string {
  const lines = [
    `${generatedHeader} change ${displaySource}, then run toolgen --types-only again.`,
    "import type { GeneratedToolset } from '@toolgen/runtime';",
    '',
    ...classNames.map((className) => `export declare const ${exportNameFor(className)}: GeneratedToolset;`),
  ];
  return `${lines.join('\n')}\n`;
}
