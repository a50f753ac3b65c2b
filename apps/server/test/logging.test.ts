import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { demoCard, lookupBody } from './helpers/demo.js';
import { createTestApp, useTestApp } from './helpers/test-app.js';

// Everything the server logs during these tests, as raw text.
let logged = '';
const sink = new Writable({
  write(chunk, _encoding, done) {
    logged += chunk.toString();
    done();
  },
});

const t = useTestApp({ logger: createLogger({ logLevel: 'trace' }, sink) });

const lookup = (body: Record<string, unknown>, flowType = 'BALANCE') =>
  t.app.inject({ method: 'POST', url: '/api/GiftCard/', headers: { 'x-flow-type': flowType }, payload: body });

describe('log redaction', () => {
  it('never writes a card number, secret or captcha token to the log', async () => {
    const card = demoCard('GIFT_BALANCE');
    await lookup(lookupBody('GIFT_BALANCE'));
    await lookup(lookupBody('GIFT_BALANCE', { pinCode: '999888' }));
    await lookup(lookupBody('GIFT_BALANCE', { giftCardNumber: '6064 1111 2222 3333 444' }));
    await lookup(lookupBody('GIFT_BALANCE', { 'g-recaptcha-response': 'secret-captcha-token' }));
    await lookup(lookupBody('GIFT_BALANCE', { pinCode: 'x'.repeat(40) + '482913' }));
    await lookup(lookupBody('GIFT_BALANCE'), 'IDENTIFY');
    await t.app.inject({
      method: 'POST',
      url: '/api/GiftCard/',
      headers: { 'content-type': 'application/json', 'x-flow-type': 'BALANCE' },
      payload: `{"giftCardNumber": "${card.number}", "pinCode": "482913"`,
    });
    // Logging an object by hand is redacted too.
    t.app.log.info({ cardNumber: card.number, body: { pinCode: '482913' }, nested: { securityCode: '482913' } }, 'manual');

    expect(logged.length).toBeGreaterThan(0);
    expect(logged).toContain('request completed');
    // Numbers in a line (time, responseTime) are not data from the request, and a timestamp may
    // contain any six digits by chance: only the strings and keys of each line are searched.
    const digits = logged
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.stringify(JSON.parse(line, (_key, value: unknown) => (typeof value === 'number' ? 0 : value))))
      .join('\n')
      .replace(/\s/g, '');
    for (const secret of [card.number.replaceAll(' ', ''), '6064111122223333444', '482913', '999888', 'secret-captcha-token', 'test-pass']) {
      expect(digits, secret).not.toContain(secret);
    }
    expect(logged).not.toContain(card.number);
  });

  it('censors the recipient a tester filters the local outbox by', async () => {
    logged = '';
    const res = await t.app.inject({ url: '/dev/outbox?to=Tester.Person%40example.com&x=1' });
    expect(res.statusCode).toBe(200);
    const phone = await t.app.inject({ url: '/dev/outbox?to=%2B31612345678' });
    expect(phone.statusCode).toBe(200);
    expect(logged).toContain('/dev/outbox?to=[redacted]&x=1');
    expect(logged).toContain('/dev/outbox?to=[redacted]"');
    expect(logged.toLowerCase()).not.toContain('tester.person');
    expect(logged).not.toContain('31612345678');
  });
});

describe('request ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const idsLogged = () =>
    logged
      .split('\n')
      .filter((line) => line.includes('request completed'))
      .map((line) => (JSON.parse(line) as { reqId: string }).reqId);

  it('gives every request a fresh UUID, answers it in X-Request-Id and logs it; a client cannot choose it', async () => {
    logged = '';
    const a = await t.app.inject({ url: '/api/theme/demo', headers: { 'x-request-id': 'chosen-by-client' } });
    const b = await t.app.inject({ url: '/api/theme/demo' });
    const [idA, idB] = [String(a.headers['x-request-id']), String(b.headers['x-request-id'])];
    expect(idA).toMatch(UUID);
    expect(idB).toMatch(UUID);
    expect(idA).not.toBe(idB);
    expect(idsLogged()).toEqual([idA, idB]);
  });

  it('takes the id a trusted proxy sends, unless it could forge a log line', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' }, logger: createLogger({ logLevel: 'info' }, sink) });
    try {
      logged = '';
      const res = await proxied.app.inject({ url: '/api/theme/demo', headers: { 'x-request-id': 'caddy-7f3a.42' } });
      expect(res.headers['x-request-id']).toBe('caddy-7f3a.42');
      for (const forged of ['two words', 'x'.repeat(129), 'line\nbreak', '"quoted"']) {
        const refused = await proxied.app.inject({ url: '/api/theme/demo', headers: { 'x-request-id': forged } });
        expect(String(refused.headers['x-request-id']), forged).toMatch(UUID);
      }
      expect(idsLogged()[0]).toBe('caddy-7f3a.42');
    } finally {
      await proxied.close();
    }
  });
});

