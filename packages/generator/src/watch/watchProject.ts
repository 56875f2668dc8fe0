import { existsSync } from 'node:fs';
import path from 'node:path';
import { watch as watchFiles, type FSWatcher } from 'chokidar';
import type { SyntaxProblem } from '../analysis/analyzeProject.js';
import type { Diagnostic } from '../diagnostics/Diagnostic.js';
import { prepareBackend } from '../backends/index.js';
import { GenerationSession, type GenerationResult, type OutputFile } from '../generate.js';
import { CompilerProcessError, ProjectConfigurationError, type BackendName } from '../host/Project.js';
import type { FileAccessError } from '../io/faults.js';
import { fileStamp } from '../io/fileStamp.js';
import { manifestFileName, modulePathFor } from '../manifest/manifest.js';
import { findPolicyFiles, packageJsonOf, policyPatterns, watchedPathOf, type PolicySources } from '../policy/policyFiles.js';
import { emptyOutcome, isEmptyOutcome, OutputFiles, type OutsideChange, type SyncOutcome } from './outputFiles.js';

export interface WatchOptions {
  /** Absolute path of the project's tsconfig.json. */
  readonly project: string;
  /** Absolute folder for generated modules, or undefined to put them beside their sources. */
  readonly outDir?: string | undefined;
  /** `--backend`: the compiler the analysis runs on; `ts6` when not given. */
  readonly backend?: BackendName | undefined;
  /** Stops the watcher; `watchProject` then resolves. */
  readonly signal: AbortSignal;
  /**
   * Quiet time after the last change to a source file before regenerating, in milliseconds
   * (default 10). Changes to the tsconfig or policy files, and folders coming or going, wait at
   * least `settleMs` (55). Whatever the value, a source file read sooner than that after its
   * change is read again then (see `settleMs`).
   */
  readonly debounceMs?: number;
  /** Called after each generation, the one at start included, once its files are written. */
  readonly onCycle?: (cycle: WatchCycle) => void;
  /** Called when a cycle fails (a broken tsconfig, an unexpected error); the watcher keeps the last good output and goes on. */
  readonly onError?: (error: unknown) => void;
  /** Agent policy files to check at each cycle (SPEC §8); a change to one, or to the package.json listing them, starts a cycle. */
  readonly policies?: PolicySources | undefined;
  /**
   * How often a generated file that could not be written is tried again while it cannot be, in
   * milliseconds (default 1000). It is also tried at every cycle and when it or its folder changes.
   */
  readonly retryMs?: number;
}

/** One generation of the watcher. */
export interface WatchCycle {
  /** 0 for the generation at start, then 1, 2, … */
  readonly index: number;
  /** The changed paths that started the cycle, sorted; empty at start. */
  readonly changed: readonly string[];
  /** Source files analyzed again (at start: none listed, every file is). */
  readonly analyzed: readonly string[];
  /** Source files kept at their last good analysis: they or a file they import have syntax errors. */
  readonly held: readonly string[];
  readonly result: GenerationResult;
  /** TSH diagnostics of the whole project, those of its policy files included. */
  readonly diagnostics: readonly Diagnostic[];
  /** The policy files checked, sorted. */
  readonly policyFiles: readonly string[];
  /** TypeScript syntax errors of the project's files. */
  readonly syntaxErrors: readonly SyntaxProblem[];
  /** Whether `diagnostics` or `syntaxErrors` differ from the previous cycle's. */
  readonly diagnosticsChanged: boolean;
  /** Files written in this cycle (what was on disk differed from their content), modules before the manifest. */
  readonly written: readonly string[];
  /** Generated modules removed in this cycle: their source no longer holds a toolset. */
  readonly removed: readonly string[];
  /** Generated files (of `written`) found deleted or changed by something else, and rewritten with what they should hold. */
  readonly changedOutside: readonly OutsideChange[];
  /** Every generated file that could not be written or removed, by path: tried again until it can be. */
  readonly failed: readonly FileAccessError[];
  /** Those of `failed` that first failed in this cycle, or failed with another cause. */
  readonly failedNow: readonly FileAccessError[];
  /** Whether the manifest was left as it was because some files are held. */
  readonly manifestHeld: boolean;
  readonly durationMs: number;
}

