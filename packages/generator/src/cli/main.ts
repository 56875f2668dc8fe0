import { createRequire } from 'node:module';
import { parseCommand, usage, UsageError } from './options.js';

/** Where the CLI writes; tests pass their own. */
export interface CliOutput {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Runs the `toolgen` CLI and resolves to its exit code: 0 success, 1 errors or drift, 2 usage. */
export async function main(argv: readonly string[], output: CliOutput = processOutput, cwd = process.cwd()): Promise<number> {
  try {
    const command = parseCommand(argv, cwd);
    switch (command.kind) {
      case 'help':
        output.stdout(`${usage}\n`);
        return 0;
      case 'version':
        output.stdout(`${readVersion()}\n`);
        return 0;
      case 'run':
        output.stderr(`toolgen: generation is not implemented yet (project ${command.options.project}).\n`);
        return 1;
    }
  } catch (error) {
    if (error instanceof UsageError) {
      output.stderr(`toolgen: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

function readVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('../../package.json') as { version: string }).version;
}
