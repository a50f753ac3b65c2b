import { describe, expect, it } from 'vitest';
import { isPublicAddress, webhookUrlProblem } from '../../src/domain/webhook-target.js';

describe('isPublicAddress', () => {
  // One address inside each entry of the IANA IPv4 Special-Purpose Address Registry (and multicast).
  const V4_REGISTRY: Record<string, string> = {
    '0.0.0.0/8 this network': '0.1.2.3',
    '10.0.0.0/8 private': '10.1.2.3',
    '100.64.0.0/10 shared (CGN)': '100.127.255.255',
    '127.0.0.0/8 loopback': '127.0.0.1',
    '169.254.0.0/16 link-local': '169.254.169.254',
    '172.16.0.0/12 private': '172.31.255.255',
    '192.0.0.0/24 IETF protocol assignments': '192.0.0.100',
    '192.0.0.0/29 DS-Lite': '192.0.0.1',
    '192.0.0.8/32 IPv4 dummy': '192.0.0.8',
    '192.0.0.9/32 PCP anycast': '192.0.0.9',
    '192.0.0.10/32 TURN anycast': '192.0.0.10',
    '192.0.0.170/32 NAT64/DNS64 discovery': '192.0.0.170',
    '192.0.0.171/32 NAT64/DNS64 discovery': '192.0.0.171',
    '192.0.2.0/24 TEST-NET-1': '192.0.2.1',
    '192.31.196.0/24 AS112-v4': '192.31.196.1',
    '192.52.193.0/24 AMT': '192.52.193.1',
    '192.88.99.0/24 6to4 relay anycast': '192.88.99.1',
    '192.168.0.0/16 private': '192.168.1.1',
    '192.175.48.0/24 AS112 direct delegation': '192.175.48.1',
    '198.18.0.0/15 benchmarking': '198.19.255.255',
    '198.51.100.0/24 TEST-NET-2': '198.51.100.7',
    '203.0.113.0/24 TEST-NET-3': '203.0.113.9',
    '224.0.0.0/4 multicast': '239.255.255.250',
    '240.0.0.0/4 reserved': '240.0.0.1',
    '255.255.255.255/32 limited broadcast': '255.255.255.255',
  };

  // One address inside each entry of the IANA IPv6 Special-Purpose Address Registry.
  const V6_REGISTRY: Record<string, string> = {
    '::1/128 loopback': '::1',
    '::/128 unspecified': '::',
    '::ffff:0:0/96 IPv4-mapped': '::ffff:8.8.8.8',
    '64:ff9b:1::/48 local-use IPv4/IPv6 translation': '64:ff9b:1::7f00:1',
    '100::/64 discard-only': '100::1',
    '100:0:0:1::/64 dummy prefix': '100:0:0:1::1',
    '2001::/23 IETF protocol assignments': '2001:1ff::1',
    '2001::/32 Teredo': '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:1::1/128 PCP anycast': '2001:1::1',
    '2001:1::2/128 TURN anycast': '2001:1::2',
    '2001:1::3/128 DNS-SD SRP anycast': '2001:1::3',
    '2001:2::/48 benchmarking': '2001:2::1',
    '2001:3::/32 AMT': '2001:3::1',
    '2001:4:112::/48 AS112-v6': '2001:4:112::1',
    '2001:10::/28 ORCHID (deprecated)': '2001:10::1',
    '2001:20::/28 ORCHIDv2': '2001:20::1',
    '2001:30::/28 drone remote ID': '2001:30::1',
    '2001:db8::/32 documentation': '2001:db8::1',
    '2002::/16 6to4': '2002:808:808::1',
    '2620:4f:8000::/48 AS112 direct delegation': '2620:4f:8000::1',
    '3fff::/20 documentation': '3fff::1',
    '5f00::/16 segment routing SIDs': '5f00::1',
    'fc00::/7 unique local': 'fd12:3456::1',
    'fe80::/10 link-local': 'fe80::1%eth0',
  };

  it('refuses an address of every IPv4 special-purpose registry entry', () => {
    for (const [entry, address] of Object.entries(V4_REGISTRY)) expect(isPublicAddress(address), entry).toBe(false);
  });

  it('refuses an address of every IPv6 special-purpose registry entry', () => {
    for (const [entry, address] of Object.entries(V6_REGISTRY)) expect(isPublicAddress(address), entry).toBe(false);
  });

  it('refuses IPv6 outside global unicast 2000::/3: multicast, site-local, IPv4-compatible, IPv4-translated, unassigned', () => {
    for (const address of ['ff02::1', 'fec0::1', '::10.0.0.1', '::8.8.8.8', '::ffff:0:808:808', '::ffff:7f00:1', '4000::1', '1fff:ffff::1', 'e000::1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts public IPv4, including the neighbours of the reserved ranges', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '9.255.255.255', '11.0.0.0', '100.63.255.255', '100.128.0.0', '126.255.255.255', '128.0.0.1', '172.15.255.255', '172.32.0.0', '192.0.1.0', '192.167.255.255', '192.169.0.0', '198.17.255.255', '198.20.0.0', '223.255.255.255']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('accepts public IPv6 global unicast, including the neighbours of the special ranges', () => {
    for (const address of ['2a00:1450:4001:82a::200e', '2606:4700:4700::1111', '2001:200::1', '2001:db9::1', '2003::1', '2620:4f:8001::1', '3ffe:ffff::1', '3fff:1000::1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('judges the well-known NAT64 prefix 64:ff9b::/96 by the IPv4 address it carries', () => {
    expect(isPublicAddress('64:ff9b::5db8:d822')).toBe(true);
    expect(isPublicAddress('64:ff9b::8.8.8.8')).toBe(true);
    expect(isPublicAddress('64:ff9b::a00:1')).toBe(false);
    expect(isPublicAddress('64:ff9b::7f00:1')).toBe(false);
    expect(isPublicAddress('64:ff9b::a9fe:a9fe')).toBe(false);
  });

  it('is false for what is not an address', () => {
    expect(isPublicAddress('hooks.example.com')).toBe(false);
    expect(isPublicAddress('256.1.1.1')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
    for (const malformed of ['2a00::1::2', '2a00:1:2:3:4:5:6:7:8', '2a00:12345::1', '2a00:1:2:3:4:5:6', '2a00::1:2:3:4:5:6:7', '::ffff:1.2.3.999']) {
      expect(isPublicAddress(malformed), malformed).toBe(false);
    }
  });
});

describe('webhookUrlProblem', () => {
  it('allows http and loopback outside production, for the demo and tests', () => {
    expect(webhookUrlProblem('http://127.0.0.1:9000/hook', { production: false })).toBeNull();
    expect(webhookUrlProblem('http://localhost/hook', { production: false })).toBeNull();
  });

  it('in production wants https to a name or a public address', () => {
    expect(webhookUrlProblem('https://hooks.example.com/tessera?x=1', { production: true })).toBeNull();
    expect(webhookUrlProblem('https://93.184.216.34/', { production: true })).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/', { production: true })).toBe('must be https in production');
    expect(webhookUrlProblem('https://localhost/', { production: true })).toContain('localhost');
    expect(webhookUrlProblem('https://api.localhost/', { production: true })).toContain('localhost');
    expect(webhookUrlProblem('https://2130706433/', { production: true })).toContain('(127.0.0.1)');
    expect(webhookUrlProblem('https://[::1]:8443/', { production: true })).toContain('(::1)');
    expect(webhookUrlProblem('https://[fd00::5]/', { production: true })).toContain('(fd00::5)');
  });

  it('refuses what is no URL, other schemes, credentials and fragments everywhere', () => {
    expect(webhookUrlProblem('hooks.example.com/x', { production: false })).toContain('not an absolute URL');
    expect(webhookUrlProblem('file:///etc/passwd', { production: false })).toBe('must be an https URL');
    expect(webhookUrlProblem('https://a:b@hooks.example.com/', { production: false })).toContain('user name or password');
    expect(webhookUrlProblem('https://hooks.example.com/#x', { production: false })).toContain('#fragment');
    expect(webhookUrlProblem(`https://hooks.example.com/${'a'.repeat(2000)}`, { production: false })).toContain('2000');
  });
});
