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
 * Whether an IP address may be a webhook's: a public unicast address. IPv4: any but the entries of
 * the IANA IPv4 Special-Purpose Address Registry and multicast. IPv6: only global unicast
 * (2000::/3) minus the entries of the IANA IPv6 Special-Purpose Address Registry inside it, so
 * loopback, IPv4-mapped, the local-use NAT64 prefix, unique and link-local, multicast and whatever
 * is assigned later outside 2000::/3 are refused without being listed. The one exception is the
 * well-known NAT64 prefix 64:ff9b::/96 (globally reachable in the registry; a server on an
 * IPv6-only network with DNS64 sees every IPv4-only host there): judged by the IPv4 address it
 * carries. Tunnels that carry an IPv4 address (Teredo, 6to4) are refused outright: the relay
 * they go through is outside our control.
 */
export function isPublicAddress(address: string): boolean {
  const version = ipVersion(address);
  if (version === 4) return !inAny(v4Number(address), 32, V4_SPECIAL);
  if (version !== 6) return false;
  const n = v6Number(address);
  if (n === null) return false;
  if (inRange(n, 128, WELL_KNOWN_NAT64)) return isPublicAddress(v4Text(n & 0xffffffffn));
  return inRange(n, 128, V6_GLOBAL_UNICAST) && !inAny(n, 128, V6_SPECIAL);
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

/** A prefix: the address it starts at (as a number) and how many leading bits are fixed. */
type Range = readonly [bigint, number];

const inRange = (n: bigint, width: number, [base, bits]: Range) => n >> BigInt(width - bits) === base >> BigInt(width - bits);
const inAny = (n: bigint, width: number, ranges: readonly Range[]) => ranges.some((range) => inRange(n, width, range));

function v4Number(address: string): bigint {
  return address.split('.').reduce((n, part) => (n << 8n) + BigInt(part), 0n);
}

const v4Text = (n: bigint) => [24n, 16n, 8n, 0n].map((shift) => String((n >> shift) & 0xffn)).join('.');

/** An IPv6 address (an embedded dotted IPv4 tail counts as two groups; a zone is dropped) as a number, or null when malformed. */
function v6Number(address: string): bigint | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    if (ipVersion(dotted[1]!) !== 4) return null;
    const n = v4Number(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const front = parse(halves[0]!);
  const back = halves.length === 2 ? parse(halves[1]!) : [];
  const zeros = halves.length === 2 ? 8 - front.length - back.length : 0;
  const groups = [...front, ...Array<string>(Math.max(zeros, 0)).fill('0'), ...back];
  if (groups.length !== 8 || (halves.length === 2 && zeros < 1) || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.reduce((n, g) => (n << 16n) + BigInt(parseInt(g, 16)), 0n);
}

const v4 = (base: string, bits: number): Range => [v4Number(base), bits];
const v6 = (base: string, bits: number): Range => [v6Number(base)!, bits];

/** The IANA IPv4 Special-Purpose Address Registry (every entry, as of 2025), and multicast. */
const V4_SPECIAL: readonly Range[] = [
  v4('0.0.0.0', 8), // "this" network (RFC 791)
  v4('10.0.0.0', 8), // private (RFC 1918)
  v4('100.64.0.0', 10), // shared address space, carrier-grade NAT (RFC 6598)
  v4('127.0.0.0', 8), // loopback
  v4('169.254.0.0', 16), // link-local: cloud metadata services live here
  v4('172.16.0.0', 12), // private
  v4('192.0.0.0', 24), // IETF protocol assignments, with DS-Lite, PCP and TURN anycast, NAT64 discovery inside
  v4('192.0.2.0', 24), // documentation TEST-NET-1
  v4('192.31.196.0', 24), // AS112-v4
  v4('192.52.193.0', 24), // AMT
  v4('192.88.99.0', 24), // deprecated 6to4 relay anycast
  v4('192.168.0.0', 16), // private
  v4('192.175.48.0', 24), // direct delegation AS112 service
  v4('198.18.0.0', 15), // benchmarking
  v4('198.51.100.0', 24), // documentation TEST-NET-2
  v4('203.0.113.0', 24), // documentation TEST-NET-3
  v4('224.0.0.0', 4), // multicast (its own registry)
  v4('240.0.0.0', 4), // reserved, with the limited broadcast 255.255.255.255
];

/**
 * The IANA IPv6 Special-Purpose Address Registry's entries inside 2000::/3 (as of 2025); those
 * outside it (::1, ::, ::ffff:0:0/96, 64:ff9b:1::/48, 100::/64, 100:0:0:1::/64, 5f00::/16,
 * fc00::/7, fe80::/10) are refused for not being global unicast.
 */
const V6_SPECIAL: readonly Range[] = [
  v6('2001::', 23), // IETF protocol assignments: Teredo 2001::/32, PCP/TURN/DNS-SD anycast, benchmarking 2001:2::/48, AMT, AS112, ORCHID, drone IDs
  v6('2001:db8::', 32), // documentation
  v6('2002::', 16), // 6to4
  v6('2620:4f:8000::', 48), // direct delegation AS112 service
  v6('3fff::', 20), // documentation
];

const V6_GLOBAL_UNICAST = v6('2000::', 3);
const WELL_KNOWN_NAT64 = v6('64:ff9b::', 96);
