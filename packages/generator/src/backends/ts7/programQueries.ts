import path from 'node:path';
import type * as Ast from 'typescript7/ast';
import type { Checker, Program } from 'typescript7/sync';
import type { ImportGraph } from '../../host/Project.js';
import { absolutePath } from '../../io/absolutePath.js';
import type { Ts7Modules } from './loadTs7.js';

// The program-wide questions the watcher asks of a TypeScript 7 program, answered as the
// TypeScript 6 backend answers them (backends/ts6/programQueries.ts).

type AstModule = Ts7Modules['ast'];

const inNodeModules = `${path.sep}node_modules${path.sep}`;
const generatedModule = /\.tools\.[cm]?ts$/;

/**
 * For each file of the program outside node_modules (where TypeScript 7's default libraries are
 * too), generated modules aside, the files its imports resolve to: one request for the specifiers
 * of every file not taken from `reuse`.
 */
export function ts7ImportGraph(
  ast: AstModule,
  program: Program,
  checker: Checker,
  reuse?: {
    readonly previous: ReadonlyMap<string, ReadonlySet<string>>;
    readonly changed: ReadonlySet<string>;
  },
): ImportGraph {
  const graph: ImportGraph = new Map();
  const pending: {
    readonly file: string;
    readonly specifiers: readonly Ast.Node[];
  }[] = [];
  for (const fileName of program.getSourceFileNames()) {
    const file = absolutePath(String(fileName));
    // TypeScript 7 opens the project with the generated modules its include globs match, which the
    // analysis never reads (TypeScript 6's program leaves them out): their trees are large, and not fetched
    if (file.includes(inNodeModules) || generatedModule.test(file)) {
      continue;
    }
    const known = reuse === undefined || reuse.changed.has(file) ? undefined : reuse.previous.get(file);
    const sourceFile = known === undefined ? program.getSourceFile(String(fileName)) : undefined;
    if (known !== undefined) {
      graph.set(file, known);
    } else if (sourceFile !== undefined) {
      pending.push({ file, specifiers: moduleSpecifiers(ast, sourceFile) });
    }
  }
  const all = pending.flatMap((entry) => entry.specifiers);
  const symbols = all.length === 0 ? [] : checker.getSymbolAtLocation([...all]);
  let index = 0;
  for (const { file, specifiers } of pending) {
    const imports = new Set<string>();
    for (let count = 0; count < specifiers.length; count++) {
      const declaration = symbols[index++]?.declarations?.[0];
      if (declaration !== undefined && declaration.kind === ast.SyntaxKind.SourceFile) {
        imports.add(absolutePath(String(declaration.path)));
      }
    }
    graph.set(file, imports);
  }
  return graph;
}

/** The string literals a file imports from: import and export declarations, `import x = require()`, `import()` calls and types. */
function moduleSpecifiers(ast: AstModule, sourceFile: Ast.SourceFile): Ast.Node[] {
  const found: Ast.Node[] = [];
  const add = (specifier: Ast.Node | undefined) => {
    if (specifier !== undefined && (ast.isStringLiteral(specifier) || ast.isNoSubstitutionTemplateLiteral(specifier))) {
      found.push(specifier);
    }
  };
  for (const statement of sourceFile.statements) {
    if (ast.isImportDeclaration(statement) || ast.isExportDeclaration(statement)) {
      add(statement.moduleSpecifier);
    } else if (ast.isImportEqualsDeclaration(statement) && ast.isExternalModuleReference(statement.moduleReference)) {
      add(statement.moduleReference.expression);
    }
  }
  if (sourceFile.text.includes('import(')) {
    const visit = (node: Ast.Node): undefined => {
      if (ast.isImportTypeNode(node) && ast.isLiteralTypeNode(node.argument)) {
        add(node.argument.literal);
      } else if (ast.isCallExpression(node) && node.expression.kind === ast.SyntaxKind.ImportKeyword) {
        add(node.arguments[0]);
      }
      node.forEachChild(visit);
      return undefined;
    };
    sourceFile.forEachChild(visit);
  }
  return found;
}

/** A script (not a module), or a module that augments another module or the global scope: its change can reach any file. */
export function ts7AffectsEveryFile(ast: AstModule, program: Program, file: string): boolean {
  const sourceFile = program.getSourceFile(file);
  if (sourceFile === undefined) {
    // not in the program (deleted): the caller remembers whether it was global
    return false;
  }
  if (!ast.isExternalModule(sourceFile)) {
    return true;
  }
  // `declare module 'x'` or `declare global` (TypeScript 7's tree marks the latter by its name alone)
  return sourceFile.statements.some(
    (statement) =>
      ast.isModuleDeclaration(statement) && (ast.isStringLiteral(statement.name) || (ast.isIdentifier(statement.name) && statement.name.text === 'global')),
  );
}
