import { BlockList, isIP } from 'node:net';

/**
 * Addresses the service never calls on a partner's behalf (a webhook, a reverse proxy's origin) unless configuration
 * allows it (`WEBHOOK_ALLOW_PRIVATE_TARGETS`, `HOSTING_ALLOW_PRIVATE_TARGETS`): without this rule a partner could make
 * the service send requests into its own network (loopback, private, link-local, shared and reserved ranges).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/**
 * Whether `address` (an IP literal) is in a blocked range. BlockList checks an IPv4-mapped IPv6 address
 * (`::ffff:127.0.0.1`, or `::ffff:7f00:1` as URLs write it) against the IPv4 ranges itself.
 */
export const isPrivateAddress = (address: string): boolean => {
  switch (isIP(address)) {
    case 4:
      return blocked.check(address, 'ipv4');
    case 6:
      return blocked.check(address, 'ipv6');
    default:
      return false;
  }
};

/**
 * A URL's host (`example.com`, `127.0.0.1`, `[::1]`) that names the service's own side: localhost or a private literal.
 */
export const isPrivateHost = (hostname: string): boolean => {
  const host = bareHostOf(hostname);
  return host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host);
};

/** A host as compared: without IPv6 brackets and a trailing dot, lowercase. */
const bareHostOf = (hostname: string): string =>
  hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();

/** Whom the service may call: one policy for every URL a partner gives it to call (webhooks, reverse proxies). */
export interface OutboundPolicy {
  /** Development and tests: loopback, private and link-local hosts and the service's own are allowed. */
  readonly allowPrivate: boolean;
  /** Hosts that are the service itself (its public URL's, the hosting listener's addresses): a call there loops. */
  readonly ownHosts: readonly string[];
}

/**
 * Why the service must not call a URL's host, or undefined when it may. Checked when the URL is given, so that a
 * partner learns at once; the connection checks the resolved addresses again, since a name can resolve anywhere.
 */
export const outboundHostProblem = (hostname: string, policy: OutboundPolicy): string | undefined => {
  if (policy.allowPrivate) return undefined;
  if (isPrivateHost(hostname)) return 'must not point to a loopback, private or link-local address';
  const host = bareHostOf(hostname);
  if (policy.ownHosts.some((own) => bareHostOf(own) === host)) return 'must not point to this service itself';
  return undefined;
};
