import { BlockList, isIP } from 'node:net';

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
  const plain = address.replace(/%.*$/, ''); // a zone (fe80::1%eth0) only names the interface
  const version = isIP(plain);
  if (version === 4) return !V4_SPECIAL.check(plain, 'ipv4');
  if (version !== 6) return false;
  if (WELL_KNOWN_NAT64.check(plain, 'ipv6')) return isPublicAddress(embeddedV4(plain));
  return V6_GLOBAL_UNICAST.check(plain, 'ipv6') && !V6_SPECIAL.check(plain, 'ipv6');
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

function blockList(family: 'ipv4' | 'ipv6', ranges: readonly (readonly [string, number])[]): BlockList {
  const list = new BlockList();
  for (const [base, bits] of ranges) list.addSubnet(base, bits, family);
  return list;
}

/** The IANA IPv4 Special-Purpose Address Registry (every entry, as of 2025), and multicast. */
const V4_SPECIAL_RANGES: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this" network (RFC 791)
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // shared address space, carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local: cloud metadata services live here
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments, with DS-Lite, PCP and TURN anycast, NAT64 discovery inside
  ['192.0.2.0', 24], // documentation TEST-NET-1
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // direct delegation AS112 service
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation TEST-NET-2
  ['203.0.113.0', 24], // documentation TEST-NET-3
  ['224.0.0.0', 4], // multicast (its own registry)
  ['240.0.0.0', 4], // reserved, with the limited broadcast 255.255.255.255
];

/**
 * The IANA IPv6 Special-Purpose Address Registry's entries inside 2000::/3 (as of 2025); those
 * outside it (::1, ::, ::ffff:0:0/96, 64:ff9b:1::/48, 100::/64, 100:0:0:1::/64, 5f00::/16,
 * fc00::/7, fe80::/10) are refused for not being global unicast.
 */
const V6_SPECIAL_RANGES: readonly (readonly [string, number])[] = [
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, PCP/TURN/DNS-SD anycast, benchmarking 2001:2::/48, AMT, AS112, ORCHID, drone IDs
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['2620:4f:8000::', 48], // direct delegation AS112 service
  ['3fff::', 20], // documentation
];

const V4_SPECIAL = blockList('ipv4', V4_SPECIAL_RANGES);
const V6_GLOBAL_UNICAST = blockList('ipv6', [['2000::', 3]]);
const V6_SPECIAL = blockList('ipv6', V6_SPECIAL_RANGES);
const WELL_KNOWN_NAT64 = blockList('ipv6', [['64:ff9b::', 96]]);

/** The IPv4 address in an IPv6 address's last 32 bits, dotted. */
function embeddedV4(address: string): string {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) return dotted[1]!;
  const groups = address.split(':');
  const [high, low] = groups.slice(-2).map((g) => parseInt(g || '0', 16)) as [number, number];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}
