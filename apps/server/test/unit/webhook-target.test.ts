import { describe, expect, it } from 'vitest';
import { isPublicAddress, webhookUrlProblem } from '../../src/domain/webhook-target.js';

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, shared, documentation, multicast and reserved IPv4', () => {
    for (const address of ['0.0.0.0', '10.1.2.3', '100.64.0.1', '100.127.255.255', '127.0.0.1', '127.255.255.254', '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.0.0.8', '192.0.2.1', '192.168.1.1', '198.18.0.1', '198.19.255.255', '198.51.100.7', '203.0.113.9', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts public IPv4, including the neighbours of the reserved ranges', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '9.255.255.255', '11.0.0.0', '100.63.255.255', '100.128.0.0', '126.255.255.255', '128.0.0.1', '172.15.255.255', '172.32.0.0', '192.167.255.255', '192.169.0.0', '198.17.255.255', '198.20.0.0', '223.255.255.255']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('judges IPv6, and IPv4 carried inside IPv6 by its IPv4 address', () => {
    for (const address of ['::', '::1', 'fc00::1', 'fd12:3456::1', 'fe80::1%eth0', 'fec0::1', 'ff02::1', '2001:db8::1', '100::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '2002:a00:1::1', '::10.0.0.1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['2606:4700:4700::1111', '2a00:1450:400e:80f::200e', '::ffff:93.184.216.34', '64:ff9b::5db8:d822', '2002:5db8:d822::1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('is false for what is not an address', () => {
    expect(isPublicAddress('hooks.example.com')).toBe(false);
    expect(isPublicAddress('256.1.1.1')).toBe(false);
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
