import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Tests run against the packages' TypeScript sources through the `@toolgen/source` export condition.
const conditions = ['@toolgen/source', ...defaultServerConditions];

const tests = ['packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts'];
const docs = ['docs/test/**/*.test.ts'];
/**
 * The tests that start other processes (the CLI's bin, npm, tsc, node, TypeScript 7's `tsc --api`),
 * bundle or build whole projects, wait on file-system events (watch mode), or run an SDK against the
 * tools: `npm run test:integration`.
 * What is left is `npm run test:unit`, the inner loop (docs/CONTRIBUTING.md).
 */
const integration = [
  'examples/*/test/**/*.test.ts',
  'packages/eslint-plugin/test/{docs,eslintBinary,generatedFiles,loading}.test.ts',
  'packages/generator/test/{backends,broken,build,hostile,mcp}/**/*.test.ts',
  // toolgen diff on git repositories; toolgen report's page in headless Chromium (playwright-core)
  'packages/generator/test/surface/{diffCli,reportBrowser}.test.ts',
  'packages/generator/test/emit/module.test.ts',
  // the CLI's main and generate(), end to end: projects on disk, modules and manifests written, exit codes
  'packages/generator/test/{generate,cli,schemaTrust,argumentLimits,nothingDropped}.test.ts',
  'packages/generator/test/{budget/budget,schema/registry,settings/settings}.test.ts',
  // watch mode: file-system events and their timing, on projects written to disk
  'packages/generator/test/watch/**/*.test.ts',
  'packages/generator/test/policy/watchPolicies.test.ts',
  // policy files checked by the CLI's main, end to end
  'packages/generator/test/policy/{docs,policies,policyNames}.test.ts',
  'packages/runtime/test/adapters/**/*.test.ts',
  'packages/runtime/test/governance/{approvalProcesses,pathAttackCorpus}.test.ts',
  'packages/runtime/test/{browserBundle,treeShaking,runtimeCopies}.test.ts',
  // a whole TypeScript 6 program over the type tests, as vitest's typecheck (TypeScript 7) makes one over every test
  'packages/runtime/test/typeTestsTs6.test.ts',
];

/**
 * The type tests (`*.test-d.ts`) are unit tests: one tsc over tsconfig.test.json, which holds every test (the packages', the
 * docs', the examples') and this file, and fails the run on any error of theirs ("Unhandled Source Error"). vitest runs it once
 * the test files are done. The packages are project references: the tests are checked against the declarations `npm run build`
 * wrote (what a user compiles against), and the build, which `npm test` and `npm run test:unit` run first, checks the sources.
 * The checker is TypeScript 7's native tsc, npm's `latest`: 2.6 s and 5 CPU s on 2 cores where TypeScript 6's took 13 s and
 * 20 CPU s, on one core at the end of the run (issue 32). The type tests hold under TypeScript 6 too: typeTestsTs6.test.ts
 * checks them again with it (tsconfig.typetests.json).
 */
const typecheck = {
  enabled: true,
  include: ['packages/*/test/**/*.test-d.ts'],
  tsconfig: './tsconfig.test.json',
  // by path: node_modules/.bin/tsc is whichever of TypeScript 6 and 7 npm linked last
  checker: fileURLToPath(new URL('node_modules/typescript7/bin/tsc', import.meta.url)),
};

/**
 * `vitest run --project <name>` (`npm run test:unit`, `test:integration`, `test:docs`) runs one of the three projects. A run that
 * names none (`npm test`, `npx vitest run <file>`) runs their files as one project: vitest gives each project workers of its own,
 * so three projects loaded TypeScript, ts-morph and the SDKs in six workers where one loads them in two (issue 32: 570 -> 508
 * CPU s, 303 -> 272 s for the whole suite on 2 cores).
 */
const projectNamed = process.argv.some((arg) => arg === '--project' || arg.startsWith('--project='));

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    // generous: many tests build a TypeScript program, and these machines are shared and noisy
    testTimeout: 30_000,
    // a table's rows are named by their `$name`, which vitest cuts at 40 characters ('keyword tags on a type alias reach a …'
    // named six rows): whole names, and assertion messages that show up to 300 characters of a value
    chaiConfig: { truncateThreshold: 300 },
    hookTimeout: 60_000,
    // one worker per core: vitest's default leaves one core idle, and on 2 cores that halves the suite's speed
    maxWorkers: availableParallelism(),
    // the test files of a worker share modules, so TypeScript, ts-morph, the analysis and the SDKs load once per worker,
    // not once per file: in the integration project that is 51 s of import time -> 14 s, and 539 -> 385 CPU seconds for
    // the project on 2 cores. No test mocks a module, stubs a global or changes the working directory (what isolation
    // would undo); each writes its projects to a folder of its own.
    isolate: false,
    // removes the folders the tests made, after each test file (test/temporaryFolders.ts)
    setupFiles: ['./test/setup.ts'],
    ...(projectNamed
      ? {
          projects: [
            { extends: true, test: { name: 'unit', include: tests, exclude: integration, typecheck } },
            { extends: true, test: { name: 'integration', include: integration } },
            { extends: true, test: { name: 'docs', include: docs } },
          ],
        }
      : { include: [...tests, ...docs], typecheck }),
  },
});
