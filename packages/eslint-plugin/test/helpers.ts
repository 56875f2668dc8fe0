import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '@toolgen/generator';
import { temporaryFolder } from '../../../test/temporaryFolders.js';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');
const tmpRoot = path.join(import.meta.dirname, '.tmp');

/**
 * Writes a throwaway folder inside the repository (so `@toolgen/runtime`, the plugin and
 * typescript-eslint resolve through the workspace's node_modules) and returns it. Removed after the test file.
 */
export function writeFolder(files: Readonly<Record<string, string>>): string {
  const root = temporaryFolder(tmpRoot, 'folder-');
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  return root;
}

/** A tsconfig for fixture projects: strict, no DOM, resolving `@toolgen/runtime` as a user's project would. */
export const fixtureTsconfig = `${JSON.stringify(
  {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      types: [],
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: true,
      noEmit: true,
    },
    include: ['src'],
  },
  null,
  2,
)}\n`;

/** The flat config a user writes: typescript-eslint's parser with the project service, then the plugin's recommended config. */
export const recommendedEslintConfig = `import tseslint from 'typescript-eslint';
import toolgen from '@toolgen/eslint-plugin';

export default [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  ...toolgen.configs.recommended,
];
`;

/** A diagnostic as both the CLI and ESLint report it, for comparison. */
export interface Reported {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly code: string;
  readonly severity: 'error' | 'warning';
  /** With the code in front, as ESLint shows it and the CLI's text format prints it. */
  readonly message: string;
}

interface EslintResult {
  readonly filePath: string;
  readonly messages: readonly { ruleId: string | null; severity: number; line: number; column: number; message: string; fatal?: boolean }[];
}

/**
 * Runs the real `eslint` binary; resolves to toolgen's diagnostics, the fatal problems (a file that did not parse) and
 * every other rule's findings, as `file:line:column rule message`.
 */
export async function runEslint(cwd: string, args: readonly string[], codeOfRule: (rule: string) => string): Promise<{ reported: Reported[]; fatal: string[]; other: string[] }> {
  // a child process, so that the toolgen runs it is compared with go on beside it
  const result = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    execFile(process.execPath, [path.join(repoRoot, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', ...args], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error !== null && typeof error.code !== 'number') reject(error);
      else resolve({ status: error === null ? 0 : (error.code as number), stdout, stderr });
    });
  });
  if (result.status !== 0 && result.status !== 1) {
    throw new Error(`eslint exited with ${result.status}: ${result.stderr}`);
  }
  const reported: Reported[] = [];
  const fatal: string[] = [];
  const other: string[] = [];
  for (const file of JSON.parse(result.stdout) as EslintResult[]) {
    for (const message of file.messages) {
      const relative = path.relative(cwd, file.filePath).split(path.sep).join('/');
      if (message.ruleId?.startsWith('@toolgen/')) {
        const { line, column } = message;
        const code = codeOfRule(message.ruleId.slice('@toolgen/'.length));
        reported.push({ file: relative, line, column, code, severity: message.severity === 2 ? 'error' : 'warning', message: message.message });
      } else if (message.fatal === true) {
        fatal.push(`${relative}:${message.line}:${message.column} ${message.message}`);
      } else {
        other.push(`${relative}:${message.line}:${message.column} ${message.ruleId ?? ''} ${message.message}`);
      }
    }
  }
  return { reported: sortReported(reported), fatal, other };
}

interface CliReport {
  readonly diagnostics: readonly { code: string; severity: 'error' | 'warning'; file: string; line: number; column: number; message: string }[];
}

/** Runs the real `toolgen` binary with `--check --format json` (writing nothing) from `cwd`. */
export async function runToolgen(cwd: string, project: string): Promise<Reported[]> {
  // the CLI's main in this process, as `npx toolgen` runs it: the bin adds only the process around it
  let stdout = '';
  let stderr = '';
  const code = await main(['-p', project, '--check', '--format', 'json'], { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) }, cwd);
  if (code !== 0 && code !== 1) {
    throw new Error(`toolgen exited with ${code}: ${stderr}`);
  }
  const report = JSON.parse(stdout) as CliReport;
  return sortReported(report.diagnostics.map(({ code: diagnosticCode, severity, file, line, column, message }) => ({
    file,
    line,
    column,
    code: diagnosticCode,
    severity,
    message: `${diagnosticCode}: ${message}`,
  })));
}

/** Sorted by file, position, code and message, so two reports compare as lists. */
export function sortReported(reported: Reported[]): Reported[] {
  const key = (r: Reported) => [r.file, String(r.line).padStart(6, '0'), String(r.column).padStart(6, '0'), r.code, r.message].join('\0');
  return reported.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The config the real `eslint` binary computes for a file (`--print-config`). */
export function printEslintConfig(cwd: string, file: string): { rules: Record<string, [number, ...unknown[]]> } {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/eslint/bin/eslint.js'), '--print-config', file], { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`eslint --print-config exited with ${result.status}: ${result.stderr}`);
  }
  return JSON.parse(result.stdout) as { rules: Record<string, [number, ...unknown[]]> };
}
