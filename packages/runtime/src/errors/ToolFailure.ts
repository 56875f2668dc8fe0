/**
 * A failure whose message is meant for the model: throw it from a tool to tell the model
 * what went wrong (`reason`) and, optionally, what to do about it (`fix`).
 *
 * ```ts
 * throw new ToolFailure('No ticket 4711 exists.', 'Search for the ticket first.');
 * ```
 *
 * Any other error a tool throws reaches the model only as "The tool failed unexpectedly.",
 * unless the host opts in to exposing messages. Keep secrets out of `reason` and `fix`:
 * they go to the model provider.
 */
export class ToolFailure extends Error {
  override readonly name: string = 'ToolFailure';
  /** What went wrong, in words the model can act on. */
  readonly reason: string;
  /** What the model should do next, if anything. */
  readonly fix: string | undefined;

  constructor(reason: string, fix?: string, options?: ErrorOptions) {
    super(fix === undefined || fix === '' ? reason : `${reason}${reason.includes('\n') ? '\n' : ' '}${fix}`, options);
    this.reason = reason;
    this.fix = fix === '' ? undefined : fix;
  }
}

/** One problem with the arguments: where (a JSON Pointer into the arguments) and what to do. */
export interface ArgumentIssue {
  /** JSON Pointer (RFC 6901) to the offending value; `''` is the arguments object itself. */
  readonly pointer: string;
  /** What is wrong, phrased as an instruction, e.g. `must be one of "open", "closed"; got "pending"`. */
  readonly message: string;
  /**
   * For a type mismatch: the JSON type the value should have had, e.g. `number` where the model
   * sent `"10"`. The opt-in lenient step repairs values from this.
   */
  readonly expected?: 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';
}

/**
 * The limits that keep what an invalid call sends back to the model small, whatever the model
 * sent. Generated validators and `ToolArgumentError` apply them; they are the only places where
 * a generated validator refuses what the canonical schema accepts.
 */
export const argumentLimits = {
  /**
   * Objects and arrays may nest this many levels deep (the arguments object is level 1). The
   * validator of a tool whose schema is recursive stops at the first deeper object or array it
   * walks, and reports that one issue, at the arguments: `must nest objects and arrays at most
   * 64 levels deep; got deeper nesting`. Values of `unknown` parameters are not walked, so not limited.
   */
  maxDepth: 64,
  /** Issues a `ToolArgumentError` keeps and lists; its message ends `- and 99,980 more issues` when there were more. */
  maxIssues: 20,
  /**
   * Issues a generated validator records in full, with pointer and message. Past them it pushes
   * one shared issue per further problem (pointer `''`), so they are counted, cost nothing to
   * describe, and the lenient step repairs none of them.
   */
  maxRecordedIssues: 1000,
  /** Characters of a string value, or of a key in a pointer, that a message quotes; longer ones are cut to 37 and `…`. */
  maxEchoLength: 40,
  /** Characters of a pointer in a message; a longer one keeps its first and last keys around `/…`. */
  maxPointerLength: 120,
  /** Characters of one issue's message in a `ToolArgumentError`'s message; a longer one is cut with `…`. */
  maxMessageLength: 500,
} as const;

/**
 * The model sent arguments that do not fit the tool's schema. Every problem is reported at
 * once, so the model can correct them all in one retry, within `argumentLimits`:
 *
 * - `message` (what the model reads) lists the first 20 issues, then says how many more there
 *   were (`- and 99,980 more issues`);
 * - each listed pointer has its keys cut to 40 characters (`…`), and a pointer longer than 120
 *   characters keeps its first and last keys around `/…`; each issue's message is cut at 500;
 * - `issues` keeps those first 20 issues with their exact pointers, and `issueCount` says how
 *   many there were in all (a generated validator describes the first 1,000 and counts the rest).
 */
export class ToolArgumentError extends ToolFailure {
  override readonly name: string = 'ToolArgumentError';
  /** The first issues found, at most `argumentLimits.maxIssues`, each with its exact JSON Pointer. */
  readonly issues: readonly ArgumentIssue[];
  /** How many issues there were in all: more than `issues.length` when the rest were left out. */
  readonly issueCount: number;

  constructor(issues: readonly ArgumentIssue[], fix = 'Correct these arguments and call the tool again.', options?: ErrorOptions) {
    super(formatIssues(issues), fix, options);
    this.issues = issues.length > argumentLimits.maxIssues ? issues.slice(0, argumentLimits.maxIssues) : issues;
    this.issueCount = issues.length;
  }
}

function formatIssues(issues: readonly ArgumentIssue[]): string {
  const shown = issues.slice(0, argumentLimits.maxIssues);
  const lines = shown.map((issue) => `- ${issue.pointer === '' ? '(arguments)' : shortPointer(issue.pointer)}: ${cut(issue.message, argumentLimits.maxMessageLength)}`);
  if (issues.length > shown.length) lines.push(`- ${moreIssues(issues.length - shown.length)}`);
  return `Invalid arguments:\n${lines.join('\n')}`;
}

/** `text` cut to `limit - 3` characters and `…` when longer than `limit`, never splitting a surrogate pair. */
function cut(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 3).replace(/[\uD800-\uDBFF]$/, '')}…` : text;
}

/** A pointer as a message shows it: each key cut, and a long pointer's middle keys left out. */
function escapedCharacter(character: string): string {
  const named: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  return named[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

function shortPointer(pointer: string): string {
  // a key holding a line break would split the list: control characters and line separators are written escaped
  const tokens = pointer
    .slice(1)
    .split('/')
    .map((token) => cut(token, argumentLimits.maxEchoLength).replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, escapedCharacter));
  const whole = `/${tokens.join('/')}`;
  if (whole.length <= argumentLimits.maxPointerLength) return whole;
  // the first keys say which argument, the last where in it: a third of the room for the first
  let head = '';
  let first = 0;
  while (first < tokens.length - 1 && head.length + tokens[first]!.length + 1 <= argumentLimits.maxPointerLength / 3) head += `/${tokens[first++]!}`;
  if (first === 0) head = `/${tokens[first++]!}`;
  let tail = `/${tokens.at(-1)!}`;
  for (let last = tokens.length - 2; last >= first && head.length + tail.length + tokens[last]!.length + 3 <= argumentLimits.maxPointerLength; last--) {
    tail = `/${tokens[last]!}${tail}`;
  }
  return `${head}/…${tail}`;
}

/** `and 99,980 more issues`: what stands for the issues past `argumentLimits.maxIssues`. */
export function moreIssues(count: number): string {
  return `and ${String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} more ${count === 1 ? 'issue' : 'issues'}`;
}
