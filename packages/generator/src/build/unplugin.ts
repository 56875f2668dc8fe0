import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { createUnplugin, type UnpluginInstance } from 'unplugin';
import VirtualModulesPlugin from 'webpack-virtual-modules';
import { BuildSession, formatDiagnosticLines, ToolgenBuildError } from './BuildSession.js';

/** Options of `@toolgen/generator/unplugin`. */
export interface ToolgenPluginOptions {
  /**
   * The project's tsconfig.json, or a folder holding one (as `toolgen -p`), relative to the
   * working directory, or to the root under Vite. Default: `tsconfig.json`.
   */
  readonly project?: string;
}

/** `./tickets.tools.js`, `./tickets.tools`, `./tickets.tools.ts` (and `.mjs`/`.mts`, `.cjs`/`.cts`). */
const toolsSpecifier = /\.tools(?:\.([cm]?)[jt]s)?$/;

/**
 * The bundler plugin (Vite, Rollup, Rolldown, esbuild, webpack): an import of `./x.tools.js`
 * beside a source `x.ts` holding toolsets resolves to the path the CLI would write the module
 * to (`x.tools.ts`, which need not exist), and loading it yields the CLI's module, byte for byte,
 * as TypeScript for the bundler to compile like the other sources. The module's toolsets having
 * errors fails the load with the CLI's diagnostic lines; warnings are the bundler's warnings.
 * Generation runs on the first such import, from one incremental project kept for the build;
 * in watch mode and dev servers a changed file is taken in and, under Vite, the modules whose
 * text changed are sent through HMR.
 *
 * Under webpack a module with content is written into webpack's input file system at that path,
 * as a file of the project, and left to webpack's resolver: a path that does not exist on disk
 * would otherwise become unplugin's virtual module, `<context>/_virtual_<encoded path>`, outside the
 * source folder, where ts-loader refuses it (TS6059, outside `rootDir`) and resolves its imports
 * from the wrong folder. A module with errors is written too, and `load` fails it.
 */
const instance: UnpluginInstance<ToolgenPluginOptions | undefined, false> = createUnplugin((options: ToolgenPluginOptions | undefined, meta) => {
  let base = process.cwd();
  let serving = false;
  let build: BuildSession | undefined;
  const session = () => (build ??= new BuildSession(resolveProject(options?.project ?? 'tsconfig.json', base)));
  /** Under Vite, the modules whose text changed with each changed file, for `hotUpdate` (called once per environment). */
  const changedBy = new Map<string, readonly string[]>();
  /** Under webpack, its input file system's files that are not on disk, and the text written there for each module. */
  let webpackFiles: VirtualModulesPlugin | undefined;
  const writtenToWebpack = new Map<string, string>();
  const writeToWebpack = (modulePath: string): boolean => {
    const module = session().module(modulePath);
    if (webpackFiles === undefined || module === undefined) return false;
    // a module with errors is written too, and fails in `load`: it keeps its path when the errors are fixed
    const text = module.content ?? `// ${path.basename(module.source)} has toolgen errors\n`;
    // each importer resolves it: a file written again with the same text would still be a change to webpack's watcher
    if (writtenToWebpack.get(modulePath) !== text) {
      webpackFiles.writeModule(modulePath, text);
      writtenToWebpack.set(modulePath, text);
    }
    return true;
  };

  return {
    name: 'toolgen',
    enforce: 'pre',

    resolveId(id, importer) {
      if (importer === undefined) {
        return null;
      }
      const specifier = withoutQuery(id);
      if (!specifier.startsWith('.') && !path.isAbsolute(specifier)) {
        return null;
      }
      const from = withoutQuery(importer);
      if (toolsSpecifier.test(specifier)) {
        const modulePath = path.resolve(path.dirname(from), specifier).replace(toolsSpecifier, (_, kind: string | undefined) => `.tools.${kind ?? ''}ts`);
        if (session().module(modulePath) === undefined) return null;
        // webpack's resolver finds the file written (resolve.extensionAlias maps `.js` to `.ts`, as for every source)
        return meta.framework === 'webpack' && writeToWebpack(modulePath) ? null : modulePath;
      }
      return null;
    },

    load: {
      filter: { id: /\.tools\.[cm]?ts(?:\?.*)?$/ },
      handler(id) {
        const module = session().module(withoutQuery(id));
        if (module === undefined) {
          return null;
        }
        if (!serving) {
          // the module depends on types from files the bundle may never import (type-only imports): watch them all
          for (const file of session().watchFiles()) {
            this.addWatchFile(file);
          }
        }
        if (module.content === undefined) {
          throw new ToolgenBuildError(module.errors);
        }
        for (const warning of module.warnings) {
          this.warn(formatDiagnosticLines([warning]));
        }
        return { code: module.content, map: null };
      },
    },

    buildStart() {
      if (meta.framework === 'esbuild') {
        // esbuild's rebuilds say nothing of what changed
        build?.refresh();
      }
    },

    watchChange(id, change) {
      const changed = build?.update([id], change.event) ?? [];
      if (changed.length > 0) {
        changedBy.set(path.resolve(id), changed);
      }
      // webpack builds a module again when its text changes in the input file system
      changed.filter((modulePath) => writtenToWebpack.has(modulePath)).forEach(writeToWebpack);
    },

    vite: {
      configResolved(config) {
        base = config.root;
        serving = config.command === 'serve';
      },
      hotUpdate({ file, modules }) {
        const changed = changedBy.get(path.resolve(file));
        if (changed === undefined) {
          return;
        }
        const generated = changed.flatMap((id) => [...(this.environment.moduleGraph.getModulesByFile(id) ?? [])]).filter((module) => !modules.includes(module));
        return generated.length === 0 ? undefined : [...modules, ...generated];
      },
    },

    webpack(compiler) {
      base = compiler.options.context ?? base;
      // the instance unplugin added for its own virtual modules, else one of ours
      webpackFiles = compiler.options.plugins.find((plugin) => plugin instanceof VirtualModulesPlugin);
      if (webpackFiles === undefined) {
        webpackFiles = new VirtualModulesPlugin();
        webpackFiles.apply(compiler);
      }
    },
  };
});

/** The bundlers the plugin supports: unplugin builds the others too, but toolgen does not yet work in them. */
export type ToolgenUnplugin = Pick<UnpluginInstance<ToolgenPluginOptions | undefined, false>, 'vite' | 'rollup' | 'rolldown' | 'esbuild' | 'webpack' | 'raw'>;

// rspack, rsbuild, farm, unloader and bun: unplugin would build a plugin, whose module rspack puts outside the source
// folder (a broken bundle); refuse, saying what works, rather than build something untested
for (const framework of ['rspack', 'rsbuild', 'farm', 'unloader', 'bun'] as const) {
  Object.defineProperty(instance, framework, {
    configurable: true,
    get: () => () => {
      throw new Error(
        `@toolgen/generator/unplugin does not support ${framework} yet: it supports Vite, Rollup, Rolldown, esbuild and webpack. ` +
          'Generate the modules with the CLI (npx toolgen) before the build instead, and commit them or run it in the build script.',
      );
    },
  });
}

const toolgen: ToolgenUnplugin = instance;
export default toolgen;

function withoutQuery(id: string): string {
  const query = id.indexOf('?');
  return query < 0 ? id : id.slice(0, query);
}

function resolveProject(given: string, base: string): string {
  const resolved = path.resolve(base, given);
  return existsSync(resolved) && statSync(resolved).isDirectory() ? path.join(resolved, 'tsconfig.json') : resolved;
}
