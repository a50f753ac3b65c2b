import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecaptchaCaptcha } from '../src/adapters/captcha/recaptcha.js';

// A local stand-in for Google's siteverify: the adapter makes a real HTTP call, never to Google.
let server: Server;
let url: string;
const received: URLSearchParams[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      received.push(params);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: params.get('response') === 'good-token' && params.get('secret') === 'server-secret' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('reCAPTCHA adapter', () => {
  it('answers the site key and verifies tokens with the verify endpoint', async () => {
    const captcha = createRecaptchaCaptcha({ secret: 'server-secret', siteKey: 'site-key', verifyUrl: url });
    expect(captcha.key()).toEqual({ provider: 'recaptcha', key: 'site-key' });
    const good = await captcha.verify('good-token', '203.0.113.9');
    expect(good.ok).toBe(true);
    expect(good.uniqueId).toMatch(/^recaptcha:/);
    expect((await captcha.verify('bad-token', undefined)).ok).toBe(false);
    expect(received[0]?.get('remoteip')).toBe('203.0.113.9');
  });

  it('refuses when the verify endpoint cannot be reached', async () => {
    const captcha = createRecaptchaCaptcha({ secret: 's', siteKey: 'k', verifyUrl: 'http://127.0.0.1:1/siteverify', timeoutMs: 500 });
    expect((await captcha.verify('good-token', undefined)).ok).toBe(false);
  });
});
