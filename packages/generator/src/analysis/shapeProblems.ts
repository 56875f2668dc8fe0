import path from 'node:path';
import type * as S from '../host/syntax.js';
import type { ShapeProblem } from '../schema/shape.js';
import type { UnreadTag } from '../schema/tsdoc/tags.js';
import type { AnalysisHost } from '../host/AnalysisHost.js';
import type { DiagnosticSink } from './DiagnosticSink.js';
import { locateTagSite } from './tagPlaces.js';

/** Problems by the root they belong to (a parameter, the result, the settings), in discovery order. */
export function groupProblems(problems: readonly ShapeProblem[], rootOf: (problem: ShapeProblem) => string): Map<string, ShapeProblem[]> {
  const groups = new Map<string, ShapeProblem[]>();
  for (const problem of problems) {
    const root = rootOf(problem);
    const group = groups.get(root) ?? [];
    group.push(problem);
    groups.set(root, group);
  }
  return groups;
}

/** The message data of one root's problems: the first in full, the others counted by pointer. */
export function problemData(tool: string, problems: readonly ShapeProblem[]): Record<string, string> {
  const [first, ...others] = problems as [ShapeProblem, ...ShapeProblem[]];
  const shown = others.slice(0, 3).map((problem) => pointerText(problem.pointer));
  const more =
    others.length === 0
      ? ''
      : ` Also unrepresentable: ${shown.join(', ')}${others.length > shown.length ? ` and ${others.length - shown.length} more` : ''}.`;
  return {
    tool,
    typeText: first.typeText,
    pointer: pointerText(first.pointer),
    reason: first.reason,
    fix: first.fix.replace(/\.$/, ''),
    more,
  };
}

function pointerText(pointer: string): string {
  return pointer === '' ? '/' : pointer;
}

/** How one derivation's problems are reported: TSH005 for parameters and settings, TSH006 for a result. */
export interface ProblemReport {
  readonly code: 'TSH005' | 'TSH006';
  readonly tool: string;
  /** The root a problem belongs to (a parameter's name), `''` when there is one root. */
  readonly rootOf: (problem: ShapeProblem) => string;
  /** Where a root's problems are reported: where its type is used. */
  readonly nodeOf: (root: string) => S.Node;
}

/**
 * Reports a derivation's problems: a tag at fault (`@minimum` on a string) at the tag, when the
 * file its type is used in holds it (the file ESLint lints); the others once per root, at the
 * root's node, the first in full and the rest counted. Returns the roots that have problems.
 */
export function reportShapeProblems(host: AnalysisHost, sink: DiagnosticSink, problems: readonly ShapeProblem[], report: ProblemReport): Set<string> {
  const roots = new Set<string>();
  const untagged: ShapeProblem[] = [];
  for (const problem of problems) {
    const root = report.rootOf(problem);
    roots.add(root);
    const at = locateTagSite(host, problem.site, report.nodeOf(root));
    if (at === undefined) {
      untagged.push(problem);
    } else if (report.code === 'TSH005') {
      sink.reportAt('TSH005', problem.refusedDefault === true ? 'refusedDefault' : 'unrepresentable', at, problemData(report.tool, [problem]));
    } else {
      sink.reportAt('TSH006', 'unserializable', at, problemData(report.tool, [problem]));
    }
  }
  for (const [root, rootProblems] of groupProblems(untagged, report.rootOf)) {
    if (report.code === 'TSH005') {
      sink.report('TSH005', rootProblems[0]!.refusedDefault === true ? 'refusedDefault' : 'unrepresentable', report.nodeOf(root), problemData(report.tool, rootProblems));
    } else {
      sink.report('TSH006', 'unserializable', report.nodeOf(root), problemData(report.tool, rootProblems));
    }
  }
  return roots;
}

/** TSH023 for each tag toolgen does not read: at the tag, when the file `nodeOf(tag)` is in holds it, else there. */
export function reportUnreadTags(host: AnalysisHost, sink: DiagnosticSink, tags: readonly UnreadTag[], nodeOf: (tag: UnreadTag) => S.Node): void {
  for (const tag of tags) {
    const node = nodeOf(tag);
    const located = locateTagSite(host, tag.site, node);
    let data = tag.data;
    if (located === undefined && tag.site !== undefined && 'symbol' in tag.site) {
      // said where the type is used: once per comment, naming where the comment is
      if (!sink.firstTime(`${tag.code}:${tag.messageId}:${tag.site.file}:${tag.site.start}`)) {
        continue;
      }
      data = withDeclaredAt(host, tag, node);
    }
    const at = located ?? host.syntax.locate(node);
    if (tag.code === 'TSH023') {
      sink.reportAt('TSH023', tag.messageId, at, data);
    } else {
      sink.reportAt('TSH025', tag.messageId, at, data);
    }
  }
}

/** The message data with the place of the comment added to what it names: `the member "owner" (in ../refs.ts:9:7)`. */
function withDeclaredAt(host: AnalysisHost, tag: UnreadTag, useSite: S.Node): Readonly<Record<string, string>> {
  const site = tag.site;
  if (site === undefined || !('symbol' in site)) {
    return tag.data;
  }
  const declaration = host.declarations(site.symbol).find((candidate) => host.syntax.fileName(candidate) === site.file);
  if (declaration === undefined) {
    return tag.data;
  }
  const { line, column } = host.syntax.locateSpan(declaration, site.start, site.end);
  const file = path.relative(path.dirname(host.syntax.fileName(useSite)), site.file).split(path.sep).join('/');
  const key = 'place' in tag.data ? 'place' : 'subject';
  return { ...tag.data, [key]: `${tag.data[key] ?? ''} (in ${file}:${line}:${column})` };
}