/**
 * chokidar reports the first change of a file at once and drops the changes that follow within
 * 50 ms (its per-file throttle, which has no option): an editor that saves in two writes (a
 * truncation, then the text) or a second save within 50 ms gives one event. A file read sooner
 * than this after its event is read again at this time, and regenerated if it differs; changes
 * that are not read back so (the tsconfig, policy files) wait this long before their cycle.
 */
const settleMs = 55;

const sourceExtension = /\.(?:[cm]?ts|tsx)$/;
const generatedModule = /\.tools\.[cm]?ts$/;
const ignoredFolder = /(?:^|[/\\])(?:node_modules|\.git)(?:[/\\]|$)/;
/** How the temporary files of atomic writes start (`replaceFileAtomic`). */
const temporaryPrefix = '.toolgen-tmp-';

/**
 * Watches a project and regenerates on every change until `signal` aborts: one session keeps
 * the program and the per-file analysis, a burst of changes is debounced into one cycle, and
 * only the generated files that differ on disk from what they should hold are written. A
 * generated file deleted or changed by something else is rewritten at once (and reported); one
 * that cannot be written is reported while the others are written, and tried again until it can
 * be (every `retryMs`, at each cycle, and when it or its folder changes). A file with
 * syntax errors keeps its last good output, and so does a file whose toolsets have errors (its
 * module and manifest entries, as in one-shot runs); a broken tsconfig keeps the last good session.
 * Rejects only when the project cannot be loaded at start (`ProjectConfigurationError`).
 */
