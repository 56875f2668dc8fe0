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
