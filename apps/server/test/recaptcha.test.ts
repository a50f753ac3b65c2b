import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecaptchaCaptcha, RECAPTCHA_TOKEN_MAX_AGE_MS } from '../src/adapters/captcha/recaptcha.js';
import { lookupBody } from './helpers/demo.js';
import { createTestApp } from './helpers/test-app.js';

// A local stand-in for Google's siteverify: the adapter makes a real HTTP call, never to Google.
// The token names what the stand-in answers: good-TOKEN (solved on cards.example.com just now),
// elsewhere-TOKEN (solved on another host), stale-TOKEN (solved before a token's life), bad-TOKEN.
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
      const token = params.get('response') ?? '';
      const secretOk = params.get('secret') === 'server-secret';
      const solvedAt = new Date(Date.now() - (token.startsWith('stale-') ? RECAPTCHA_TOKEN_MAX_AGE_MS + 5000 : 3000));
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          success: secretOk && !token.startsWith('bad-'),
          challenge_ts: solvedAt.toISOString().replace(/\.\d+Z$/, 'Z'),
          hostname: token.startsWith('elsewhere-') ? 'evil.example' : 'cards.example.com',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const adapter = (overrides: Partial<Parameters<typeof createRecaptchaCaptcha>[0]> = {}) =>
  createRecaptchaCaptcha({
    secret: 'server-secret',
    siteKey: 'site-key',
    verifyUrl: url,
    expectedHostname: 'cards.example.com',
    scriptOrigin: 'https://www.google.com',
    ...overrides,
  });

describe('reCAPTCHA adapter', () => {
  it('answers the site key and where the widget loads from, and verifies tokens with the verify endpoint', async () => {
    const captcha = adapter();
    expect(captcha.key()).toEqual({ provider: 'recaptcha', key: 'site-key', scriptOrigin: 'https://www.google.com' });
    const good = await captcha.verify('good-token', '203.0.113.9');
    expect(good.ok).toBe(true);
    expect(good.uniqueId).toMatch(/^recaptcha:/);
    expect((await captcha.verify('bad-token', undefined)).ok).toBe(false);
    expect(received.find((p) => p.get('response') === 'good-token')?.get('remoteip')).toBe('203.0.113.9');
  });

  it('refuses a token solved on another host name, or longer ago than a token lives', async () => {
    const captcha = adapter();
    expect((await captcha.verify('elsewhere-token', undefined)).ok).toBe(false);
    expect((await captcha.verify('stale-token', undefined)).ok).toBe(false);
    // The host name is compared without regard to case (DNS names are case-insensitive).
    expect((await adapter({ expectedHostname: 'Cards.Example.COM' }).verify('good-token', undefined)).ok).toBe(true);
  });

  it('refuses when the verify endpoint cannot be reached', async () => {
    const captcha = adapter({ verifyUrl: 'http://127.0.0.1:1/siteverify', timeoutMs: 500 });
    expect((await captcha.verify('good-token', undefined)).ok).toBe(false);
  });
});

describe('a reCAPTCHA deployment', () => {
  const env = (domain?: string) => ({
    CAPTCHA_PROVIDER: 'recaptcha',
    RECAPTCHA_SECRET: 'server-secret',
    RECAPTCHA_SITE_KEY: 'site-key',
    RECAPTCHA_VERIFY_URL: url,
    PUBLIC_URL: 'http://cards.example.com:8080',
    PIN_FRAME_URL: 'http://pin.cards.example.com:8080',
    ...(domain && { RECAPTCHA_DOMAIN: domain }),
  });

  it('lets the portal load Google’s script and frames (and nothing else of Google’s) and takes a token solved on its host', async () => {
    const t = await createTestApp({ env: env() });
    try {
      const page = await t.app.inject({ url: '/demo/balance' });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;");
      expect(csp).toContain('frame-src http://pin.cards.example.com:8080 https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/;');
      expect(csp).toContain("connect-src 'self' https://www.google.com/recaptcha/;");
      expect((await t.app.inject({ url: '/api/Utility/Recaptcha' })).json()).toEqual({
        provider: 'recaptcha',
        key: 'site-key',
        scriptOrigin: 'https://www.google.com',
      });
      const lookup = (token: string) =>
        t.app.inject({ method: 'POST', url: '/api/GiftCard/', headers: { 'x-flow-type': 'BALANCE' }, payload: lookupBody('GIFT_BALANCE', { 'g-recaptcha-response': token }) });
      expect((await lookup('good-lookup')).statusCode).toBe(200);
      for (const token of ['elsewhere-lookup', 'stale-lookup', 'bad-lookup']) {
        const refused = await lookup(token);
        expect(refused.statusCode, token).toBe(400);
        expect(refused.json().code).toBe('CAPTCHA_INVALID');
      }
    } finally {
      await t.close();
    }
  });

  it('loads from recaptcha.net when RECAPTCHA_DOMAIN says so; an ALTCHA deployment allows no Google origin', async () => {
    const net = await createTestApp({ env: env('www.recaptcha.net') });
    try {
      const csp = String((await net.app.inject({ url: '/demo/balance' })).headers['content-security-policy']);
      expect(csp).toContain('https://www.recaptcha.net/recaptcha/ https://www.gstatic.com/recaptcha/');
      expect(csp).toContain('https://recaptcha.net/recaptcha/');
      expect(csp).not.toContain('www.google.com');
      expect((await net.app.inject({ url: '/api/Utility/Recaptcha' })).json().scriptOrigin).toBe('https://www.recaptcha.net');
    } finally {
      await net.close();
    }
    const altcha = await createTestApp({ env: { CAPTCHA_PROVIDER: 'altcha' } });
    try {
      const csp = String((await altcha.app.inject({ url: '/demo/balance' })).headers['content-security-policy']);
      expect(csp).not.toMatch(/google|gstatic|recaptcha/);
    } finally {
      await altcha.close();
    }
  });
});
