import path from 'node:path';
import { ts } from 'ts-morph';
import * as runtime from '@toolgen/runtime';
import type { ArgumentIssue } from '@toolgen/runtime';
import * as helpers from '@toolgen/runtime/generated';
import { emitSharedValidators, emitValidator, moduleHelpers, SharedValidators, type EmittedValidator } from '../../../src/emit/validator.js';
import type { ShapeDocument } from '../../../src/schema/shape.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

/** The modules generated code imports from: the file that declares `ArgumentIssue`, and the validators' helpers. */
const runtimeTypes = path.join(repoRoot, 'packages/runtime/src/errors/ToolFailure.ts');
const runtimeHelpers = path.join(repoRoot, 'packages/runtime/src/generated/validation.ts');

const typescriptLib = path.join(repoRoot, 'node_modules/typescript/lib');

/** The flags generated modules must type-check under. */
export const strictFlags: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitAny: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts'],
  types: [],
  noEmit: true,
  skipLibCheck: true,
  paths: { '@toolgen/runtime': [runtimeTypes], '@toolgen/runtime/generated': [runtimeHelpers] },
};

export type Validate = (input: unknown, issues: ArgumentIssue[]) => Record<string, unknown>;
export type Normalize = (input: unknown) => unknown;

export interface CompiledValidator {
  readonly emitted: EmittedValidator;
  /** The whole module: import, preamble, validator, export. */
  readonly source: string;
  readonly validate: Validate;
  readonly normalize: Normalize;
  /** Runs the validator on a fresh issue list. */
  check(input: unknown): { readonly value: Record<string, unknown>; readonly issues: readonly ArgumentIssue[] };
}

/** The module a generator would write around one validator: its imports, the helpers it copies, the validator. */
export function moduleSource(emitted: EmittedValidator): string {
  const used = moduleHelpers(emitted.helpers);
  return [
    used.readsLimits ? "import { argumentLimits, type ArgumentIssue } from '@toolgen/runtime';" : "import type { ArgumentIssue } from '@toolgen/runtime';",
    used.importLine,
    '',
    used.declarations,
    emitted.code,
    `export { ${emitted.validateName}, ${emitted.normalizeName} };`,
    '',
  ].join('\n');
}

/** Transpiles TypeScript to CommonJS and runs it; returns what it exports. */
function load(source: string): Record<string, unknown> {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const exports: Record<string, unknown> = {};
  const require = (specifier: string): unknown => {
    if (specifier === '@toolgen/runtime') return runtime;
    if (specifier !== '@toolgen/runtime/generated') throw new Error(`a validator module imports ${specifier}`);
    return helpers;
  };
  new Function('exports', 'require', outputText)(exports, require);
  return exports;
}

/** Every helper of `@toolgen/runtime/generated`: `__toolgenIsUri`, `__toolgenDateTimeOf`… */
export function loadPreamble(): Readonly<Record<string, (...args: never[]) => unknown>> {
  return helpers as unknown as Readonly<Record<string, (...args: never[]) => unknown>>;
}

/**
 * Emits, transpiles (to CommonJS) and loads a validator, so tests can call it. `shareObjects`:
 * as in a module where every object inside the arguments occurs twice, so each is checked by a
 * shared function (`SharedValidators`).
 */
export function compileValidator(document: ShapeDocument, prefix = 'subject', options: { readonly shareObjects?: boolean } = {}): CompiledValidator {
  const shared = options.shareObjects === true ? new SharedValidators([document, document]) : undefined;
  const single = emitValidator(document, prefix, shared === undefined ? {} : { shared });
  const sharedCode = shared === undefined ? undefined : emitSharedValidators(shared);
  const emitted = sharedCode === undefined ? single : { ...single, code: `${single.code}\n${sharedCode.code}`, helpers: new Set([...single.helpers, ...sharedCode.helpers]) };
  const source = moduleSource(emitted);
  const exports = load(source);
  const validate = exports[emitted.validateName] as Validate;
  const normalize = exports[emitted.normalizeName] as Normalize;
  return {
    emitted,
    source,
    validate,
    normalize,
    check(input) {
      const issues: ArgumentIssue[] = [];
      const value = validate(input, issues);
      return { value, issues };
    },
  };
}

/**
 * Type-checks modules in one in-memory program under `strictFlags` (plus `extra`); returns the
 * diagnostics of each, formatted `line:column message`.
 */
export function typeCheck(modules: Readonly<Record<string, string>>, extra: ts.CompilerOptions = {}): Record<string, string[]> {
  const options = { ...strictFlags, ...extra };
  const virtualRoot = path.join(repoRoot, '.virtual-validators');
  const files = new Map(Object.entries(modules).map(([name, text]) => [path.join(virtualRoot, `${name}.ts`), text]));
  const host = ts.createCompilerHost(options);
  // ts-morph bundles its lib files in memory; read the ones of the typescript package from disk.
  host.getDefaultLibLocation = () => typescriptLib;
  host.getDefaultLibFileName = (compilerOptions) => path.join(typescriptLib, ts.getDefaultLibFileName(compilerOptions));
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (fileName, language, onError, shouldCreate) => {
    const text = files.get(fileName);
    return text === undefined ? getSourceFile.call(host, fileName, language, onError, shouldCreate) : ts.createSourceFile(fileName, text, language);
  };
  host.fileExists = (fileName) => files.has(fileName) || fileExists.call(host, fileName);
  host.readFile = (fileName) => files.get(fileName) ?? readFile.call(host, fileName);
  const program = ts.createProgram([...files.keys()], options, host);
  const result: Record<string, string[]> = {};
  for (const [fileName] of files) {
    const file = program.getSourceFile(fileName)!;
    const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
    result[path.basename(fileName, '.ts')] = diagnostics.map((diagnostic) => {
      const { line, character } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      return `${line + 1}:${character + 1} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
  }
  return result;
}
