import type * as S from '../host/syntax.js';
import type { Shape, ShapeProblem } from '../schema/shape.js';
import { applyDocumentation } from '../schema/tsdoc/applyDocumentation.js';
import { keywordTag, unknownInlineTagFix } from '../schema/tsdoc/keywordTags.js';
import type { DocTag, UnreadTag } from '../schema/tsdoc/tags.js';
import type { MethodDocs, ParamDoc } from './methodDocs.js';

/*
 * A `@param` text applied to what it documents: its description, and its inline keyword tags
 * (`@param limit How many. {@maximum 100}`) through `applyDocumentation`, the mechanism members'
 * block tags go through, so a positional parameter takes exactly the constraints a member takes.
 */

/** What applying `@param` texts gathers: the problems of their tags (TSH005), and the tags toolgen does not read (TSH023). */
export interface ParamTagFindings {
  readonly problems: ShapeProblem[];
  readonly unread: UnreadTag[];
}

/** Applies the `@param` doc of the argument at `pointer` to its shape; `description` replaces the shape's own when given. */
export function applyParamDoc(
  shape: Shape,
  doc: ParamDoc | undefined,
  description: string | undefined,
  pointer: string,
  findings: ParamTagFindings,
  typeText?: () => string,
): Shape {
  const tags: DocTag[] = [];
  for (const tag of doc?.tags ?? []) {
    const site = { location: tag.location };
    if (tag.kind === 'unknown') {
      const data = { tag: tag.name, parameter: doc!.name, fix: unknownInlineTagFix(tag.name) };
      findings.unread.push({ code: 'TSH023', pointer, tag: tag.name, messageId: 'unknownInlineTag', data, site });
    } else {
      tags.push({ name: tag.name, text: tag.text, site });
    }
  }
  if (description === undefined && tags.length === 0) {
    return shape;
  }
  const unread = { tags: findings.unread, subject: `the parameter "${doc?.name ?? pointer.slice(1)}"` };
  return applyDocumentation(shape, { description, tags, pointer, problems: findings.problems, unread, ...(typeText === undefined ? {} : { typeText }) });
}

/** TSH023 for the method's own keyword tags and the inline tags of its summary: they constrain nothing. */
export function strayTagFindings(docs: MethodDocs, method: string, firstArgument: string | undefined, findings: ParamTagFindings): void {
  for (const tag of docs.strayTags) {
    const value = tag.value === '' ? '' : ` ${tag.value}`;
    const site = { location: tag.location };
    if (keywordTag(tag.name) === undefined) {
      const data = { tag: tag.name, subject: `the method "${method}"`, value };
      findings.unread.push({ code: 'TSH023', pointer: '', tag: tag.name, messageId: 'unknownInlineTagInSummary', data, site });
    } else {
      const data = { tag: tag.name, method, parameter: tag.after ?? firstArgument ?? 'name', value };
      findings.unread.push({ code: 'TSH023', pointer: '', tag: tag.name, messageId: 'keywordOnMethod', data, site });
    }
  }
}

/** Where a finding without a place of its own is reported: the argument its pointer starts with, else the method's name. */
export function findingNode(pointer: string, argumentNodes: ReadonlyMap<string, S.Node>, method: S.MethodDeclaration): S.Node {
  return argumentNodes.get(pointer.split('/')[1] ?? '') ?? method.name;
}
