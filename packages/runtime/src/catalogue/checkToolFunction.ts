import type { AIFunction } from '../function/AIFunction.js';
import { confidentialities } from '../governance.js';
import { isNetworkScope } from './networkScopeOrder.js';

/** Why `fn` cannot be published, or `undefined` when it can. Governance metadata outside its enums fails closed. */
export function checkToolFunction(fn: AIFunction | undefined): string | undefined {
  if (typeof fn !== 'object' || fn === null || typeof fn.invoke !== 'function' || typeof fn.name !== 'string') {
    return 'expected an AIFunction with a name and an invoke method.';
  }
  const label = `tool "${fn.name}"`;
  if (typeof fn.qualifiedName !== 'string' || fn.qualifiedName.trim() === '') return `${label} has no qualified name.`;
  const metadata = fn.metadata as Partial<AIFunction['metadata']> | undefined;
  if (typeof metadata !== 'object' || metadata === null) return `${label} has no governance metadata.`;
  if (typeof metadata.readOnly !== 'boolean') return `${label}: metadata.readOnly must be a boolean.`;
  if (metadata.approval !== 'default' && metadata.approval !== 'require_approval') {
    return `${label}: metadata.approval ${JSON.stringify(metadata.approval)} must be "default" or "require_approval".`;
  }
  if (!isNetworkScope(metadata.networkScope)) {
    return `${label}: metadata.networkScope ${JSON.stringify(metadata.networkScope)} must be "none", "incidental" or "egress".`;
  }
  if (!(confidentialities as readonly unknown[]).includes(metadata.confidentiality)) {
    return `${label}: metadata.confidentiality ${JSON.stringify(metadata.confidentiality)} must be "any", "confidential_only" or "non_confidential_only".`;
  }
  if (!Array.isArray(metadata.workspacePaths)) return `${label}: metadata.workspacePaths must be an array.`;
  return undefined;
}