export async function watchProject(options: WatchOptions): Promise<void> {
  const { signal } = options;
  if (signal.aborted) {
    return;
  }
  const debounceMs = options.debounceMs ?? 10;
  await prepareBackend(options.backend ?? 'ts6', options.project);
  const open = () => GenerationSession.open({ project: options.project, outDir: options.outDir, backend: options.backend, policies: options.policies, incremental: true });
  let session = open();
  const outputs = new OutputFiles(session.manifestPath);
  const retryMs = options.retryMs ?? 1000;
  let previousReport = '';
  let index = 0;
  /** The last cycle reported: what a cycle that only repairs generated files reports besides. */
  let last: WatchCycle | undefined;

  const pending = new Set<string>();
  /** Policy files (and the package.json) changed since the last cycle. */
  const policyPending = new Set<string>();
  let policyFiles = new Set<string>();
  let rescan = false;
  /** A folder came or went: its files are not read back, so the cycle waits `settleMs`. */
  let folderChanged = false;
  let reload = false;
  let timer: NodeJS.Timeout | undefined;
  /** Source files reported since their last settle check, with the time of their last event. */
  const unsettled = new Map<string, number>();
  let settleTimer: NodeJS.Timeout | undefined;
  /** Generated files reported changed since they were last compared with what they should hold. */
  const outputEvents = new Set<string>();
  let outputTimer: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  const runCycle = (changed: readonly string[], analyzed: readonly string[], held: readonly string[], started: number): WatchCycle => {
    const heldFiles = session.analyzer.heldFiles;
    const heldModules = new Set([...heldFiles].map((file) => modulePathFor(file, session.layout)));
    const manifestHeld = heldFiles.size > 0;
    const outcome = emptyOutcome();
    const synced = new Set<string>();
    const write = (modules: readonly OutputFile[]) => {
      for (const output of modules) {
        if (!heldModules.has(output.path)) {
          outputs.want(output.path, output.content, outcome);
          synced.add(output.path);
        }
      }
    };
    // modules are written as soon as they are printed, the manifest after them
    const result = session.generate(write);
    // a module that is neither printed, held nor kept for a toolset with errors is no longer wanted
    outputs.retain(new Set([...heldModules, ...result.analysis.toolsets.map((toolset) => modulePathFor(toolset.source, session.layout)), session.manifestPath]));
    // the generated files this generation did not print: compared with the disk too
    outputs.syncAll(outcome, new Set([...synced, session.manifestPath]));
    const manifest = result.outputs.find((output) => output.path === session.manifestPath);
    if (manifest !== undefined && !manifestHeld) {
      outputs.want(manifest.path, manifest.pieces ?? manifest.content, outcome);
    } else {
      outputs.sync(session.manifestPath, outcome);
    }
    for (const orphan of result.orphans) {
      if (!heldModules.has(orphan)) {
        outputs.remove(orphan, outcome);
      }
    }
    const syntaxErrors = session.analyzer.syntaxProblems();
    // the generation checked the policy files (and the budget) again: the manifest may have changed as much as they did
    policyFiles = new Set(result.policyFiles);
    const { diagnostics } = result;
    const report = JSON.stringify([diagnostics, syntaxErrors]);
    const diagnosticsChanged = report !== previousReport;
    previousReport = report;
    last = {
      index: index++,
      changed,
      analyzed,
      held,
      result,
      diagnostics,
      policyFiles: result.policyFiles,
      syntaxErrors,
      diagnosticsChanged,
      manifestHeld,
      ...outcomeOf(outcome),
      durationMs: performance.now() - started,
    };
    return last;
  };

  const outcomeOf = (outcome: SyncOutcome) => {
    watchOutputs();
    scheduleRetry();
    return { written: outcome.written, removed: outcome.removed, changedOutside: outcome.changedOutside, failed: outputs.failures, failedNow: outcome.failedNow };
  };

  /**
   * Compares every generated file with what it should hold, between cycles: after a change to
   * one of them, and while some cannot be written. Reports a cycle when it wrote, removed or
   * failed anew; the events of toolgen's own writes find the files as written, and report none.
   */
  const syncOutputs = () => {
    clearTimeout(outputTimer);
    outputTimer = undefined;
    if (timer !== undefined || last === undefined) {
      // a cycle is due, and compares them all
      return;
    }
    const started = performance.now();
    const changed = [...outputEvents].sort();
    outputEvents.clear();
    const outcome = emptyOutcome();
    outputs.syncAll(outcome);
    const reported = outcomeOf(outcome);
    if (isEmptyOutcome(outcome)) {
      return;
    }
    last = { ...last, index: index++, changed, analyzed: [], held: [], diagnosticsChanged: false, ...reported, durationMs: performance.now() - started };
    options.onCycle?.(last);
  };

  /**
   * chokidar drops a file's changes within 50 ms of the one it reports: the files are compared
   * `settleMs` after the first event, when whatever made it (a checkout writing the file again
   * after removing it, say) is over or has reported again.
   */
  const scheduleOutputCheck = () => {
    outputTimer ??= setTimeout(syncOutputs, settleMs);
  };

  /**
   * A file that cannot be written is tried again every `retryMs` while it cannot be, since what
   * makes it writable again (a chmod, a folder made writable) need not make any event.
   */
  const scheduleRetry = () => {
    if (retryTimer !== undefined || signal.aborted || outputs.failures.length === 0) {
      return;
    }
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      syncOutputs();
      scheduleRetry();
    }, retryMs);
  };

  const started = performance.now();
  const targets = new Set<string>();
  const watchNewTargets = () => {
    const fresh = [...watchTargets(session), ...policyTargets(options.policies)].filter((target) => !targets.has(target));
    fresh.forEach((target) => targets.add(target));
    return fresh;
  };
  /** The generated files chokidar watches one by one: those outside the watched folders (the manifest, often). */
  const outputTargets = new Set<string>();
  /** Watches the generated files that exist and that no watched folder holds; chokidar lets go of a file once it is deleted. */
  const watchOutputs = () => {
    const folders = session.analyzer.project.config.directories.map((directory) => directory.path);
    const fresh = outputs
      .paths()
      .filter((file) => !outputTargets.has(file) && !folders.some((folder) => file.startsWith(folder + path.sep)) && fileStamp(file) !== undefined);
    if (fresh.length > 0) {
      fresh.forEach((file) => outputTargets.add(file));
      watcher.add(fresh);
    }
  };
  const watcher: FSWatcher = watchFiles(watchNewTargets(), {
    ignoreInitial: true,
    // toolgen's temporary files come and go at each write
    ignored: (file) => ignoredFolder.test(file) || path.basename(file).startsWith(temporaryPrefix),
  });
  watcher.on('error', (error) => options.onError?.(error));
  await new Promise<void>((resolve) => watcher.once('ready', resolve));
  try {
    const first = runCycle([], [], [], started);
    warmUp(session, first.result);
    options.onCycle?.(first);
  } catch (error) {
    // the watcher keeps going: the next change may fix what failed
    options.onError?.(error);
  }

  const cycle = () => {
    timer = undefined;
    const cycleStart = performance.now();
    outputEvents.clear();
    const sources = [...pending];
    const changed = [...new Set([...pending, ...policyPending])].sort();
    const wasPolicy = policyPending.size > 0;
    const wasRescan = rescan;
    const wasReload = reload;
    pending.clear();
    policyPending.clear();
    rescan = false;
    folderChanged = false;
    reload = false;
    scheduleSettleCheck();
    try {
      if (wasReload) {
        let reopened: GenerationSession | undefined;
        try {
          reopened = open();
        } catch (error) {
          // a tsconfig being edited may not parse yet: keep the last good session
          options.onError?.(error);
        }
        if (reopened !== undefined) {
          // the TypeScript 7 backend's program lives in a tsgo process, which this ends
          session.analyzer.project.release();
          session = reopened;
          watcher.add(watchNewTargets());
          options.onCycle?.(runCycle(changed, [], [], cycleStart));
          return;
        }
      }
      const update = session.update(sources, wasRescan);
      if (update.changes.files.size === 0 && !wasPolicy) {
        // no generation, but the generated files may have changed meanwhile
        syncOutputs();
        return;
      }
      let done: WatchCycle;
      try {
        done = runCycle(changed, update.analysis.analyzed, update.analysis.held, cycleStart);
      } finally {
        // files the program now imports from outside the watched folders: after the modules are on disk
        watcher.add(watchNewTargets());
      }
      options.onCycle?.(done);
    } catch (error) {
      if (error instanceof ProjectConfigurationError || wasReload) {
        options.onError?.(error);
        return;
      }
      // an unexpected fault may leave the session half-updated, or without its compiler (a TypeScript 7
      // process that was killed): the next cycle, due at once, starts again from what is on disk
      const alive = session.analyzer.project.isAlive();
      options.onError?.(alive ? error : new CompilerProcessError("TypeScript 7's API process (tsc --api) stopped; toolgen starts it again.", { cause: error }));
      reload = true;
      clearTimeout(timer);
      timer = setTimeout(cycle, debounceMs);
    } finally {
      scheduleRetry();
    }
  };

  /** Reads again, once chokidar's throttle is over, the source files read sooner than that after their event. */
  const scheduleSettleCheck = () => {
    if (settleTimer !== undefined || unsettled.size === 0) {
      return;
    }
    const due = Math.min(...unsettled.values()) + settleMs;
    settleTimer = setTimeout(() => {
      settleTimer = undefined;
      const now = performance.now();
      for (const [file, reportedAt] of unsettled) {
        if (now >= reportedAt + settleMs) {
          unsettled.delete(file);
          pending.add(file);
        }
      }
      // an unchanged text makes no cycle; a cycle already due reads them anyway
      if (timer === undefined && pending.size > 0) {
        cycle();
      }
      scheduleSettleCheck();
    }, Math.max(0, due - performance.now()));
  };

  /** A policy file checked last, one the globs now match, or the package.json that may list them. */
  const isPolicyChange = (file: string): boolean => {
    if (options.policies === undefined || sourceExtension.test(file)) {
      return false;
    }
    if (file === packageJsonOf(options.policies) || policyFiles.has(file)) {
      return true;
    }
    try {
      return findPolicyFiles(policyPatterns(options.policies)).includes(file);
    } catch {
      // a glob now matching nothing: the cycle reports it
      return true;
    }
  };

  watcher.on('all', (event, file) => {
    const absolute = path.resolve(file);
    if (outputs.has(absolute)) {
      if (event === 'unlink' || event === 'unlinkDir') {
        outputTargets.delete(absolute);
      }
      outputEvents.add(absolute);
      scheduleOutputCheck();
      return;
    }
    if (generatedModule.test(absolute) || path.basename(absolute) === manifestFileName) {
      // a generated file toolgen does not keep (yet): not a source
      return;
    }
    if (session.analyzer.project.config.configFiles.includes(absolute)) {
      reload = true;
    } else if (isPolicyChange(absolute)) {
      policyPending.add(absolute);
    } else if (event === 'addDir' || event === 'unlinkDir') {
      rescan = true;
      folderChanged = true;
    } else if (sourceExtension.test(absolute)) {
      pending.add(absolute);
      unsettled.set(absolute, performance.now());
      if (event === 'add' || event === 'unlink') {
        rescan = true;
      }
    } else {
      return;
    }
    clearTimeout(timer);
    const readBack = !reload && !folderChanged && policyPending.size === 0;
    timer = setTimeout(cycle, readBack ? debounceMs : Math.max(debounceMs, settleMs));
  });

  if (!signal.aborted) {
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  }
  clearTimeout(timer);
  clearTimeout(settleTimer);
  clearTimeout(outputTimer);
  clearTimeout(retryTimer);
  await watcher.close();
  // resolved once nothing it started runs: TypeScript 7's process has exited
  session.analyzer.project.release();
  await session.analyzer.project.exited();
}

