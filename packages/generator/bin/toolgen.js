#!/usr/bin/env node
import module from 'node:module';

// Node.js 22.1 and later: V8's on-disk compile cache for toolgen's modules and the TypeScript
// bundle it loads, as tsc does (about a tenth of a small project's start-up). Node.js 20 has no
// such cache; NODE_DISABLE_COMPILE_CACHE=1 turns it off. Enabled before main's modules load.
module.enableCompileCache?.();
const { main } = await import('../dist/cli/main.js');

// a reader that stops early (`toolgen diff | head`) closes the pipe: stop quietly, as other command-line tools do,
// and say anything else that fails on stdout in one line (exit 3), never with a stack trace
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') process.stderr.write(`toolgen: cannot write to stdout: ${error.message}\n`);
  process.exit(error.code === 'EPIPE' ? 0 : 3);
});

process.exitCode = await main(process.argv.slice(2));
