import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseTokenBudgetFlag } from '../budget/tokenBudget.js';
import { closestName } from '../diagnostics/closestName.js';
import { backendNames, type BackendName } from '../host/Project.js';

export type OutputFormat = 'text' | 'json';

/** The CLI's flags, validated (SPEC §4). */
export interface CliOptions {
  /** Absolute path of the tsconfig.json to read. */
  readonly project: string;
  readonly check: boolean;
  readonly watch: boolean;
  readonly format: OutputFormat;
  /** Absolute folder for generated modules, or undefined to write them beside their sources. */
  readonly outDir: string | undefined;
  /** Write only the declarations of the modules (`x.tools.d.ts`), for builds that generate the modules themselves. */
  readonly typesOnly?: true | undefined;
  /** `--policy` globs of agent policy files, relative to the working folder, as given; undefined when there are none. */
  readonly policies?: readonly string[] | undefined;
  /** `--token-budget <n>`: warn (TSH040) when the whole tool list costs more tokens; wins over `"toolgen": { "tokenBudget" }`. */
  readonly tokenBudget?: number | undefined;
  /** `--backend ts6|ts7`: the compiler the analysis runs on (SPEC §8); `ts7` is experimental. */
  readonly backend: BackendName;
}

export type ParsedCommand =
  | { readonly kind: 'run'; readonly options: CliOptions }
  | { readonly kind: 'help' }
  | { readonly kind: 'version' };

/** A bad flag, value or project path: the CLI prints the message and exits with 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const usage = `Usage: toolgen [options]
       toolgen <command> [options]

Reads the Toolset classes of a TypeScript project and generates their tool modules
and toolgen.manifest.json.

Commands (toolgen <command> --help for each):
  mcp          serve the generated tools to an MCP client, over stdio or HTTP
  import-mcp   write a typed client module for another MCP server's tools
  diff         say what changed in the tool surface against a base (a manifest file or a git revision)
  report       write one static HTML page of the tool surface

Options:
  -p, --project <path>   a tsconfig.json, or a folder holding one (default: ./tsconfig.json)
      --check            write nothing; exit 1 if a generated file is missing, stale or orphaned
  -w, --watch            regenerate on every change and keep running on errors
      --format <format>  diagnostics as "text" (default) or "json"
      --out-dir <dir>    put generated modules under <dir> instead of beside their sources
      --types-only       write only the modules' declarations (x.tools.d.ts), for builds that generate the modules
      --policy <glob>    check agent policy files (YAML) against the tools; repeatable, added to "toolgen.policies" of package.json
      --token-budget <n> warn (TSH040) when the project's whole tool list costs more than n tokens
      --backend <name>   the compiler the analysis runs on: "ts6" (default) or "ts7" (TypeScript 7's API, experimental)
  -h, --help             print this help
  -v, --version          print the version

Exit codes: 0 success, 1 error diagnostics or drift, 2 usage or configuration error,
3 a file that cannot be read or written.`;

/** The subcommands `toolgen <command>` takes (main dispatches them before `parseCommand`). */
export const subcommands = ['mcp', 'import-mcp', 'diff', 'report'] as const;

/** Parses argv (without `node` and the script) relative to `cwd`. Throws `UsageError`. */
export function parseCommand(argv: readonly string[], cwd: string): ParsedCommand {
  const first = argv[0];
  if (first !== undefined && !first.startsWith('-')) {
    const near = closestName(first, subcommands);
    const suggestion = near !== undefined && near.distance <= 2 ? ` Did you mean toolgen ${near.name}?` : '';
    throw new UsageError(`"${first}" is not a toolgen command.${suggestion} The commands are ${subcommands.join(', ')}; toolgen alone generates. Run "toolgen --help".`);
  }
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        project: { type: 'string', short: 'p' },
        check: { type: 'boolean' },
        watch: { type: 'boolean', short: 'w' },
        format: { type: 'string' },
        'out-dir': { type: 'string' },
        'types-only': { type: 'boolean' },
        policy: { type: 'string', multiple: true },
        'token-budget': { type: 'string' },
        backend: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. Run "toolgen --help" for the flags.`);
  }
  if (values.help === true) {
    return { kind: 'help' };
  }
  if (values.version === true) {
    return { kind: 'version' };
  }
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') {
    throw new UsageError(`--format must be "text" or "json", not "${format}".`);
  }
  if (values.check === true && values.watch === true) {
    throw new UsageError('--check and --watch cannot be combined: --check writes nothing and exits.');
  }
  if (values['types-only'] === true && (values.check === true || values.watch === true)) {
    throw new UsageError('--types-only cannot be combined with --check or --watch: it writes the declarations once and exits.');
  }
  if (values['types-only'] === true && values.policy !== undefined) {
    throw new UsageError('--policy cannot be combined with --types-only: it writes the declarations and checks nothing.');
  }
  const tokenBudget = values['token-budget'] === undefined ? undefined : parseTokenBudgetFlag(values['token-budget']);
  if (values['token-budget'] !== undefined && tokenBudget === undefined) {
    throw new UsageError(`--token-budget must be a positive whole number of tokens, not "${values['token-budget']}".`);
  }
  const backend = values.backend ?? 'ts6';
  if (!(backendNames as readonly string[]).includes(backend)) {
    throw new UsageError(`--backend must be ${backendNames.map((name) => `"${name}"`).join(' or ')}, not "${backend}".`);
  }
  if (backend === 'ts7' && values['types-only'] === true) {
    throw new UsageError('--backend ts7 cannot be combined with --types-only: the declarations are written by the TypeScript 6 analysis (leave out --backend ts7).');
  }
  return {
    kind: 'run',
    options: {
      project: resolveProject(values.project ?? 'tsconfig.json', cwd),
      check: values.check === true,
      watch: values.watch === true,
      format,
      outDir: values['out-dir'] === undefined ? undefined : resolveOutDir(values['out-dir'], cwd),
      typesOnly: values['types-only'] === true ? true : undefined,
      policies: values.policy,
      tokenBudget,
      backend: backend as BackendName,
    },
  };
}

/** `--out-dir` may name a folder or nothing yet (it is created), not a file or a path through one. */
function resolveOutDir(given: string, cwd: string): string {
  const resolved = path.resolve(cwd, given);
  for (let folder = resolved; ; folder = path.dirname(folder)) {
    if (existsSync(folder)) {
      if (!statSync(folder).isDirectory()) {
        const shown = folder === resolved ? given : path.relative(cwd, folder).split(path.sep).join('/');
        throw new UsageError(`--out-dir ${given} cannot be a folder: ${shown} is a file. Pass a folder, or a path toolgen can create.`);
      }
      return resolved;
    }
  }
}

function resolveProject(given: string, cwd: string): string {
  const resolved = path.resolve(cwd, given);
  const isFolder = existsSync(resolved) && statSync(resolved).isDirectory();
  const tsconfig = isFolder ? path.join(resolved, 'tsconfig.json') : resolved;
  if (!existsSync(tsconfig)) {
    throw new UsageError(
      isFolder
        ? `No tsconfig.json in ${given}. Pass -p with a tsconfig.json or a folder holding one.`
        : `Cannot find the project ${given}. Pass -p with a tsconfig.json or a folder holding one.`,
    );
  }
  return tsconfig;
}
