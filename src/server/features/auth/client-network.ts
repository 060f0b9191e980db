import { isIPv4, isIPv6 } from 'node:net';

/** Bits of an IPv6 address kept: a home or office line is usually given a whole /56 (as @fastify/rate-limit). */
const ipv6PrefixBits = 56;

function expandIPv6(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const parse = (part: string) => (part ? part.split(':') : []);
  const toGroups = (parts: string[]) =>
    parts.flatMap((part) => {
      if (!isIPv4(part)) return [Number.parseInt(part, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
      return [a * 256 + b, c * 256 + d];
    });
  const headGroups = toGroups(parse(head));
  const tailGroups = toGroups(parse(tail ?? ''));
  const missing = 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<number>(Math.max(0, missing)).fill(0), ...tailGroups];
}

/**
 * The network a login attempt comes from, as the login throttle counts it: an IPv4 address as it is (also when
 * written IPv4-mapped), an IPv6 address cut to its /56, so that one customer cannot step through the addresses of
 * their own line to dodge the limit.
 */
export function toClientNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address.toLowerCase();
  const groups = expandIPv6(address.toLowerCase().split('%')[0] ?? '');
  const kept = groups.map((group, index) => {
    const firstBit = index * 16;
    if (firstBit + 16 <= ipv6PrefixBits) return group;
    if (firstBit >= ipv6PrefixBits) return 0;
    const keptBits = ipv6PrefixBits - firstBit;
    return group & (0xffff << (16 - keptBits)) & 0xffff;
  });
  return `${kept.map((group) => group.toString(16)).join(':')}/${ipv6PrefixBits}`;
}
