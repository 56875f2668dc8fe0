import type ts from 'typescript';
import type { AnalysisHost } from './AnalysisHost.js';

export interface MethodDocs {
  readonly description: string;
  /** The `@deprecated` tag's text (`''` without one), or undefined when the method is not deprecated. */
  readonly deprecated: string | undefined;
  /** `@param` tags by the name they give, with the tag's name node. */
  readonly params: readonly { readonly name: string; readonly text: string; readonly node: ts.Node }[];
}

export function readMethodDocs(host: AnalysisHost, method: ts.MethodDeclaration): MethodDocs {
  const { ts, checker } = host;
  const signature = checker.getSignatureFromDeclaration(method);
  const summary = signature === undefined ? '' : ts.displayPartsToString(signature.getDocumentationComment(checker)).trim();
  const params: { name: string; text: string; node: ts.Node }[] = [];
  const remarks: string[] = [];
  let deprecated: string | undefined;
  for (const tag of ts.getJSDocTags(method)) {
    if (tag.tagName.text === 'deprecated') {
      deprecated = (ts.getTextOfJSDocComment(tag.comment) ?? '').trim();
    } else if (ts.isJSDocParameterTag(tag)) {
      const text = (ts.getTextOfJSDocComment(tag.comment) ?? '').replace(/^\s*-\s*/, '').trim();
      params.push({ name: tag.name.getText(), text, node: tag.name });
    } else if (tag.tagName.text === 'remarks') {
      const text = (ts.getTextOfJSDocComment(tag.comment) ?? '').trim();
      if (text !== '') {
        remarks.push(text);
      }
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
