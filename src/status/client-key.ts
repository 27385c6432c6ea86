/**
 * The key the password-guess limit counts a client under: an IPv4 address as it is, an IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.7`, what a dual-stack listener reports for IPv4 clients) as its IPv4 address, and any other
 * IPv6 address by its /64 prefix. One machine commonly holds a whole /64 (privacy addresses rotate inside it,
 * and a hosting provider hands out at least that much), so counting single IPv6 addresses would give an attacker
 * 2^64 fresh buckets.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
export function ipv6Groups(address: string): number[] | undefined {
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return undefined;
  let text = bare.toLowerCase();
  // A trailing dotted IPv4 part (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) is two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1] !== undefined && dotted[2] !== undefined) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[2].split('.').map(Number);
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string): number[] => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  const zeros = 8 - front.length - back.length;
  return [...front, ...Array<number>(tail === undefined ? 0 : zeros).fill(0), ...back];
}

/** The limit's bucket for a client address (see the module comment); anything unreadable counts as itself. */
export function clientKey(address: string): string {
  const trimmed = address.trim();
  if (isIPv4(trimmed)) return trimmed;
  const groups = ipv6Groups(trimmed);
  if (!groups) return trimmed;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
