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
 * The model sent arguments that do not fit the tool's schema. Every problem is reported at
 * once, so the model can correct them all in one retry.
 */
export class ToolArgumentError extends ToolFailure {
  override readonly name: string = 'ToolArgumentError';
  readonly issues: readonly ArgumentIssue[];

  constructor(issues: readonly ArgumentIssue[], fix = 'Correct these arguments and call the tool again.') {
    super(formatIssues(issues), fix);
    this.issues = issues;
  }
}

function formatIssues(issues: readonly ArgumentIssue[]): string {
  const lines = issues.map((issue) => `- ${issue.pointer === '' ? '(arguments)' : issue.pointer}: ${issue.message}`);
  return `Invalid arguments:\n${lines.join('\n')}`;
}
