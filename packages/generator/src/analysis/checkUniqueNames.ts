import path from 'node:path';
import type { Confidentiality, DeclaredApprovalMode } from '@toolgen/runtime';
import { createDiagnostic, type Diagnostic, type DiagnosticLocation } from '../diagnostics/Diagnostic.js';
import type { ToolsetModel } from './model.js';

/** A tool of another project the names must not collide with (tsconfig references). */
export interface ForeignTool {
  readonly name: string;
  readonly qualifiedName: string;
  readonly className: string;
  readonly location: DiagnosticLocation;
  /** What agent policy files are checked against (TSH031, TSH032); absent where the source did not say. */
  readonly approval?: DeclaredApprovalMode;
  readonly confidentiality?: Confidentiality;
}

/**
 * TSH007: tool names are unique across the project and the projects it references, and
 * qualified names must not collide (case-insensitively). Each clashing tool is reported,
 * naming the other, and its toolset is marked as having errors.
 */
export function checkUniqueNames(
  toolsets: readonly ToolsetModel[],
  foreign: readonly ForeignTool[],
  describePlace: (location: DiagnosticLocation) => string,
): { toolsets: ToolsetModel[]; diagnostics: Diagnostic[] } {
  const all: ForeignTool[] = [
    ...toolsets.flatMap((toolset) =>
      toolset.tools.map((tool) => ({ name: tool.name, qualifiedName: tool.qualifiedName, className: toolset.className, location: tool.nameLocation })),
    ),
    ...foreign,
  ];
  const byName = groupBy(all, (tool) => tool.name);
  const byQualifiedName = groupBy(all, (tool) => tool.qualifiedName.toLowerCase());
  const diagnostics: Diagnostic[] = [];
  const failed = new Set<ToolsetModel>();
  const describe = (tool: ForeignTool) => `tool "${tool.name}" of ${tool.className} (${describePlace(tool.location)})`;

  for (const toolset of toolsets) {
    for (const tool of toolset.tools) {
      const sameName = byName.get(tool.name)!.filter((other) => other.location !== tool.nameLocation);
      const sameQualified = byQualifiedName
        .get(tool.qualifiedName.toLowerCase())!
        .filter((other) => other.location !== tool.nameLocation && other.name !== tool.name);
      if (sameName.length > 0) {
        diagnostics.push(createDiagnostic('TSH007', 'duplicateName', tool.nameLocation, { name: tool.name, other: describe(sameName[0]!) }));
        failed.add(toolset);
      }
      if (sameQualified.length > 0) {
        diagnostics.push(
          createDiagnostic('TSH007', 'duplicateQualifiedName', tool.nameLocation, {
            name: tool.name,
            qualifiedName: tool.qualifiedName,
            other: describe(sameQualified[0]!),
          }),
        );
        failed.add(toolset);
      }
    }
  }
  return {
    toolsets: toolsets.map((toolset) => (failed.has(toolset) ? { ...toolset, hasErrors: true } : toolset)),
    diagnostics,
  };
}

/** A project a tsconfig references, as TSH007 visits it (the CLI loads it from its tsconfig, the ESLint plugin from the linter's program). */
export interface ReferencedProject {
  /** Its tsconfig's path: each project is visited once. */
  readonly tsconfigPath: string;
  /** Its toolsets, analyzed when first asked for. */
  toolsets(): readonly ToolsetModel[];
  /** The projects its tsconfig references in turn. */
  references(): readonly ReferencedProject[];
}

/**
 * The tools of `references` and of the projects they reference, transitively: depth first, in
 * the order the tsconfigs list them, each project once. `visited` holds the tsconfig paths not to
 * visit (the referencing project's own) and gains those visited.
 */
export function collectReferencedTools(references: readonly ReferencedProject[], visited: Set<string>): ForeignTool[] {
  const tools: ForeignTool[] = [];
  for (const reference of references) {
    if (visited.has(reference.tsconfigPath)) {
      continue;
    }
    visited.add(reference.tsconfigPath);
    for (const toolset of reference.toolsets()) {
      for (const tool of toolset.tools) {
        tools.push({
          name: tool.name,
          qualifiedName: tool.qualifiedName,
          className: toolset.className,
          location: tool.nameLocation,
          approval: tool.approval,
          confidentiality: tool.confidentiality,
        });
      }
    }
    tools.push(...collectReferencedTools(reference.references(), visited));
  }
  return tools;
}

/** How TSH007 names the place of the other tool: its path relative to the project's directory, line and column. */
export function relativePlace(rootDir: string): (location: DiagnosticLocation) => string {
  return (location) => `${path.relative(rootDir, location.file).split(path.sep).join('/')}:${location.line}:${location.column}`;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group === undefined) {
      groups.set(k, [item]);
    } else {
      group.push(item);
    }
  }
  return groups;
}
