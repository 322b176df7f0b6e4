import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must not reach unless `WEBHOOK_ALLOW_PRIVATE_TARGETS` allows it: without this rule a partner
 * could make the service POST into its own network (loopback, private, link-local, shared and reserved ranges).
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
  const host = hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host);
};
