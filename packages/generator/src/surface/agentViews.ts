import path from 'node:path';
import { ToolNaming, ToolPolicyResolver, type Confidentiality, type ToolApprovalMode } from '@toolgen/runtime';
import { shownAgentKind } from '../policy/checkPolicies.js';
import { readPolicyFile, type PolicyEntry } from '../policy/readPolicyFile.js';
import type { ToolSurface } from './surfaceOf.js';

/** A policy file's text, and the path it is shown with (relative to the working folder, with `/`). */
export interface PolicyText {
  readonly file: string;
  readonly text: string;
}

/** Why an agent of a policy file does not see a tool of the manifest. */
export type LeftOutReason = 'denied' | 'confidentiality';

/**
 * What one agent (one policy file, SPEC §8) is offered of a manifest's tools: every tool, less those
 * its policy denies and those its kind of agent never sees, as `resolveAgentTools` decides at run
 * time for an agent offered every toolset. A policy file does not say whether its agent is
 * confidential: the kind its entries show (TSH032's rule) is taken, and an agent whose entries show
 * none is not confidential, as an `AgentDefinition` is not unless it says so.
 */
export interface AgentView {
  /** The file's name without its extension, nor `.policy` before it (its path, when two files share a name). */
  readonly agent: string;
  readonly file: string;
  readonly confidential: boolean;
  readonly offered: readonly { readonly qualifiedName: string; readonly approvalMode: ToolApprovalMode }[];
  readonly leftOut: readonly { readonly qualifiedName: string; readonly reason: LeftOutReason; readonly why: string }[];
  /** Why the file could not be read as policies, at its line and column (TSH033's message); nothing is offered then. */
  readonly problem?: string;
}

/** The agents of `policies`, in the order given, each against `surface`. */
export function agentViewsOf(surface: ToolSurface, policies: readonly PolicyText[]): AgentView[] {
  const bare = (name: string) => name.replace(/\.ya?ml$/i, '').replace(/\.polic(?:y|ies)$/i, '');
  const names = policies.map(({ file }) => bare(path.posix.basename(file)));
  return policies.map(({ file, text }, index) => {
    const shared = names.filter((name) => name === names[index]).length > 1;
    const agent = shared ? bare(file) : names[index]!;
    const read = readPolicyFile(file, text);
    if ('problem' in read) {
      const { line, column, message } = read.problem;
      return { agent, file, confidential: false, offered: [], leftOut: [], problem: `${file}:${line}:${column}: ${message}` };
    }
    return { agent, file, ...viewOf(surface, read.entries) };
  });
}

function viewOf(surface: ToolSurface, entries: readonly PolicyEntry[]): Pick<AgentView, 'confidential' | 'offered' | 'leftOut'> {
  const resolver = new ToolPolicyResolver(entries.map(({ toolName, approvalMode }) => ({ toolName, approvalMode })));
  const byKey = new Map([...surface.tools.values()].map(({ tool }) => [ToolNaming.matchKey(tool.qualifiedName), tool]));
  const marked = entries.flatMap((entry) => {
    const marker = byKey.get(ToolNaming.matchKey(entry.toolName))?.confidentiality;
    return marker === 'confidential_only' || marker === 'non_confidential_only' ? [{ entry, marker }] : [];
  });
  const shown = shownAgentKind(marked);
  const confidential = shown?.kind === 'confidential_only';
  const offered: AgentView['offered'][number][] = [];
  const leftOut: AgentView['leftOut'][number][] = [];
  for (const { tool } of surface.tools.values()) {
    const hidden = hiddenBy(tool.confidentiality, confidential, shown?.witness.entry.toolName);
    if (hidden !== undefined) {
      leftOut.push({ qualifiedName: tool.qualifiedName, reason: 'confidentiality', why: hidden });
      continue;
    }
    const approvalMode = resolver.getEffectiveApprovalMode(tool.qualifiedName, tool.approval);
    if (approvalMode === 'deny') {
      leftOut.push({ qualifiedName: tool.qualifiedName, reason: 'denied', why: 'its policy denies it' });
    } else {
      offered.push({ qualifiedName: tool.qualifiedName, approvalMode });
    }
  }
  return { confidential, offered, leftOut };
}

/** Why an agent of this kind never sees a tool of this marker, or undefined when it does. */
function hiddenBy(marker: Confidentiality, confidential: boolean, witness: string | undefined): string | undefined {
  const kind = confidential ? `confidential (its policy lets it call ${witness})` : witness === undefined ? 'not confidential (no entry says it is)' : `not confidential (its policy lets it call ${witness})`;
  if (marker === 'confidential_only' && !confidential) return `the tool is for confidential agents only, and this agent is ${kind}`;
  if (marker === 'non_confidential_only' && confidential) return `the tool is for non-confidential agents only, and this agent is ${kind}`;
  return undefined;
}
