/**
 * Where a brand's webhook may point (docs/brand-api.md#webhooks). In production a webhook URL is
 * https and never reaches the server's own network: an endpoint that resolved to a loopback,
 * private, link-local (cloud metadata at 169.254.169.254) or otherwise special address would let
 * whoever manages a brand's webhooks make the server call inside the operator's network. The URL
 * is checked when it is added; each address it resolves to is checked again at every delivery,
 * after DNS resolution (adapters/webhook), so a name that later resolves elsewhere is refused too.
 */

/** Why this URL cannot be a webhook endpoint, or null when it can. */
export function webhookUrlProblem(raw: string, options: { production: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not an absolute URL (https://…)';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL';
  if (url.username !== '' || url.password !== '') return 'may not carry a user name or password';
  if (url.hash !== '') return 'may not carry a #fragment';
  if (raw.length > 2000) return 'is longer than 2000 characters';
  if (!options.production) return null;
  if (url.protocol !== 'https:') return 'must be https in production';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'may not point at this machine (localhost) in production';
  if (ipVersion(host) !== 0 && !isPublicAddress(host)) return `may not point at a loopback, private or reserved address (${host}) in production`;
  return null;
}

/**
 * Whether an IP address is a public unicast address: not loopback, private (RFC 1918, unique
 * local), carrier-grade NAT, link-local, multicast, documentation, benchmarking or otherwise
 * reserved. IPv4-mapped and NAT64 IPv6 addresses are judged by the IPv4 address they carry.
 */
export function isPublicAddress(address: string): boolean {
  const version = ipVersion(address);
  if (version === 4) return isPublicV4(v4ToNumber(address));
  if (version === 6) return isPublicV6(address);
  return false;
}

/**
 * 4 or 6 for an address as DNS answers it or as the URL parser writes a host (which turns every
 * IPv4 spelling, 0x7f.1 or 2130706433, into dotted decimal), 0 for a name.
 */
function ipVersion(text: string): 0 | 4 | 6 {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) return text.split('.').every((p) => Number(p) <= 255) ? 4 : 0;
  if (text.includes(':') && /^[0-9a-f:.]+(%.+)?$/i.test(text)) return 6;
  return 0;
}

const V4_RESERVED: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function v4ToNumber(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function isPublicV4(n: number): boolean {
  return V4_RESERVED.every(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4ToNumber(base);
    return n < start || n >= start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail counts as two). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4ToNumber(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const zeros = tail === undefined ? 0 : 8 - front.length - back.length;
  return [...front, ...Array<number>(zeros).fill(0), ...back];
}

function isPublicV6(address: string): boolean {
  const g = v6Groups(address);
  const first = g[0]!;
  const allZeroUntil = (end: number) => g.slice(0, end).every((x) => x === 0);
  const embeddedV4 = (g[6]! << 16) + g[7]!;
  if (allZeroUntil(7) && (g[7] === 0 || g[7] === 1)) return false; // :: and ::1
  if (allZeroUntil(5) && g[5] === 0xffff) return isPublicV4(embeddedV4 >>> 0); // IPv4-mapped
  if (first === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return isPublicV4(embeddedV4 >>> 0); // NAT64
  if (allZeroUntil(6)) return false; // IPv4-compatible (deprecated)
  if ((first & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((first & 0xffc0) === 0xfec0) return false; // site-local (deprecated) fec0::/10
  if ((first & 0xff00) === 0xff00) return false; // multicast
  if (first === 0x2001 && g[1] === 0x0db8) return false; // documentation
  if (first === 0x0100 && g.slice(1, 4).every((x) => x === 0)) return false; // discard 100::/64
  if (first === 0x2002) return isPublicV4(((g[1]! << 16) + g[2]!) >>> 0); // 6to4 carries an IPv4 address
  return true;
}
