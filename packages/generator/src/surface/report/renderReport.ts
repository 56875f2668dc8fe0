import type { AgentView } from '../agentViews.js';
import type { ToolSurface } from '../surfaceOf.js';

/** What `toolgen report` shows. */
export interface ReportInput {
  readonly surface: ToolSurface;
  readonly agents: readonly AgentView[];
  /** The project's name, for the page's title. */
  readonly title: string;
}

/** The page of `toolgen report`: one self-contained HTML document. */
export function renderReport(input: ReportInput): string {
  throw new Error(`not yet: ${input.title}`);
}
