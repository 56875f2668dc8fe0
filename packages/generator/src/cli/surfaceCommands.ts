import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { displayPath } from '../diagnostics/format.js';
import { ProjectConfigurationError } from '../host/Project.js';
import { writeFileAtomic } from '../io/writeFileAtomic.js';
import { manifestFileName } from '../manifest/manifest.js';
import { findPolicyFiles, policyPatterns } from '../policy/policyFiles.js';
import { agentViewsOf, type AgentView, type PolicyText } from '../surface/agentViews.js';
import { diffSurfaces, failOnKinds, type FailOnKind } from '../surface/diffSurfaces.js';
import { failOnReason, formatDiff, type DiffFormat } from '../surface/formatDiff.js';
import { readBase } from '../surface/readBase.js';
import { renderReport } from '../surface/report/renderReport.js';
import { surfaceOf, SurfaceReadError, type ToolSurface } from '../surface/surfaceOf.js';
import type { CliOutput } from './CliOutput.js';
import { parseCommand, UsageError } from './options.js';
import { plural } from '../diagnostics/plural.js';

export const diffUsage = `Usage: toolgen diff [-p <project>] [--base <manifest file | git ref>] [--format text|json|markdown]
                    [--fail-on <kinds>] [--policy <glob>]

Compares the project's toolgen.manifest.json with a base: tools added, removed or renamed, schema
changes (breaking, compatible, description only), governance changes (relaxed, tightened), token
costs, and, with policy files, what each agent gains, loses or gets relaxed.
Run toolgen first (or toolgen --check in CI): the manifest on disk is what is compared.

Options:
  -p, --project <path>   a tsconfig.json, or a folder holding one (default: ./tsconfig.json)
      --base <base>      a manifest file, or a git revision whose manifest at the same path is
                         the base (default: HEAD)
      --format <format>  "text" (default), "json", or "markdown" (for a pull-request comment)
      --fail-on <kinds>  exit 1 when a change of these kinds is present; comma-separated, repeatable:
                         ${failOnKinds.join(', ')}
      --policy <glob>    agent policy files (YAML); repeatable, added to "toolgen.policies" of package.json
  -h, --help             print this help

Exit codes: 0 compared (and nothing --fail-on names), 1 a change --fail-on names,
2 usage or configuration error (no manifest, a base that is neither a file nor a revision),
3 a file that cannot be read or written.`;

export const reportUsage = `Usage: toolgen report --out <file.html> [-p <project>] [--policy <glob>]

Writes one static HTML page of the project's tool surface: every toolset and tool with its
arguments, governance, token cost and schema losses, and, with policy files, what each agent is
offered and what is left out. The page needs no server and no network: open it from disk.

Options:
  -p, --project <path>   a tsconfig.json, or a folder holding one (default: ./tsconfig.json)
      --out <file.html>  the page to write
      --policy <glob>    agent policy files (YAML); repeatable, added to "toolgen.policies" of package.json
  -h, --help             print this help`;

/** `toolgen diff`, validated. */
export interface DiffCommandOptions {
  /** Absolute path of the tsconfig.json. */
  readonly project: string;
  readonly base: string;
  readonly format: DiffFormat;
  readonly failOn: readonly FailOnKind[];
  readonly policies: readonly string[];
}

/** `toolgen report`, validated. */
export interface ReportCommandOptions {
  readonly project: string;
  /** Absolute path of the page to write. */
  readonly out: string;
  readonly policies: readonly string[];
}

export type SurfaceSubcommand =
  | { readonly kind: 'diff'; readonly options: DiffCommandOptions }
  | { readonly kind: 'report'; readonly options: ReportCommandOptions }
  | { readonly kind: 'help'; readonly text: string };

/** Parses `toolgen diff …` or `toolgen report …` (argv without `node` and the script). Throws `UsageError`. */
export function parseSurfaceSubcommand(argv: readonly string[], cwd: string): SurfaceSubcommand {
  const [name, ...rest] = argv;
  const common = { project: { type: 'string', short: 'p' }, policy: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } } as const;
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: name === 'diff' ? { ...common, base: { type: 'string' }, format: { type: 'string' }, 'fail-on': { type: 'string', multiple: true } } : { ...common, out: { type: 'string' } },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. Run "toolgen ${name} --help" for the flags.`);
  }
  const flag = (key: string) => (values as Record<string, unknown>)[key] as string | undefined;
  // --fail-on is repeatable, each a comma-separated list
  const failOnValues = (values as Record<string, unknown>)['fail-on'] as string[] | undefined;
  if (values.help === true) return { kind: 'help', text: name === 'diff' ? diffUsage : reportUsage };
  const command = parseCommand(['-p', values.project ?? 'tsconfig.json'], cwd);
  if (command.kind !== 'run') throw new UsageError(`toolgen ${name}: cannot read -p.`);
  const project = command.options.project;
  const policies = values.policy ?? [];
  if (name === 'report') {
    const out = flag('out');
    if (out === undefined || !/\.html?$/i.test(out)) {
      throw new UsageError(out === undefined ? 'toolgen report needs --out <file.html>, the page to write.' : `--out must name an HTML file (.html), not "${out}".`);
    }
    return { kind: 'report', options: { project, out: path.resolve(cwd, out), policies } };
  }
  const format = flag('format') ?? 'text';
  if (format !== 'text' && format !== 'json' && format !== 'markdown') {
    throw new UsageError(`--format must be "text", "json" or "markdown", not "${format}".`);
  }
  const failOn = [...new Set((failOnValues ?? []).flatMap((value) => value.split(',')).map((kind) => kind.trim()).filter((kind) => kind !== ''))];
  const unknown = failOn.filter((kind) => !(failOnKinds as readonly string[]).includes(kind));
  if (unknown.length > 0 || (failOnValues !== undefined && failOn.length === 0)) {
    throw new UsageError(`--fail-on takes a comma-separated list of ${failOnKinds.join(', ')}; ${unknown.length > 0 ? `"${unknown.join('", "')}" is not one` : 'it is empty'}.`);
  }
  const base = flag('base') ?? 'HEAD';
  if (base.trim() === '' || base.startsWith('-')) throw new UsageError(`--base must name a manifest file or a git revision, not "${base}".`);
  return { kind: 'diff', options: { project, base, format, failOn: failOn as FailOnKind[], policies } };
}

/** Runs `toolgen diff` or `toolgen report` and returns the exit code (0; 1 a change `--fail-on` names; 2 usage or configuration). */
export function runSurfaceSubcommand(argv: readonly string[], output: CliOutput, cwd: string): number {
  let command: SurfaceSubcommand;
  try {
    command = parseSurfaceSubcommand(argv, cwd);
    switch (command.kind) {
      case 'help':
        output.stdout(`${command.text}\n`);
        return 0;
      case 'diff':
        return runDiff(command.options, output, cwd);
      case 'report':
        return runReport(command.options, output, cwd);
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ProjectConfigurationError || error instanceof SurfaceReadError) {
      output.stderr(`toolgen: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

