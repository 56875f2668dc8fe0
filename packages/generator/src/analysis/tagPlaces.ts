import type { DiagnosticLocation } from '../diagnostics/Diagnostic.js';
import type * as S from '../host/syntax.js';
import type { TagSite } from '../schema/tsdoc/tags.js';
import type { AnalysisHost } from '../host/AnalysisHost.js';

/**
 * Where a tag a diagnostic is about is written, when that is in the file of `useSite` (the linted
 * file, for ESLint); otherwise undefined, and the diagnostic stays where the type is used.
 */
export function locateTagSite(host: AnalysisHost, site: TagSite | undefined, useSite: S.Node): DiagnosticLocation | undefined {
  if (site === undefined) {
    return undefined;
  }
  const file = host.syntax.fileName(useSite);
  if ('location' in site) {
    return site.location.file === file ? site.location : undefined;
  }
  if (site.file !== file) {
    return undefined;
  }
  const declaration = host.declarations(site.symbol).find((candidate) => host.syntax.fileName(candidate) === file);
  return declaration === undefined ? undefined : host.syntax.locateSpan(declaration, site.start, site.end);
}
