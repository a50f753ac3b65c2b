/**
 * Audit events keep a truncated client address: IPv4 to its /24, IPv6 to its /48. Enough to see
 * abuse coming from one network, not enough to point at one person.
 */
export function truncateAddress(address: string | undefined): string | null {
  if (!address) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (address.includes(':')) {
    const [head] = address.split('::');
    const groups = (head ?? '').split(':').filter(Boolean);
    const first = [...groups, '0', '0', '0'].slice(0, 3);
    return `${first.join(':')}::/48`;
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const [head = '', tail, extra] = address.split('::');
  if (extra !== undefined) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  // An embedded IPv4 tail (::ffff:192.0.2.1) is two groups.
  const last = right.length > 0 ? right : left;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(last.at(-1) ?? '');
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * The key a client's requests are counted under by the per-address rate limits: an IPv4 address
 * as it is, an IPv6 address by its /64. One IPv6 subscriber is given a whole /64 (RFC 6177), so
 * counting per address would let one phone make 2^64 fresh addresses and never be limited.
 */
export function rateLimitKey(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.exec(address);
  if (v4) return v4[1]!;
  const groups = ipv6Groups(address.replace(/%.*$/, ''));
  if (!groups) return address;
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}
