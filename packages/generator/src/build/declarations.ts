import { generatedHeader, resultType } from '../emit/module.js';
import type { ToolsetModel } from '../analysis/model.js';
import { shapeType } from '../emit/shapeTypes.js';
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
 * per toolset class, which is all a generated module exports, typed as the module types it (each
 * tool by name, with its `Args` and `Result`). Enough for a consumer to type-check its imports of
 * `./x.tools.js` (under TypeScript 6 and 7) while no module is on disk, and for the declarations
 * tsc emits for the files that use the tools to read as they do when the module is on disk.
 */
export function emitDeclarations(displaySource: string, toolsets: readonly ToolsetModel[]): string {
  const lines = [`${generatedHeader} change ${displaySource}, then run toolgen --types-only again.`];
  const body: string[] = [];
  let usesJsonValue = false;
  let usesContentResult = false;
  for (const toolset of toolsets) {
    const exportName = exportNameFor(toolset.className);
    const record: string[] = [];
    toolset.tools.forEach((tool, index) => {
      const prefix = `${exportName}_${index}`;
      const args = shapeType(tool.parametersShape, 'arguments', `${prefix}ArgsDef`);
      const result = resultType(tool, prefix);
      usesContentResult ||= tool.content;
      const texts = [args.type, result.type, ...args.aliases, ...result.aliases];
      usesJsonValue ||= texts.some((text) => /\bJsonValue\b/.test(text));
      body.push(...args.aliases, ...result.aliases, `type ${prefix}Args = ${args.type};`, `type ${prefix}Result = ${result.type};`);
      record.push(`  readonly ${/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(tool.name) ? tool.name : JSON.stringify(tool.name)}: AIFunction<${prefix}Args, ${prefix}Result, ${JSON.stringify(tool.name)}, ${JSON.stringify(tool.qualifiedName)}>;`);
    });
    body.push(`export declare const ${exportName}: GeneratedToolset<{`, ...record, '}>;');
  }
  // `export {}`: the type aliases stay the file's own, as they are the module's. Without it every declaration of a .d.ts is
  // exported, and the declarations tsc emits for a file using a tool would name them (`import("./x.tools.js").x_0Args`),
  // which the module's own declarations do not export; with it they are written out, as for the module
  lines.push(`import type { AIFunction, GeneratedToolset${usesJsonValue ? ', JsonValue' : ''}${usesContentResult ? ', ContentResult' : ''} } from '@toolgen/runtime';`, '', ...body, 'export {};');
  return `${lines.join('\n')}\n`;
}
