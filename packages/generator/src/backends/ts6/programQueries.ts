import path from 'node:path';
import type ts from 'typescript';
import type { ImportGraph, LoadedProject, SyntaxProblem } from '../../host/Project.js';
import type { Ts6AnalysisHost } from './analysisHost.js';
import { absolutePath } from '../../io/absolutePath.js';

/** A TypeScript 6 program as the analysis sees it, with the program itself for the backend's own use. */
export interface Ts6LoadedProject extends LoadedProject {
  readonly host: Ts6AnalysisHost;
}

type ProjectFacts = Pick<LoadedProject, 'rootDir' | 'tsconfigPath' | 'references' | 'sourceFiles' | 'generatedCandidates'>;

/** The program-wide questions the analysis asks of a TypeScript 6 program. */
export function ts6LoadedProject(host: Ts6AnalysisHost, facts: ProjectFacts): Ts6LoadedProject {
  const { ts: t, program } = host;
  return {
    host,
    ...facts,
    programFiles: () => program.getSourceFiles().map((sourceFile) => path.resolve(sourceFile.fileName)),
    importGraph: (reuse) => importGraph(host, reuse),
    affectsEveryFile: (file) => affectsEveryFile(t, program, file),
    syntaxProblems: () => projectSyntaxProblems(t, program),
    syntaxProblemsOf: (sourceFile) => syntaxProblems(t, sourceFile as unknown as ts.SourceFile, program),
  };
}

function importGraph(
  host: Ts6AnalysisHost,
  reuse?: { readonly previous: ReadonlyMap<string, ReadonlySet<string>>; readonly changed: ReadonlySet<string> },
): ImportGraph {
  const { ts, program } = host;
  const checker = program.getTypeChecker();
  const graph: ImportGraph = new Map();
  for (const sourceFile of program.getSourceFiles()) {
    if (sourceFile.fileName.includes('/node_modules/') || program.isSourceFileDefaultLibrary(sourceFile)) {
      continue;
    }
    const file = absolutePath(sourceFile.fileName);
    const known = reuse === undefined || reuse.changed.has(file) ? undefined : reuse.previous.get(file);
    if (known !== undefined) {
      graph.set(file, known);
      continue;
    }
    const imports = new Set<string>();
    const add = (specifier: ts.Node | undefined) => {
      if (specifier === undefined || !ts.isStringLiteralLike(specifier)) {
        return;
      }
      const declaration = checker.getSymbolAtLocation(specifier)?.declarations?.[0];
      if (declaration !== undefined && ts.isSourceFile(declaration)) {
        imports.add(absolutePath(declaration.fileName));
      }
    };
    for (const statement of sourceFile.statements) {
      if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) {
        add(statement.moduleSpecifier);
      } else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) {
        add(statement.moduleReference.expression);
      }
    }
    if (sourceFile.text.includes('import(')) {
      const visit = (node: ts.Node): void => {
        if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
          add(node.argument.literal);
        } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
          add(node.arguments[0]);
        }
        ts.forEachChild(node, visit);
      };
      visit(sourceFile);
    }
    graph.set(file, imports);
  }
  return graph;
}

/** A script (not a module), or a module that augments another module or the global scope: its change can reach any file. */
function affectsEveryFile(t: typeof ts, program: ts.Program, file: string): boolean {
  const sourceFile = program.getSourceFile(file);
  if (sourceFile === undefined) {
    // not in the program (deleted): the caller remembers whether it was global
    return false;
  }
  if (!t.isExternalModule(sourceFile)) {
    return true;
  }
  return sourceFile.statements.some(
    (statement) => t.isModuleDeclaration(statement) && (t.isStringLiteral(statement.name) || (statement.flags & t.NodeFlags.GlobalAugmentation) !== 0),
  );
}

/**
 * The syntax errors of every file of the program that is the project's own: not a default
 * library, no package's file (under node_modules), and no generated module (its next generation replaces it).
 * A syntax error in any of them can change what a toolset's types mean, through an import, a
 * global declaration or a module augmentation, so the one-shot CLI writes nothing while there is one.
 */
function projectSyntaxProblems(t: typeof ts, program: ts.Program): SyntaxProblem[] {
  return program
    .getSourceFiles()
    .filter(
      (sourceFile) =>
        !program.isSourceFileDefaultLibrary(sourceFile) &&
        !program.isSourceFileFromExternalLibrary(sourceFile) &&
        !/[/\\]node_modules[/\\]/.test(sourceFile.fileName) &&
        !/\.tools\.[cm]?ts$/.test(sourceFile.fileName),
    )
    .sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0))
    .flatMap((sourceFile) => syntaxProblems(t, sourceFile, program));
}

function syntaxProblems(t: typeof ts, sourceFile: ts.SourceFile, program: ts.Program): SyntaxProblem[] {
  return program.getSyntacticDiagnostics(sourceFile).map((diagnostic) => {
    const position = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    return {
      code: `TS${diagnostic.code}`,
      severity: 'error',
      file: path.resolve(sourceFile.fileName),
      line: position.line + 1,
      column: position.character + 1,
      message: t.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
    };
  });
}