/**
 * One untimed cycle at start, once the first generation is on disk and before it is reported:
 * a toolset file goes through the incremental path (parsed, a new program and checker, analyzed
 * and printed again) as if saved unchanged, so nothing is written. The first real edits then
 * find that path compiled and the first program (which holds the types of the whole project) let
 * go. Skipped while files have syntax errors: they hold their last good analysis.
 */
function warmUp(session: GenerationSession, first: GenerationResult): void {
  const source = first.analysis.toolsets[0]?.source;
  if (source === undefined || session.analyzer.heldFiles.size > 0) {
    return;
  }
  const changes = session.analyzer.project.reparse(source);
  if (changes.files.size > 0) {
    session.analyzer.update(changes);
    session.generate();
  }
}

/** The package.json that may list policy globs, and for each glob the folder before its first wildcard (or the file). */
function policyTargets(policies: PolicySources | undefined): string[] {
  if (policies === undefined) {
    return [];
  }
  // chokidar is given only paths that exist: a missing one stops it from reporting other changes
  const packageJson = existsSync(packageJsonOf(policies)) ? [packageJsonOf(policies)] : [];
  try {
    return [...packageJson, ...policyPatterns(policies).map(watchedPathOf).filter((target) => existsSync(target))];
  } catch {
    return packageJson;
  }
}

/** The tsconfig and what it extends, its include folders, and the program's files outside them (not in node_modules). */
function watchTargets(session: GenerationSession): string[] {
  const { config } = session.analyzer.project;
  const folders = config.directories.map((directory) => directory.path);
  const inFolder = (file: string) => folders.some((folder) => file === folder || file.startsWith(folder + path.sep));
  const loose = session.analyzer.project
    .snapshot()
    .programFiles()
    .filter((file) => !ignoredFolder.test(file) && !inFolder(file) && !generatedModule.test(file));
  return [...new Set([...config.configFiles, ...folders, ...loose])];
}
