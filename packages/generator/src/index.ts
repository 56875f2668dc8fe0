export { main, type CliOutput } from './cli/main.js';
export { parseCommand, UsageError, type CliOptions, type OutputFormat, type ParsedCommand } from './cli/options.js';
