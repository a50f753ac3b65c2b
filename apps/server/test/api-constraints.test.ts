import { describe, expect, it } from 'vitest';
import { servedDocument } from './helpers/api-document.js';
import { apiClient, apiKeyFor, eur } from './helpers/brand-api.js';
import { demoCard, lookupBody } from './helpers/demo.js';
import { useTestApp } from './helpers/test-app.js';

// What the API document publishes as a constraint is what the server refuses (openapi.test.ts
// checks the document's side): integers in digits, two-letter cultures, the card's currency, real
// dates, card numbers of digits, and the Idempotency-Key's bounds.
const t = useTestApp();
const V1 = '/api/v1';

const fieldsOf = (res: { json: () => { fields?: { path: string; message: string }[] } }) => res.json().fields?.map((f) => f.path) ?? [];

async function client() {
  return apiClient(t.app, await apiKeyFor(t));
}

async function issuedCard(api: Awaited<ReturnType<typeof client>>, extra: Record<string, unknown> = {}) {
  const res = await api.post(`${V1}/cards`, { kind: 'giftcard', balance: eur(1000), ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; cardNumber: string };
}

describe('integer query parameters', () => {
  it('takes limit in decimal digits only, within 1 to 100, 20 when absent', async () => {
    const api = await client();
    const card = await issuedCard(api);
    for (const limit of ['1e2', '0x10', '5.0', '+5', '%205', '', '0', '101']) {
      const res = await api.get(`${V1}/cards/${card.id}/transactions?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().code, limit).toBe('VALIDATION_ERROR');
      expect(fieldsOf(res), limit).toEqual(['limit']);
    }
    expect((await api.get(`${V1}/cards/${card.id}/transactions?limit=100`)).statusCode).toBe(200);
    expect((await api.get(`${V1}/cards/${card.id}/transactions?limit=007`)).statusCode).toBe(200);
    expect((await api.get(`${V1}/cards/${card.id}/transactions`)).json().items).toHaveLength(1);
  });
});

describe('the Idempotency-Key', () => {
  it('is refused as IDEMPOTENCY_KEY_REQUIRED before the body is judged, and nothing changes', async () => {
    const api = await client();
    const card = await issuedCard(api);
    for (const key of [null, 'k'.repeat(256)]) {
      const res = await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: { value: -1, assetCode: 'eur' }, extra: true }, key);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    }
    expect((await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(100) }, 'k')).statusCode).toBe(201);
    expect((await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(100) }, 'k'.repeat(255))).statusCode).toBe(201);
    const balance = (await api.get(`${V1}/cards/${card.id}`)).json().balances[0];
    expect(balance).toEqual(eur(800));
  });
});

describe('the currency of an amount', () => {
  it('is three upper-case letters and the card’s own', async () => {
    const api = await client();
    const card = await issuedCard(api);
    for (const assetCode of ['eur', 'EURO', '', 'E1R', 'NO_ASSET']) {
      const res = await api.post(`${V1}/cards/${card.id}/loads`, { amount: { value: 100, assetCode } });
      expect(res.statusCode, assetCode).toBe(400);
      expect(fieldsOf(res), assetCode).toEqual(['amount.assetCode']);
    }
    const other = await api.post(`${V1}/cards/${card.id}/loads`, { amount: { value: 100, assetCode: 'USD' } });
    expect(other.statusCode).toBe(400);
    expect(fieldsOf(other)).toEqual(['amount.assetCode']);
    const issue = await api.post(`${V1}/cards`, { kind: 'giftcard', balance: { value: 100, assetCode: 'eur' } });
    expect(fieldsOf(issue)).toEqual(['balance.assetCode']);
    expect((await api.get(`${V1}/cards/${card.id}`)).json().balances[0]).toEqual(eur(1000));
  });
});

describe('dates', () => {
  it('takes a real calendar date for a card’s expiry', async () => {
    const api = await client();
    for (const expiresAt of ['2099-02-30', '2099-13-01', '2099-1-01', '20990101']) {
      const res = await api.post(`${V1}/cards`, { kind: 'giftcard', balance: eur(100), expiresAt });
      expect(res.statusCode, expiresAt).toBe(400);
      expect(fieldsOf(res), expiresAt).toEqual(['expiresAt']);
    }
    expect((await issuedCard(api, { expiresAt: '2096-02-29' })).id).toBeTruthy();
  });
});

describe('card numbers', () => {
  it('are 16 to 19 digits, with spaces or punctuation between them', async () => {
    const api = await client();
    const card = await issuedCard(api);
    const grouped = card.cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
    expect((await api.post(`${V1}/cards/lookup`, { cardNumber: grouped })).json().id).toBe(card.id);
    expect((await api.post(`${V1}/cards/lookup`, { cardNumber: card.cardNumber.replace(/(\d{4})(?=\d)/g, '$1-') })).json().id).toBe(card.id);
    const cases: [string, string][] = [
      [`${card.cardNumber.slice(0, -1)}A`, 'card number must contain digits only'],
      ['1234 5678 9012 345', 'card number must have at least 16 digits'],
      ['1'.repeat(20), 'card number must have at most 19 digits'],
    ];
    for (const [cardNumber, message] of cases) {
      const res = await api.post(`${V1}/cards/lookup`, { cardNumber });
      expect(res.statusCode, cardNumber).toBe(400);
      expect(res.json().fields, cardNumber).toEqual([{ path: 'cardNumber', message }]);
    }
  });

  it('are checked the same way by the portal’s calls', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/GiftCard/',
      headers: { 'x-flow-type': 'BALANCE' },
      payload: { code: 'DEMO', giftCardNumber: `${demoCard('GIFT_BALANCE').number.slice(0, -1)}x`, pinCode: 'abc123', 'g-recaptcha-response': 'test-pass' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'giftCardNumber', message: 'card number must contain digits only' }]);
  });
});

describe('cultures', () => {
  it('are two letters in any case, nl when absent', async () => {
    for (const culture of ['NL', 'En', 'de']) expect((await t.app.inject({ url: `/api/translations/demo?culture=${culture}` })).statusCode, culture).toBe(200);
    for (const culture of ['nld', 'n', 'n1', '%20nl', 'nl-NL']) {
      const res = await t.app.inject({ url: `/api/translations/demo?culture=${culture}` });
      expect(res.statusCode, culture).toBe(400);
      expect(fieldsOf(res), culture).toEqual(['culture']);
    }
    const absent = (await t.app.inject({ url: '/api/translations/demo' })).json();
    expect(absent).toEqual((await t.app.inject({ url: '/api/translations/demo?culture=nl' })).json());
  });
});

describe('the headers the document names', () => {
  it('are on the answers it names them for', async () => {
    const { doc } = await servedDocument(t.app);
    const declared = (path: string, method: string, status: string) => Object.keys(doc.paths[path][method].responses[status].headers ?? {}).map((h) => h.toLowerCase());

    const lookup = await t.app.inject({ method: 'POST', url: '/api/GiftCard/', headers: { 'x-flow-type': 'BALANCE' }, payload: lookupBody('GIFT_BALANCE') });
    expect(lookup.statusCode).toBe(200);
    expect(declared('/api/GiftCard/', 'post', '200')).toEqual(expect.arrayContaining(['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']));
    for (const header of declared('/api/GiftCard/', 'post', '200')) expect(lookup.headers[header], header).toBeDefined();

    const api = await client();
    const card = await issuedCard(api);
    const body = { amount: eur(100) };
    await api.post(`${V1}/cards/${card.id}/redemptions`, body, 'replayed-1');
    const replay = await api.post(`${V1}/cards/${card.id}/redemptions`, body, 'replayed-1');
    expect(declared('/api/v1/cards/{id}/redemptions', 'post', '201')).toEqual(['x-request-id', 'idempotent-replayed']);
    for (const header of declared('/api/v1/cards/{id}/redemptions', 'post', '201')) expect(replay.headers[header], header).toBeDefined();
  });
});
