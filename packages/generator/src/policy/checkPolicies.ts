import { readFileSync } from 'node:fs';
import { ToolNaming, type Confidentiality, type DeclaredApprovalMode } from '@toolgen/runtime';
import type { ForeignTool } from '../analysis/checkUniqueNames.js';
import type { ToolsetModel } from '../analysis/model.js';
import { compareDiagnostics, createDiagnostic, type Diagnostic } from '../diagnostics/Diagnostic.js';
import { closestName } from '../diagnostics/closestName.js';
import { findPolicyFiles, policyPatterns, type PolicySources } from './policyFiles.js';
import { readPolicyFile, type PolicyEntry } from './readPolicyFile.js';

/** A tool a policy may name. Tools of referenced projects may lack what their analysis did not keep. */
export interface KnownTool {
  readonly qualifiedName: string;
  readonly approval: DeclaredApprovalMode | undefined;
  readonly confidentiality: Confidentiality | undefined;
}

/** The tools of a project and its references, as policies name them: by qualified name keyed as the runtime compares names (`ToolNaming.matchKey`). */
export interface ToolSurface {
  /** Toolset owners (first qualified-name segments), keyed the same way. */
  readonly owners: ReadonlySet<string>;
  readonly tools: ReadonlyMap<string, KnownTool>;
}

/** The surface of the analyzed toolsets (those with errors too: their tools exist) and the tools of referenced projects. */
export function toolSurfaceOf(toolsets: readonly ToolsetModel[], referenced: readonly ForeignTool[]): ToolSurface {
  const owners = new Set<string>();
  const tools = new Map<string, KnownTool>();
  for (const toolset of toolsets) {
    owners.add(keyOf(toolset.owner));
    for (const { qualifiedName, approval, confidentiality } of toolset.tools) {
      tools.set(keyOf(qualifiedName), { qualifiedName, approval, confidentiality });
    }
  }
  for (const { qualifiedName, approval, confidentiality } of referenced) {
    owners.add(ownerOf(keyOf(qualifiedName)));
    if (!tools.has(keyOf(qualifiedName))) {
      tools.set(keyOf(qualifiedName), { qualifiedName, approval, confidentiality });
    }
  }
  return { owners, tools };
}

/** What a policy check found: the files it read, sorted, and their diagnostics. */
export interface PolicyCheck {
  readonly files: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Finds the policy files `sources` declare and checks each against `surface`. Throws
 * `ProjectConfigurationError` for a glob matching nothing or a bad `toolgen.policies`, and the
 * read error of a file that cannot be read.
 */
export function checkPolicies(sources: PolicySources, surface: ToolSurface): PolicyCheck {
  const files = findPolicyFiles(policyPatterns(sources));
  return { files, diagnostics: checkPolicyFiles(files, surface) };
}

/** Reads and checks each policy file against `surface`; throws the read error of a file that cannot be read (exit 3). */
export function checkPolicyFiles(files: readonly string[], surface: ToolSurface): Diagnostic[] {
  const diagnostics = files.flatMap((file) => {
    const read = readPolicyFile(file, readFileSync(file, 'utf8'));
    return 'problem' in read ? [read.problem] : checkPolicyEntries(read.entries, surface);
  });
  return diagnostics.sort(compareDiagnostics);
}

/**
 * The rules (diagnostics.md, TSH030–TSH034). Entry names match as the resolver matches them
 * (`ToolNaming.matchKey`: trimmed, lowercased, other characters as the catalogue turns them into
 * `_`), the last entry for a name being the one that applies.
 */
export function checkPolicyEntries(entries: readonly PolicyEntry[], surface: ToolSurface): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const entryKey = (entry: PolicyEntry) => keyOf(entry.toolName);
  const applying = new Map<string, PolicyEntry>();
  for (const entry of entries) {
    if (entryKey(entry) !== '') {
      applying.set(entryKey(entry), entry);
    }
  }
  const known = [...surface.tools.values()].map((tool) => tool.qualifiedName);
  const marked: { entry: PolicyEntry; tool: KnownTool; marker: Confidentiality }[] = [];
  for (const entry of entries) {
    const key = entryKey(entry);
    if (key === '') {
      continue;
    }
    const tool = surface.tools.get(key);
    if (tool === undefined) {
      diagnostics.push(...unknownName(entry, key, surface, known));
      continue;
    }
    if (applying.get(key) !== entry) {
      continue;
    }
    if (entry.approvalMode === 'auto_approve' && tool.approval === 'require_approval') {
      diagnostics.push(createDiagnostic('TSH031', 'relaxedApproval', entry.modeLocation, { toolName: entry.toolName }));
    }
    if (entry.approvalMode !== 'default' && (tool.confidentiality === 'confidential_only' || tool.confidentiality === 'non_confidential_only')) {
      marked.push({ entry, tool, marker: tool.confidentiality });
    }
  }
  diagnostics.push(...hiddenTools(marked));
  return diagnostics;
}

