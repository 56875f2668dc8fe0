import { isMap, isScalar, isSeq, LineCounter, parseDocument, stringify, type Node } from 'yaml';
import type { AgentToolPolicy } from './AgentToolPolicy.js';
import { isToolApprovalMode } from './isToolApprovalMode.js';
import { unmatchableName } from './unnameableCharacter.js';
import { ToolPolicyError } from './ToolPolicyError.js';
import { ToolPolicyResolver } from './ToolPolicyResolver.js';

/** A policy file that cannot be read. It never turns into an approval: fix the file. */
export class ToolPolicyLoadError extends ToolPolicyError {
  override readonly name: string = 'ToolPolicyLoadError';
  /** 1-based line of the problem. */
  readonly line: number;
  /** 1-based column of the problem. */
  readonly column: number;

  constructor(line: number, column: number, problem: string) {
    super(`Tool policies, line ${line}, column ${column}: ${problem}`);
    this.line = line;
    this.column = column;
  }
}

const entryKeys = ['toolName', 'approvalMode'];

/**
 * Reads an agent's tool policies from YAML: a list of `{ toolName, approvalMode }` entries.
 *
 * ```yaml
 * - toolName: coding__write_file
 *   approvalMode: deny
 * ```
 *
 * Blank text (or only comments) means no overrides. Anything else that is not such a list (bad
 * YAML, several documents, an unknown key, a missing or non-string value, an approval mode
 * outside `default`, `require_approval`, `auto_approve`, `deny`, a `toolName` no qualified name
 * could equal, so a `deny` for it would never match: one holding a control, invisible or non-ASCII
 * character, e.g. a Cyrillic `і` or a fullwidth `ｔ`, or made only of separators),
 * and input that is not a string, throws a `ToolPolicyLoadError` naming the line. A UTF-8 BOM
 * before the text is ignored. Entries with a blank `toolName` are returned; `ToolPolicyResolver`
 * ignores them.
 */
export function loadToolPolicies(yamlText: string | null | undefined): AgentToolPolicy[] {
  if (yamlText === null || yamlText === undefined) return [];
  if (typeof yamlText !== 'string') {
    throw new ToolPolicyLoadError(1, 1, `expected YAML text (a string), got ${kindOf(yamlText)}; read the file as text (utf8) first.`);
  }
  // a BOM is how some editors start a UTF-8 file; YAML allows one before the document
  const text = yamlText.startsWith('\uFEFF') ? yamlText.slice(1) : yamlText;
  if (text.trim() === '') return [];
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number | undefined): { line: number; col: number } => lineCounter.linePos(offset ?? 0);
  const fail = (offset: number | undefined, problem: string): never => {
    const position = at(offset);
    throw new ToolPolicyLoadError(position.line, position.col, problem);
  };

  const problem = document.errors[0] ?? document.warnings[0];
  if (problem !== undefined) fail(problem.pos[0], yamlProblem(problem.code, problem.message));

  const contents = document.contents as Node | null;
  if (contents === null || (isScalar(contents) && contents.value === null)) return [];
  if (!isSeq(contents)) {
    return fail(contents.range?.[0], 'expected a list of entries like "- toolName: coding__write_file" with "approvalMode: deny".');
  }
  return contents.items.map((item) => readEntry(item, contents.range?.[0], fail));
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' || type === 'undefined' ? `an ${type}` : `a ${type}`;
}

function yamlProblem(code: string, message: string): string {
  if (code === 'MULTIPLE_DOCS') return 'the text holds several YAML documents; keep one list of entries. Fix the YAML.';
  const text = message.replace(/\s+/g, ' ').trim();
  return `${/[.!?]$/.test(text) ? text : `${text}.`} Fix the YAML.`;
}

function readEntry(item: unknown, fallbackOffset: number | undefined, fail: (offset: number | undefined, problem: string) => never): AgentToolPolicy {
  const offset = (item as Node | null)?.range?.[0] ?? fallbackOffset;
  if (!isMap(item)) return fail(offset, 'each entry must be a mapping with toolName and approvalMode.');
  const values = new Map<string, { value: unknown; offset: number | undefined }>();
  for (const pair of item.items) {
    const key = isScalar(pair.key) ? pair.key.value : undefined;
    const keyOffset = (pair.key as Node | null)?.range?.[0] ?? offset;
    if (typeof key !== 'string' || !entryKeys.includes(key)) {
      fail(keyOffset, `unknown key ${JSON.stringify(key) ?? 'undefined'}; an entry has only toolName and approvalMode.`);
    }
    const valueNode = pair.value as Node | null;
    values.set(key as string, { value: isScalar(valueNode) ? valueNode.value : valueNode, offset: valueNode?.range?.[0] ?? keyOffset });
  }
  const toolName = values.get('toolName');
  const approvalMode = values.get('approvalMode');
  if (toolName === undefined) return fail(offset, 'the entry has no toolName; name the tool by its qualified name, e.g. coding__write_file.');
  if (typeof toolName.value !== 'string') return fail(toolName.offset, 'toolName must be a string: the qualified tool name.');
  const unmatchable = unmatchableName(toolName.value);
  if (unmatchable !== undefined) {
    return fail(toolName.offset, `toolName ${unmatchable.reason}, so the entry would never match; ${unmatchable.fix}.`);
  }
  if (approvalMode === undefined) {
    return fail(offset, `the entry for "${toolName.value}" has no approvalMode; use default, require_approval, auto_approve or deny.`);
  }
  if (!isToolApprovalMode(approvalMode.value)) {
    return fail(
      approvalMode.offset,
      `approvalMode ${JSON.stringify(approvalMode.value) ?? 'null'} is not defined; use default, require_approval, auto_approve or deny.`,
    );
  }
  return { toolName: toolName.value, approvalMode: approvalMode.value };
}

/**
 * Writes policies as `loadToolPolicies` reads them, keeping only what is worth persisting: named,
 * non-`default` entries, the last one per tool. Returns `''` when nothing is left.
 *
 * @throws {ToolPolicyError} on an undefined approval mode.
 */
export function serializeToolPolicies(policies: readonly AgentToolPolicy[]): string {
  const overrides = new ToolPolicyResolver(policies).overrides;
  return overrides.length === 0 ? '' : stringify(overrides.map(({ toolName, approvalMode }) => ({ toolName, approvalMode })));
}
