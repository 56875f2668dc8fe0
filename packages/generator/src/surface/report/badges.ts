import type { ManifestTool } from '../../manifest/manifest.js';
import { isRecord } from '../../manifest/readManifest.js';
import { escapeHtml, listOf, textOf } from './html.js';

/**
 * What the page shows of a tool's governance, as the manifest states it: one badge per fact
 * (read-only or writes, additive, idempotent, needs approval, network scope, confidentiality,
 * workspace paths, configurable settings, client capabilities, deprecated). The manifest may come
 * from an older toolgen or be written by hand, so each field is read as unknown data.
 */
export function badgesOf(tool: Partial<ManifestTool>): string[] {
  // the filter matches badges too (`egress`, `needs approval`): class f
  const badge = (kind: string, text: string) => `<li class="badge b-${kind} f">${escapeHtml(text)}</li>`;
  const badges = [tool.readOnly === true ? badge('read', 'read-only') : badge('write', 'writes')];
  if (tool.additive === true) badges.push(badge('additive', 'additive'));
  if (tool.idempotent === true) badges.push(badge('idempotent', 'idempotent'));
  if (tool.approval === 'require_approval') badges.push(badge('approval', 'needs approval'));
  const scope = textOf(tool.networkScope) || 'none';
  badges.push(badge(scope === 'none' || scope === 'incidental' || scope === 'egress' ? `net-${scope}` : 'net-other', `network: ${scope}`));
  const confidentiality = textOf(tool.confidentiality);
  if (confidentiality === 'confidential_only') badges.push(badge('confidential', 'confidential agents only'));
  else if (confidentiality === 'non_confidential_only') badges.push(badge('non-confidential', 'non-confidential agents only'));
  else if (confidentiality !== '' && confidentiality !== 'any') badges.push(badge('confidential', `confidentiality: ${confidentiality}`));
  for (const entry of listOf(tool.workspacePaths)) {
    const access = isRecord(entry) && entry['access'] === 'write' ? 'write' : 'read';
    badges.push(badge(`path-${access}`, `workspace ${access}: ${isRecord(entry) ? textOf(entry['parameter']) : textOf(entry)}`));
  }
  const settings = isRecord(tool.settings) ? tool.settings : undefined;
  if (settings !== undefined) {
    const configurable = listOf(settings['configurable']).map(textOf);
    badges.push(badge('settings', configurable.length > 0 ? `configurable: ${configurable.join(', ')}` : 'settings: none configurable'));
  }
  for (const capability of listOf(tool.clientCapabilities)) badges.push(badge('client', `needs client ${textOf(capability)}`));
  if (tool.deprecated === true) badges.push(badge('deprecated', 'deprecated'));
  return badges;
}

/** The tool's display title (`withTitle`), when the manifest has one. */
export function titleOf(tool: Partial<ManifestTool>): string | undefined {
  return tool.title === undefined ? undefined : textOf(tool.title);
}
