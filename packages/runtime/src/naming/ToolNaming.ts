import { sha256Hex } from '../hashing/sha256.js';

/** The longest qualified name every provider accepts (OpenAI, Anthropic, Gemini, MCP). */
const maxNameLength = 64;
/** Characters kept from a name that is too long; `__` and 8 hex digits of its hash follow. */
const truncatedPrefixLength = maxNameLength - 2 - 8;

const segmentSeparator = '__';
const qualifierSplitter = /\/|\\|__/;
const disallowedRun = /[^a-z0-9_-]+/g;
const snakeCaseName = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
const wireName = /^[a-z0-9_-]{1,64}$/;

/**
 * Normalizes one name segment: lowercased; letters, digits, `_` and `-` kept; every run of
 * other characters becomes one `_`.
 *
 * `normalize('acme.search')` is `acme_search`; `normalize('GitHub')` is `github`.
 */
function normalize(segment: string): string {
  return segment.toLowerCase().replace(disallowedRun, '_');
}

/**
 * Joins name segments into a qualified name: each segment is split further at `/`, `\` and
 * `__`, every piece is normalized, empty pieces are dropped, and the rest are joined with `__`.
 * A result over 64 characters keeps its first 54, then `__` and the first 8 lowercase hex
 * digits of the SHA-256 of the whole name, so it stays unique and exactly 64 long.
 *
 * @throws {Error} when no segment has anything left after normalization.
 */
function buildQualifiedName(...segments: readonly string[]): string {
  const pieces = segments
    .flatMap((segment) => segment.split(qualifierSplitter))
    .map(normalize)
    .filter((piece) => piece.length > 0);
  if (pieces.length === 0) {
    throw new Error(
      `Cannot build a qualified tool name from ${JSON.stringify(segments)}: every segment is empty. ` +
        'Give the tool, toolset, plugin or server a name with at least one letter or digit.',
    );
  }
  return truncate(pieces.join(segmentSeparator));
}

function truncate(name: string): string {
  if (name.length <= maxNameLength) {
    return name;
  }
  const hash = sha256Hex(name).slice(0, 8);
  return `${name.slice(0, truncatedPrefixLength)}${segmentSeparator}${hash}`;
}

/**
 * The owner segment of a toolset class: its name minus an exact trailing `Toolset`, normalized
 * (lowercased, not snake-cased): `WorkspaceFilesToolset` → `workspacefiles`.
 */
function ownerFromClassName(className: string): string {
  const owner = className.endsWith('Toolset') ? className.slice(0, -'Toolset'.length) : className;
  return normalize(owner);
}

/**
 * The qualified name of a toolset's tool: `[<plugin-id>__]<owner>__<tool>`.
 * `buildToolsetQualifiedName('CodingToolset', 'read_file')` is `coding__read_file`.
 */
function buildToolsetQualifiedName(className: string, toolName: string, pluginId?: string): string {
  const owner = ownerFromClassName(className);
  return pluginId === undefined
    ? buildQualifiedName(owner, toolName)
    : buildQualifiedName(pluginId, owner, toolName);
}

/** The qualified name of an MCP server's tool: `buildMcpQualifiedName('GitHub', 'list_issues')` is `github__list_issues`. */
function buildMcpQualifiedName(server: string, tool: string): string {
  return buildQualifiedName(server, tool);
}

/**
 * The tool name derived from a method name: snake_case, with a trailing `Async` removed.
 * `getTicketAsync` → `get_ticket`, `searchHTTPLogs` → `search_http_logs`.
 */
function toolNameFromMethod(methodName: string): string {
  const base = methodName.length > 'Async'.length && methodName.endsWith('Async') ? methodName.slice(0, -'Async'.length) : methodName;
  return snakeCaseWords(base);
}

/** camelCase and PascalCase as lowercase words joined by `_`, an acronym one word: `searchHTTPLogs` → `search_http_logs`. */
function snakeCaseWords(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/**
 * A lower_snake_case name for one that is not (the fix TSH008 suggests): the words of the method
 * rule, every run of other characters one `_`, and `tool_` before a leading digit.
 * `suggestSnakeCase('searchHTTPLogs')` is `search_http_logs`, `suggestSnakeCase('Get-Ticket')` is `get_ticket`.
 */
function suggestSnakeCase(name: string): string {
  const snake = snakeCaseWords(name)
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (snake === '') {
    return 'tool';
  }
  return /^[a-z]/.test(snake) ? snake : `tool_${snake}`;
}

/** Whether a tool name is lower_snake_case: lowercase letters and digits in `_`-separated words, starting with a letter. */
function isSnakeCaseName(name: string): boolean {
  return snakeCaseName.test(name);
}

/**
 * The key two tool names are compared by wherever an agent or a policy names a tool (`allowedTools`,
 * `pinnedTools`, `include`, `exclude`, a policy's `toolName`) and on the catalogue's side of the
 * comparison: the name trimmed, then built as `buildQualifiedName` builds one, so it reads as the
 * catalogue spells names (`GitHub/Delete Repo` and `github__delete.repo` are `github__delete_repo`).
 * `undefined` when nothing is left (a blank name, `__`).
 */
function matchKey(name: string): string | undefined {
  if (typeof name !== 'string') return undefined;
  const pieces = name
    .trim()
    .split(qualifierSplitter)
    .map(normalize)
    .filter((piece) => piece.length > 0);
  return pieces.length === 0 ? undefined : truncate(pieces.join(segmentSeparator));
}

/** Whether a name is valid on the wire for every provider: `^[a-z0-9_-]{1,64}$`. */
function isValidQualifiedName(name: string): boolean {
  return wireName.test(name);
}

/** The naming rules shared by the generator, the catalogue and MCP. */
export const ToolNaming = {
  maxLength: maxNameLength,
  normalize,
  buildQualifiedName,
  buildToolsetQualifiedName,
  buildMcpQualifiedName,
  matchKey,
  ownerFromClassName,
  toolNameFromMethod,
  suggestSnakeCase,
  isSnakeCaseName,
  isValidQualifiedName,
} as const;
