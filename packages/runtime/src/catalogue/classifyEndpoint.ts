import type { NetworkScope } from '../governance.js';

/**
 * How the host reaches an external tool server. `other` is a transport toolgen cannot classify
 * (an in-memory pair, a custom transport); `description` names it for audits.
 */
export type ExternalToolEndpoint =
  | { readonly transport: 'http'; readonly url: string }
  | { readonly transport: 'stdio'; readonly command: string; readonly args?: readonly string[] }
  | { readonly transport: 'other'; readonly description: string };

/**
 * The network scope an endpoint implies: a public HTTP endpoint is `egress`, a loopback one
 * (`localhost`, `*.localhost`, `127.0.0.0/8`, `::1`) `incidental`, and stdio `none` (the command
 * is local, though it may still reach the network: classify such a server explicitly).
 * Anything else, including private-network hosts, URLs that do not parse and `other`
 * transports, fails closed as `egress`.
 */
export function classifyEndpointNetworkScope(endpoint: ExternalToolEndpoint): NetworkScope {
  if (endpoint.transport === 'stdio') return 'none';
  if (endpoint.transport !== 'http') return 'egress';
  let url: URL;
  try {
    url = new URL(endpoint.url);
  } catch {
    return 'egress';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'egress';
  return isLoopbackHost(url.hostname) ? 'incidental' : 'egress';
}

/** Whether a URL host name (as `URL.hostname` gives it, IPv6 in brackets) names this machine's loopback interface. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  if (host === '::1') return true;
  // IPv4-mapped IPv6 (::ffff:127.x.y.z), which URL prints in hex: ::ffff:7f00:1
  return /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host) || /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
