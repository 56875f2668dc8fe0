import type * as S from '../host/syntax.js';
import type { AnalysisHost } from './AnalysisHost.js';

export interface MethodDocs {
  readonly description: string;
  /** The `@deprecated` tag's text (`''` without one), or undefined when the method is not deprecated. */
  readonly deprecated: string | undefined;
  /** `@param` tags by the name they give, with the tag's name node. */
  readonly params: readonly { readonly name: string; readonly text: string; readonly node: S.Node }[];
}

export function readMethodDocs(host: AnalysisHost, method: S.MethodDeclaration): MethodDocs {
  const { summary, tags } = host.methodDocumentation(method);
  const params: { name: string; text: string; node: S.Node }[] = [];
  const remarks: string[] = [];
  let deprecated: string | undefined;
  for (const tag of tags) {
    if (tag.name === 'deprecated') {
      deprecated = tag.text;
    } else if (tag.parameter !== undefined) {
      params.push({ name: tag.parameter.name, text: tag.text.replace(/^\s*-\s*/, '').trim(), node: tag.parameter.node });
    } else if (tag.name === 'remarks' && tag.text !== '') {
      remarks.push(tag.text);
    }
  }
  const description = [summary, ...remarks].filter((part) => part !== '').join('\n\n');
  return { description, deprecated, params };
}

/** The description with the `@deprecated` note after it, so the model reads it too. */
export function withDeprecation(description: string, deprecated: string | undefined): string {
  if (deprecated === undefined) {
    return description;
  }
  const note = deprecated === '' ? 'Deprecated: prefer another tool.' : `Deprecated: ${deprecated}`;
  return description === '' ? note : `${description}\n\n${note}`;
}
