import { giftCardSchema, MAX_BODY_BYTES } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { demoCard, lookupBody } from './helpers/demo.js';
import { refusal } from './helpers/flows.js';
import { useTestApp } from './helpers/test-app.js';

// Fixed "today": the demo expiry dates are relative to the load date.
const loadDate = new Date('2025-06-15T10:00:00Z');
const t = useTestApp({ now: () => loadDate });

function lookup(body: unknown, flowType: string | null = 'BALANCE', extraHeaders: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/GiftCard/',
    headers: { ...(flowType !== null && { 'x-flow-type': flowType }), ...extraHeaders },
    payload: body as Record<string, unknown>,
  });
}

/** A BALANCE lookup whose body goes out as written: for what no object would serialize to. */
function lookupRaw(payload: string, contentType = 'application/json') {
  return t.app.inject({ method: 'POST', url: '/api/GiftCard/', headers: { 'content-type': contentType, 'x-flow-type': 'BALANCE' }, payload });
}

describe('POST /api/GiftCard/ lookups', () => {
  it.each([
    ['GIFT_BALANCE', 2500, '2099-12-31'],
    ['GIFT_EMPTY', 0, '2099-12-31'],
    ['GIFT_GRACE', 1000, '2025-05-16'],
    ['GIFT_EXPIRED', 1000, '2023-06-15'],
    ['GIFT_NO_EXPIRY', 1200, null],
  ])('answers %s with its balance and expiry', async (name, balance, expiresAt) => {
    const res = await lookup(lookupBody(name));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const card = giftCardSchema.parse(res.json());
    expect(card).toEqual({
      code: demoCard(name).number.replaceAll(' ', ''),
      expiresAt,
      balances: [{ quantity: { value: balance, assetCode: 'EUR' } }],
      // The demo load is the card's history; an empty card was never loaded.
      transactions: balance === 0 ? [] : [{ kind: 'load', amount: { value: balance, assetCode: 'EUR' }, createdAt: loadDate.toISOString() }],
    });
  });

  it('accepts the number without spaces and the brand code in any case, for IDENTIFY too', async () => {
    const res = await lookup(lookupBody('GIFT_IDENTIFY', { giftCardNumber: '6064000000000000110', code: 'demo' }), 'IDENTIFY');
    expect(res.statusCode).toBe(200);
    expect(res.json().balances[0].quantity.value).toBe(2000);
  });

  it('adds resetUrl when asked and the brand offers RESET', async () => {
    const res = await lookup(lookupBody('GIFT_BALANCE', { showResetUrl: true }));
    expect(res.json().resetUrl).toBe('/demo/reset');
    const acme = await lookup(lookupBody('GIFT_ACME', { showResetUrl: true }));
    expect(acme.statusCode).toBe(200);
    expect(acme.json().resetUrl).toBeUndefined();
    expect(acme.json().balances[0].quantity.value).toBe(3500);
  });

  it('answers 404 CARD_NOT_FOUND for a wrong code, an unknown number, a Visa card and another brand', async () => {
    const wrongCode = await lookup(lookupBody('GIFT_REPLACE', { pinCode: '000000' }));
    const unknownNumber = await lookup(lookupBody('GIFT_REPLACE', { giftCardNumber: '6064 9999 9999 9999 999' }));
    const visa = await lookup(lookupBody('GIFT_REPLACE', { giftCardNumber: demoCard('VISA_ACTIVE').number, pinCode: 'Tq8m3x' }));
    const otherBrand = await lookup(lookupBody('GIFT_ACME', { code: 'DEMO' }));
    for (const res of [wrongCode, unknownNumber, visa, otherBrand]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'CARD_NOT_FOUND', message: expect.any(String) });
    }
    // Same answer whichever part was wrong.
    expect(wrongCode.body).toBe(unknownNumber.body);
  });
});

describe('POST /api/GiftCard/ refusals', () => {
  it('answers 404 THEME_NOT_FOUND for an unknown brand, before anything else', async () => {
    const res = await lookup({ code: 'NOBODY', giftCardNumber: 'x' }, null);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('THEME_NOT_FOUND');
  });

  it('answers 403 FLOW_UNAVAILABLE when the brand does not offer the flow (ACME + IDENTIFY)', async () => {
    const res = await lookup(lookupBody('GIFT_ACME'), 'IDENTIFY');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FLOW_UNAVAILABLE');
  });

  it('answers 400 VALIDATION_ERROR for a missing or foreign x-flow-type', async () => {
    for (const flow of [null, 'VISA', 'nonsense']) {
      const res = await lookup(lookupBody('GIFT_BALANCE'), flow);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'x-flow-type' })]);
    }
  });

  it('answers 400 CAPTCHA_INVALID when the token is missing or wrong', async () => {
    const missing = await lookup(lookupBody('GIFT_BALANCE', { 'g-recaptcha-response': undefined }));
    const wrong = await lookup(lookupBody('GIFT_BALANCE', { 'g-recaptcha-response': 'nope' }));
    for (const res of [missing, wrong]) expect(refusal(res)).toEqual({ status: 400, code: 'CAPTCHA_INVALID' });
  });

  it.each([
    ['malformed JSON', '{"code": "DEMO", "giftCardNumber": '],
    ['an empty body', ''],
  ])('answers 400 VALIDATION_ERROR for %s', async (_what, payload) => {
    expect(refusal(await lookupRaw(payload))).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('lists the missing fields', async () => {
    const res = await lookup({ code: 'DEMO' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.fields.map((f: { path: string }) => f.path).sort()).toEqual(['giftCardNumber', 'pinCode']);
  });

  it('lists fields of the wrong type', async () => {
    const res = await lookup({ code: 'DEMO', giftCardNumber: 6064000000000000, pinCode: 482913, showResetUrl: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path).sort()).toEqual(['giftCardNumber', 'pinCode', 'showResetUrl']);
  });

  it('refuses a field over its maximum length with 400 and a body over 16 KB with 413', async () => {
    const longField = await lookup(lookupBody('GIFT_BALANCE', { pinCode: 'a'.repeat(33) }));
    expect(longField.statusCode).toBe(400);
    expect(longField.json().fields).toEqual([expect.objectContaining({ path: 'pinCode' })]);
    const shortNumber = await lookup(lookupBody('GIFT_BALANCE', { giftCardNumber: '1234' }));
    expect(shortNumber.statusCode).toBe(400);
    const huge = await lookup(lookupBody('GIFT_BALANCE', { padding: 'x'.repeat(MAX_BODY_BYTES) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 415-free JSON errors for other content types and 404 NOT_FOUND for unknown API routes', async () => {
    const text = await lookupRaw('hello', 'text/plain');
    expect(text.statusCode).toBeLessThan(500);
    expect(text.json().code).toBeDefined();
    const unknown = await t.app.inject({ method: 'POST', url: '/api/Nothing', payload: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it('records an audit event for successes and refusals, without numbers or secrets', async () => {
    const events = await t.db.selectFrom('audit_events').selectAll().execute();
    expect(events.some((e) => e.outcome === 'success' && e.flow_type === 'BALANCE')).toBe(true);
    expect(events.some((e) => e.outcome === 'wrong_secret')).toBe(true);
    expect(events.some((e) => e.outcome === 'card_not_found')).toBe(true);
    expect(events.some((e) => e.outcome === 'captcha_invalid')).toBe(true);
    const dump = JSON.stringify(events);
    expect(dump).not.toMatch(/\d{16}/);
    expect(dump).not.toContain('482913');
    expect(events.every((e) => e.client === null || /\/(24|48)$/.test(e.client))).toBe(true);
  });
});
