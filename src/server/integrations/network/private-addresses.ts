import { BlockList, isIP } from 'node:net';

/**
 * Addresses inside a network rather than on the internet: loopback, private, carrier-grade NAT, link-local (with
 * the cloud metadata service at 169.254.169.254), unspecified, multicast and reserved. An address that an admin
 * may set (the CRM's) must not reach these: the answers would map the internal network, and the stored CRM
 * password would be sent there.
 */
const privateRanges: [network: string, prefix: number, family: 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  // The unspecified address, loopback (::1) and the old IPv4-compatible form (::127.0.0.1).
  ['::', 96, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const privateAddresses = new BlockList();
for (const [network, prefix, family] of privateRanges) privateAddresses.addSubnet(network, prefix, family);

/**
 * Whether `address` (an IP address; brackets and an IPv6 zone are ignored) lies in a private range. IPv4-mapped
 * IPv6 addresses (::ffff:10.0.0.1) count as the IPv4 address they carry. A name that is no IP address is not one.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return false;
  return privateAddresses.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}