function runDiff(options: DiffCommandOptions, output: CliOutput, cwd: string): number {
  const rootDir = path.dirname(options.project);
  const head = readHead(options.project, cwd);
  const base = readBase(options.base, cwd, rootDir);
  const policyFiles = findPolicyFiles(policyPatterns({ patterns: options.policies, cwd, tsconfigPath: options.project }));
  const policiesAt = (read: (file: string) => string | undefined): PolicyText[] =>
    policyFiles.flatMap((file) => {
      const text = read(file);
      return text === undefined ? [] : [{ file: displayPath(file, cwd), text }];
    });
  const headAgents = loadedAgents(agentViewsOf(head, policiesAt((file) => readFileSync(file, 'utf8'))));
  // a policy file that did not load at the base is compared as a new agent, and the output says so
  const baseViews = agentViewsOf(base.surface, policiesAt((file) => base.readPolicy(file)));
  const notes = [
    ...(base.note === undefined ? [] : [base.note]),
    ...baseViews.filter((view) => view.problem !== undefined).map((view) => `${view.file} did not load at ${base.label} (${view.problem}): its agent is compared as a new one.`),
  ];
  const diff = diffSurfaces(base.surface, head, { base: baseViews.filter((view) => view.problem === undefined), head: headAgents });
  const headLabel = displayPath(path.join(rootDir, manifestFileName), cwd);
  output.stdout(formatDiff(diff, options.format, { base: base.label, head: headLabel, ...(notes.length === 0 ? {} : { note: notes.join('\n') }) }));
  const failing = failOnReason(diff, options.failOn);
  if (failing !== undefined) output.stderr(`${failing}\n`);
  return failing === undefined ? 0 : 1;
}

/**
 * The agents of policy files that loaded. One that does not load (TSH033) would show as an agent
 * offered nothing, so it stops the command instead, as it fails toolgen itself.
 */
function loadedAgents(views: readonly AgentView[]): readonly AgentView[] {
  const broken = views.find((view) => view.problem !== undefined);
  if (broken !== undefined) {
    throw new SurfaceReadError(`${broken.problem} The policy file does not load, so what its agent is offered cannot be said: fix it (toolgen reports it as TSH033).`);
  }
  return views;
}

function runReport(options: ReportCommandOptions, output: CliOutput, cwd: string): number {
  const rootDir = path.dirname(options.project);
  const surface = readHead(options.project, cwd);
  const policyFiles = findPolicyFiles(policyPatterns({ patterns: options.policies, cwd, tsconfigPath: options.project }));
  const agents = loadedAgents(agentViewsOf(surface, policyFiles.map((file) => ({ file: displayPath(file, cwd), text: readFileSync(file, 'utf8') }))));
  const page = renderReport({ surface, agents, title: path.basename(rootDir) });
  writeFileAtomic(options.out, page);
  const tools = surface.tools.size;
  output.stdout(`toolgen: ${plural(tools, 'tool')}${agents.length === 0 ? '' : `, ${plural(agents.length, 'agent')}`}; ${displayPath(options.out, cwd)} written.\n`);
  return 0;
}

/** The project's manifest on disk. */
function readHead(project: string, cwd: string): ToolSurface {
  const rootDir = path.dirname(project);
  const file = path.join(rootDir, manifestFileName);
  const shown = displayPath(file, cwd);
  const generate = project === path.join(cwd, 'tsconfig.json') ? 'toolgen' : `toolgen -p ${displayPath(project, cwd)}`;
  if (!existsSync(file)) {
    throw new SurfaceReadError(`${shown} does not exist. Run ${generate} first: it writes the manifest this command reads.`);
  }
  return surfaceOf(readFileSync(file, 'utf8'), shown, `Run ${generate} to write it again.`);
}