/**
 * TSH034 when the name is one tool's own name; TSH030 when the first segment is a known owner; else TSH034 when the name
 * is a near miss of a known one, and nothing for a name toolgen cannot know.
 */
function unknownName(entry: PolicyEntry, key: string, surface: ToolSurface, known: readonly string[]): Diagnostic[] {
  // a tool's own name (`close_ticket`): only `toolgen mcp --names name` matches it, the catalogue never does
  const named = key.includes('__') ? [] : known.filter((name) => keyOf(name.split('__').at(-1)!) === key);
  if (named.length === 1) {
    return [createDiagnostic('TSH034', 'toolNameOnly', entry.nameLocation, { toolName: entry.toolName, suggestion: named[0]! })];
  }
  const owner = ownerOf(key);
  if (surface.owners.has(owner)) {
    const sameOwner = known.filter((name) => ownerOf(keyOf(name)) === owner);
    const best = closestName(key, sameOwner.length > 0 ? sameOwner : known);
    return [
      best === undefined
        ? createDiagnostic('TSH030', 'unknownToolNoSuggestion', entry.nameLocation, { toolName: entry.toolName, owner })
        : createDiagnostic('TSH030', 'unknownTool', entry.nameLocation, { toolName: entry.toolName, owner, suggestion: best.name }),
    ];
  }
  const best = closestName(key, known);
  if (best !== undefined && best.distance <= Math.min(2, Math.floor(key.length / 4))) {
    return [createDiagnostic('TSH034', 'nearMiss', entry.nameLocation, { toolName: entry.toolName, suggestion: best.name })];
  }
  return [];
}

/**
 * TSH032. A policy file is one agent's (SPEC §8), but does not say whether that agent is
 * confidential; an entry that lets an agent call a marked tool (`auto_approve`,
 * `require_approval`) says it is of the kind that sees the tool. The kind most such entries show
 * (on a tie, the first one's) is the file's; the entries (`deny` too) for tools its kind never sees
 * never apply. A file of only denies shows no kind: nothing is reported.
 */
function hiddenTools(marked: readonly { entry: PolicyEntry; tool: KnownTool; marker: Confidentiality }[]): Diagnostic[] {
  const shown = shownAgentKind(marked);
  if (shown === undefined) {
    return [];
  }
  const { kind: seen, witness } = shown;
  const kind = seen === 'confidential_only' ? 'confidential' : 'non-confidential';
  const otherKind = seen === 'confidential_only' ? 'non-confidential' : 'confidential';
  return marked
    .filter(({ marker }) => marker !== seen)
    .map(({ entry, marker }) =>
      createDiagnostic('TSH032', 'hiddenTool', entry.nameLocation, {
        toolName: entry.toolName,
        approvalMode: entry.approvalMode,
        marker,
        kind,
        evidence: witness.entry.toolName,
        evidenceMarker: seen,
        evidenceMode: witness.entry.approvalMode,
        evidenceLine: String(witness.entry.nameLocation.line),
        otherKind,
      }),
    );
}

/**
 * The kind of agent a policy file's entries show: of the entries that let it call a marked tool
 * (`auto_approve`, `require_approval`), the marker most of them name (on a tie, the first one's),
 * with the first such entry as the witness; undefined when no entry shows a kind.
 */
export function shownAgentKind<Marked extends { readonly entry: PolicyEntry; readonly marker: Confidentiality }>(
  marked: readonly Marked[],
): { readonly kind: Confidentiality; readonly witness: Marked } | undefined {
  const evidence = marked.filter(({ entry }) => entry.approvalMode === 'auto_approve' || entry.approvalMode === 'require_approval');
  if (evidence.length === 0) {
    return undefined;
  }
  const confidential = evidence.filter(({ marker }) => marker === 'confidential_only').length;
  const others = evidence.length - confidential;
  const kind: Confidentiality = confidential > others ? 'confidential_only' : others > confidential ? 'non_confidential_only' : evidence[0]!.marker;
  return { kind, witness: evidence.find(({ marker }) => marker === kind)! };
}

/** A name as the runtime compares it (`ToolNaming.matchKey`); `''` for a blank one. */
function keyOf(name: string): string {
  return ToolNaming.matchKey(name) ?? '';
}

function ownerOf(key: string): string {
  return key.split('__')[0]!;
}
