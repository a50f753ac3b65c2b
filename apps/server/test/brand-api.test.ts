import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { HousekeepingSweeper } from '../src/app/housekeeping.js';
import { PURPOSE } from '../src/crypto/index.js';
import { findCardByNumberIndex } from '../src/db/repositories/cards.js';
import { revokeBrandApiKey } from '../src/operator/api-keys.js';
import { apiClient, apiKeyFor, eur } from './helpers/brand-api.js';
import { demoCard } from './helpers/demo.js';
import { useTestApp } from './helpers/test-app.js';

// Everything the server logs (trace level), to check that no card number reaches it.
const logSink = new PassThrough();
let logged = '';
logSink.on('data', (chunk: Buffer) => (logged += chunk.toString()));
const t = useTestApp({ logTo: logSink });

const V1 = '/api/v1';
/** A client with a fresh key of all scopes (DEMO unless told). */
async function client(brand = 'DEMO', scopes?: Parameters<typeof apiKeyFor>[2]) {
  return apiClient(t.app, await apiKeyFor(t, brand, scopes));
}

/** A fresh gift card of DEMO with this balance, issued through the API: its id and number. */
async function issued(balance: number, extra: Record<string, unknown> = {}) {
  const api = await client();
  const res = await api.post(`${V1}/cards`, { kind: 'giftcard', balance: eur(balance), ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; cardNumber: string; securityCode: string; recoveryCode?: string };
}

async function cardIdOf(name: string, app: Pick<typeof t, 'db' | 'deps'> = t): Promise<string> {
  const number = demoCard(name).number.replace(/\s/g, '');
  return (await findCardByNumberIndex(app.db, app.deps.crypto.blindIndex.candidates(PURPOSE.cardNumber, number)))!.id;
}

async function ledgerSum(cardId: string): Promise<number> {
  const row = await t.db.selectFrom('ledger_entries').select((eb) => eb.fn.sum<number | string>('amount').as('total')).where('card_id', '=', cardId).executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The cardholder's portal looks an issued card up (BALANCE), as a till's customer would. */
const balanceLookup = (card: { cardNumber: string; securityCode: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/GiftCard/',
    headers: { 'x-flow-type': 'BALANCE' },
    payload: { code: 'DEMO', giftCardNumber: card.cardNumber, pinCode: card.securityCode, 'g-recaptcha-response': 'test-pass' },
  });

describe('brand API keys', () => {
  it('answers 401 UNAUTHORIZED without a key, with a malformed, unknown or revoked one', async () => {
    const key = await apiKeyFor(t);
    const id = await cardIdOf('GIFT_BALANCE');
    const answers = [
      await apiClient(t.app, null).get(`${V1}/cards/${id}`),
      await t.app.inject({ url: `${V1}/cards/${id}`, headers: { authorization: `Basic ${key}` } }),
      await apiClient(t.app, 'tsk_short').get(`${V1}/cards/${id}`),
      await apiClient(t.app, `tsk_${'A'.repeat(43)}`).get(`${V1}/cards/${id}`),
      await apiClient(t.app, null).post(`${V1}/cards/${id}/redemptions`, { amount: eur(100) }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
    }
    expect((await apiClient(t.app, key).get(`${V1}/cards/${id}`)).statusCode).toBe(200);
    const keyId = (await t.db.selectFrom('api_keys').select('id').where('key_hash', '=', t.deps.crypto.blindIndex.of(PURPOSE.apiKey, key)).executeTakeFirstOrThrow()).id;
    await revokeBrandApiKey({ db: t.db, crypto: t.deps.crypto, now: () => new Date() }, keyId);
    const revoked = await apiClient(t.app, key).get(`${V1}/cards/${id}`);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe('UNAUTHORIZED');
  });

  it('stores only a keyed hash of the key, records its last use and audits every call with the key id', async () => {
    const key = await apiKeyFor(t);
    const row = await t.db.selectFrom('api_keys').selectAll().where('key_hash', '=', t.deps.crypto.blindIndex.of(PURPOSE.apiKey, key)).executeTakeFirstOrThrow();
    expect(key).toMatch(/^tsk_[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(row)).not.toContain(key.slice(12));
    expect(row.prefix).toBe(key.slice(0, 12));
    expect(row.last_used_at).toBeNull();
    const id = await cardIdOf('GIFT_BALANCE');
    expect((await apiClient(t.app, key).get(`${V1}/cards/${id}`)).statusCode).toBe(200);
    const used = await t.db.selectFrom('api_keys').select('last_used_at').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
    // A second call within the minute does not write it again.
    expect((await apiClient(t.app, key).get(`${V1}/cards/${id}`)).statusCode).toBe(200);
    expect((await t.db.selectFrom('api_keys').select('last_used_at').where('id', '=', row.id).executeTakeFirstOrThrow()).last_used_at).toBe(used.last_used_at);
    const audit = await t.db.selectFrom('audit_events').selectAll().where('client', '=', `api-key:${row.id}`).execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ type: 'api.call', outcome: '200', detail: 'GET /api/v1/cards/:id', card_id: id });
  });

  it('refuses each call with 403 FORBIDDEN to a key without its scope, and changes nothing', async () => {
    const card = await issued(1000);
    const redemption = (await (await client()).post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(100) })).json();
    const calls: [string, 'GET' | 'POST', string, unknown][] = [
      ['cards:write', 'POST', `${V1}/cards`, { kind: 'giftcard', balance: eur(100) }],
      ['cards:read', 'POST', `${V1}/cards/lookup`, { cardNumber: card.cardNumber }],
      ['cards:read', 'GET', `${V1}/cards/${card.id}`, undefined],
      ['redemptions:write', 'POST', `${V1}/cards/${card.id}/redemptions`, { amount: eur(100) }],
      ['redemptions:write', 'POST', `${V1}/redemptions/${redemption.id}/refunds`, {}],
      ['loads:write', 'POST', `${V1}/cards/${card.id}/loads`, { amount: eur(100) }],
      ['cards:read', 'GET', `${V1}/cards/${card.id}/transactions`, undefined],
      ['cards:write', 'POST', `${V1}/cards/${card.id}/block`, { reason: 'lost' }],
      ['cards:write', 'POST', `${V1}/cards/${card.id}/unblock`, {}],
    ];
    const allScopes = ['cards:read', 'cards:write', 'redemptions:write', 'loads:write'] as const;
    for (const [scope, method, url, body] of calls) {
      const api = await client('DEMO', allScopes.filter((s) => s !== scope));
      const res = method === 'GET' ? await api.get(url) : await api.post(url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: expect.stringContaining(scope) });
    }
    expect(await ledgerSum(card.id)).toBe(900);
    expect((await (await client()).get(`${V1}/cards/${card.id}`)).json().state).toBe('active');
  });
});

describe('cards', () => {
  it('issues a gift card that the portal finds with its number and security code, and looks it up by number and id', async () => {
    const api = await client();
    const res = await api.post(`${V1}/cards`, { kind: 'giftcard', balance: eur(2500), expiresAt: '2099-12-31', recoveryCode: true });
    expect(res.statusCode).toBe(201);
    const card = res.json();
    expect(card).toEqual({
      id: expect.any(String),
      cardNumber: expect.stringMatching(/^\d{19}$/),
      securityCode: expect.stringMatching(/^\d{6}$/),
      recoveryCode: expect.stringMatching(/^\d{6}$/),
      balance: eur(2500),
      expiresAt: '2099-12-31',
      state: 'active',
    });
    // The cardholder's portal takes it.
    const portal = await balanceLookup(card);
    expect(portal.statusCode).toBe(200);
    expect(portal.json().balances[0].quantity).toEqual(eur(2500));

    const view = { id: card.id, kind: 'giftcard', state: 'active', balances: [eur(2500)], expiresAt: '2099-12-31' };
    const lookup = await api.post(`${V1}/cards/lookup`, { cardNumber: card.cardNumber.replace(/(\d{4})/g, '$1 ') });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toEqual(view);
    expect((await api.get(`${V1}/cards/${card.id}`)).json()).toEqual(view);
    // Card numbers are never logged.
    expect(logged.length).toBeGreaterThan(0);
    expect(logged).not.toContain(card.cardNumber);
  });

  it('refuses an issue in another asset or with an expiry in the past, and unknown fields', async () => {
    const api = await client();
    const asset = await api.post(`${V1}/cards`, { kind: 'giftcard', balance: { value: 100, assetCode: 'USD' } });
    expect(asset.statusCode).toBe(400);
    expect(asset.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'balance.assetCode' }] });
    const past = await api.post(`${V1}/cards`, { kind: 'giftcard', balance: eur(100), expiresAt: '2001-01-01' });
    expect(past.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'expiresAt' }] });
    const unknown = await api.post(`${V1}/cards`, { kind: 'giftcard', balance: eur(100), colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    const visa = await api.post(`${V1}/cards`, { kind: 'visa', balance: eur(100) });
    expect(visa.statusCode).toBe(400);
  });

  it('answers 404 CARD_NOT_FOUND for another brand\u2019s card and an unknown one, on every card call', async () => {
    const acme = await client('ACME');
    const demoId = await cardIdOf('GIFT_BALANCE');
    const answers = [
      await acme.post(`${V1}/cards/lookup`, { cardNumber: demoCard('GIFT_BALANCE').number }),
      await acme.post(`${V1}/cards/lookup`, { cardNumber: '6064 9999 9999 9999 999' }),
      await acme.get(`${V1}/cards/${demoId}`),
      await acme.get(`${V1}/cards/${randomUUID()}`),
      await acme.post(`${V1}/cards/${demoId}/redemptions`, { amount: eur(100) }),
      await acme.post(`${V1}/cards/${demoId}/loads`, { amount: eur(100) }),
      await acme.get(`${V1}/cards/${demoId}/transactions`),
      await acme.post(`${V1}/cards/${demoId}/block`, { reason: 'lost' }),
      await acme.post(`${V1}/cards/${demoId}/unblock`, {}),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('CARD_NOT_FOUND');
    }
    expect((await acme.post(`${V1}/cards/lookup`, { cardNumber: demoCard('GIFT_ACME').number })).statusCode).toBe(200);
    expect(await ledgerSum(demoId)).toBe(2500);
  });

  it('blocks and unblocks a card: a blocked card takes no redemption or load, and the portal no longer finds it', async () => {
    const card = await issued(1000);
    const api = await client();
    const blocked = await api.post(`${V1}/cards/${card.id}/block`, { reason: 'stolen' });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ id: card.id, state: 'blocked', balances: [eur(1000)] });
    const again = await api.post(`${V1}/cards/${card.id}/block`, { reason: 'lost' });
    expect(again.json().state).toBe('blocked');
    expect((await t.db.selectFrom('cards').select('block_reason').where('id', '=', card.id).executeTakeFirstOrThrow()).block_reason).toBe('stolen');
    for (const res of [await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(100) }), await api.post(`${V1}/cards/${card.id}/loads`, { amount: eur(100) })]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('CARD_NOT_ACTIVE');
    }
    const portal = await balanceLookup(card);
    expect(portal.statusCode).toBe(404);
    const unblocked = await api.post(`${V1}/cards/${card.id}/unblock`, {});
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json().state).toBe('active');
    expect((await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(100) })).statusCode).toBe(201);
    const events = await t.db.selectFrom('audit_events').select(['type', 'client']).where('card_id', '=', card.id).where('type', 'in', ['card.block', 'card.unblock']).execute();
    expect(events.map((e) => e.type).sort()).toEqual(['card.block', 'card.unblock']);
    expect(events.every((e) => e.client?.startsWith('api-key:'))).toBe(true);
  });
});

describe('redemptions, refunds and loads', () => {
  it('redeems part of a balance, refuses what the card does not hold, and with allowPartial takes what it holds', async () => {
    const card = await issued(2500);
    const api = await client();
    const first = await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(1000), reference: 'till-7/0001' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(String), cardId: card.id, amount: eur(1000), balanceAfter: eur(1500), reference: 'till-7/0001', createdAt: expect.any(String) });
    const short = await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(2000) });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('BALANCE_TOO_LOW');
    const partial = await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(2000), allowPartial: true });
    expect(partial.statusCode).toBe(201);
    expect(partial.json()).toMatchObject({ amount: eur(1500), balanceAfter: eur(0), reference: null });
    const empty = await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(1), allowPartial: true });
    expect(empty.json().code).toBe('BALANCE_TOO_LOW');
    expect(await ledgerSum(card.id)).toBe(0);
    const wrongAsset = await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: { value: 1, assetCode: 'USD' } });
    expect(wrongAsset.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'amount.assetCode' }] });
    for (const amount of [0, -5, 1.5]) {
      expect((await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(amount) })).statusCode).toBe(400);
    }
  });

  it('refuses a redemption on an expired, an inactive Visa or a replaced card with CARD_NOT_ACTIVE', async () => {
    const api = await client();
    for (const name of ['GIFT_GRACE', 'GIFT_EXPIRED', 'VISA_NEW_1']) {
      const id = await cardIdOf(name);
      const before = await ledgerSum(id);
      const res = await api.post(`${V1}/cards/${id}/redemptions`, { amount: eur(100) });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code).toBe('CARD_NOT_ACTIVE');
      expect(await ledgerSum(id)).toBe(before);
    }
    expect((await api.get(`${V1}/cards/${await cardIdOf('GIFT_EXPIRED')}`)).json().state).toBe('expired');
    expect((await api.get(`${V1}/cards/${await cardIdOf('VISA_NEW_1')}`)).json()).toMatchObject({ kind: 'visa', state: 'inactive' });
    // An active Visa card is redeemed like a gift card (the processor behind it).
    expect((await api.post(`${V1}/cards/${await cardIdOf('VISA_ACTIVE')}/redemptions`, { amount: eur(100) })).statusCode).toBe(201);
  });

  it('refunds what is left by default, never more than the redemption, and only the brand\u2019s own', async () => {
    const card = await issued(3000);
    const api = await client();
    const redemption = (await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(2000) })).json();
    const part = await api.post(`${V1}/redemptions/${redemption.id}/refunds`, { amount: eur(500), reference: 'return 1' });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toEqual({ id: expect.any(String), redemptionId: redemption.id, amount: eur(500), balanceAfter: eur(1500), createdAt: expect.any(String) });
    const tooMuch = await api.post(`${V1}/redemptions/${redemption.id}/refunds`, { amount: eur(1600) });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().code).toBe('REFUND_EXCEEDS_REDEMPTION');
    const rest = await api.post(`${V1}/redemptions/${redemption.id}/refunds`, {});
    expect(rest.json()).toMatchObject({ amount: eur(1500), balanceAfter: eur(3000) });
    const nothingLeft = await api.post(`${V1}/redemptions/${redemption.id}/refunds`, {});
    expect(nothingLeft.json().code).toBe('REFUND_EXCEEDS_REDEMPTION');
    expect(await ledgerSum(card.id)).toBe(3000);

    const acme = await client('ACME');
    for (const id of [redemption.id, randomUUID()]) {
      const res = await acme.post(`${V1}/redemptions/${id}/refunds`, {});
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('REDEMPTION_NOT_FOUND');
    }
  });

  it('never refunds more than the redemption when refunds arrive at once', async () => {
    const card = await issued(2000);
    const api = await client();
    const redemption = (await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(1000) })).json();
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.post(`${V1}/redemptions/${redemption.id}/refunds`, { amount: eur(300) })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 400)).toHaveLength(17);
    expect(await ledgerSum(card.id)).toBe(1900);
    const row = await t.db.selectFrom('redemptions').select(['amount', 'refunded']).where('id', '=', redemption.id).executeTakeFirstOrThrow();
    expect(Number(row.refunded)).toBe(900);
  });

  it('loads an active card', async () => {
    const card = await issued(0);
    const api = await client();
    const res = await api.post(`${V1}/cards/${card.id}/loads`, { amount: eur(1234), reference: 'topup-1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), cardId: card.id, amount: eur(1234), balanceAfter: eur(1234), createdAt: expect.any(String) });
    expect(await ledgerSum(card.id)).toBe(1234);
  });

  it('refuses a reference with a control character (it is listed in exports and the CLI), naming the field', async () => {
    const card = await issued(1000);
    const api = await client();
    for (const [call, body] of [
      ['redemptions', { amount: eur(100), reference: 'till-7\u001b[2J' }],
      ['loads', { amount: eur(100), reference: 'line\nbreak' }],
    ] as const) {
      const res = await api.post(`${V1}/cards/${card.id}/${call}`, body);
      expect(res.statusCode, call).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'reference', message: expect.stringContaining('no control characters') }] });
    }
    expect(await ledgerSum(card.id)).toBe(1000);
  });
});

describe('transactions', () => {
  it('lists a card\u2019s entries newest first with signed amounts and balances, a page at a time', async () => {
    const card = await issued(5000);
    const api = await client();
    const redemptions = [];
    for (const value of [100, 200, 300]) redemptions.push((await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(value), reference: `r${value}` })).json());
    await api.post(`${V1}/redemptions/${redemptions[0].id}/refunds`, { reference: 'back' });
    await api.post(`${V1}/cards/${card.id}/loads`, { amount: eur(50) });

    const all = (await api.get(`${V1}/cards/${card.id}/transactions`)).json();
    expect(all.nextCursor).toBeNull();
    expect(all.items.map((i: { kind: string; amount: { value: number }; balanceAfter: { value: number }; reference: string | null }) => [i.kind, i.amount.value, i.balanceAfter.value, i.reference])).toEqual([
      ['load', 50, 4550, null],
      ['refund', 100, 4500, 'back'],
      ['redemption', -300, 4400, 'r300'],
      ['redemption', -200, 4700, 'r200'],
      ['redemption', -100, 4900, 'r100'],
      ['load', 5000, 5000, null],
    ]);

    const pages = [];
    let cursor: string | null = null;
    do {
      const res = await api.get(`${V1}/cards/${card.id}/transactions?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      pages.push(res.json().items);
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([4, 2]);
    expect(pages.flat()).toEqual(all.items);

    const bad = await api.get(`${V1}/cards/${card.id}/transactions?cursor=not-a-cursor`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    expect((await api.get(`${V1}/cards/${card.id}/transactions?limit=0`)).statusCode).toBe(400);
    expect((await api.get(`${V1}/cards/${card.id}/transactions?limit=101`)).statusCode).toBe(400);
  });
});

describe('idempotency', () => {
  it('needs an Idempotency-Key of 1 to 255 characters on every POST', async () => {
    const card = await issued(1000);
    const api = await client();
    for (const key of [null, 'x'.repeat(256)]) {
      const res = await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(100) }, key);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    }
    expect((await api.post(`${V1}/cards/lookup`, { cardNumber: card.cardNumber }, null)).json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(100) }, 'x'.repeat(255))).statusCode).toBe(201);
    expect(await ledgerSum(card.id)).toBe(900);
  });

  it('replays the first answer for the same key and body, refuses another body with 422, and scopes keys to the API key', async () => {
    const card = await issued(1000);
    const api = await client();
    const key = randomUUID();
    const first = await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(300), reference: 'a' }, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same parameters in another order are the same request.
    const replay = await api.post(`${V1}/cards/${card.id}/redemptions`, { reference: 'a', amount: { assetCode: 'EUR', value: 300 } }, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const other = await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(301), reference: 'a' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherPath = await api.post(`${V1}/cards/${card.id}/loads`, { amount: eur(300), reference: 'a' }, key);
    expect(otherPath.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await ledgerSum(card.id)).toBe(700);
    // Another API key has keys of its own.
    const second = await client();
    expect((await second.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(300), reference: 'a' }, key)).headers['idempotent-replayed']).toBeUndefined();
    expect(await ledgerSum(card.id)).toBe(400);
  });

  it('replays a refusal and an issued card, and lets a malformed request\u2019s key go', async () => {
    const card = await issued(100);
    const api = await client();
    const key = randomUUID();
    const short = await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(500) }, key);
    expect(short.json().code).toBe('BALANCE_TOO_LOW');
    await api.post(`${V1}/cards/${card.id}/loads`, { amount: eur(1000) });
    const replayed = await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(500) }, key);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(short.json());

    const issueKey = randomUUID();
    const first = await api.post(`${V1}/cards`, { kind: 'giftcard', balance: eur(700) }, issueKey);
    const again = await api.post(`${V1}/cards`, { kind: 'giftcard', balance: eur(700) }, issueKey);
    expect(again.json()).toEqual(first.json());
    expect(await t.db.selectFrom('cards').select('id').where('id', '=', first.json().id).execute()).toHaveLength(1);
    // Stored encrypted: the number is not in the row.
    const stored = await t.db.selectFrom('idempotency_keys').selectAll().where('key', '=', issueKey).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(first.json().cardNumber);

    // An invalid body is not an answer of the call: the key stays free for a corrected request.
    const fixKey = randomUUID();
    expect((await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: { value: 5, assetCode: 'USD' } }, fixKey)).statusCode).toBe(400);
    expect((await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(5) }, fixKey)).statusCode).toBe(201);
  });

  it('answers 409 IDEMPOTENCY_KEY_IN_USE while the first request runs; one of two parallel requests wins', async () => {
    const card = await issued(1000);
    const api = await client();
    const key = randomUUID();
    const [a, b] = await Promise.all([
      api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(100) }, key),
      api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(100) }, key),
    ]);
    const outcomes = [a, b].map((r) => (r.statusCode === 201 ? (r.headers['idempotent-replayed'] ? 'replay' : 'created') : `${r.statusCode} ${r.json().code}`));
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
    expect(['409 IDEMPOTENCY_KEY_IN_USE', 'replay']).toContain(outcomes.find((o) => o !== 'created'));
    expect(await ledgerSum(card.id)).toBe(900);
  });

  it('holds a claim that is in flight, and lets another request take over a claim whose holder died', async () => {
    const card = await issued(1000);
    const key = await apiKeyFor(t);
    const api = apiClient(t.app, key);
    const keyId = (await t.db.selectFrom('api_keys').select('id').where('key_hash', '=', t.deps.crypto.blindIndex.of(PURPOSE.apiKey, key)).executeTakeFirstOrThrow()).id;
    const url = `${V1}/cards/${card.id}/redemptions`;
    const body = { amount: eur(100) };
    // The first request of this key: claimed, then "crashed" (its claim left behind, nothing booked).
    const idem = randomUUID();
    const requestHash = t.deps.crypto.blindIndex.of(PURPOSE.idempotentRequest, `POST ${url}\n{"amount":{"assetCode":"EUR","value":100}}`);
    const now = Date.now();
    await t.db
      .insertInto('idempotency_keys')
      .values({ id: randomUUID(), api_key_id: keyId, key: idem, request_hash: requestHash, state: 'in_flight', claim_id: randomUUID(), locked_until: new Date(now + 30_000).toISOString(), status: null, response_ciphertext: null, created_at: new Date(now).toISOString() })
      .execute();
    const busy = await api.post(url, body, idem);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(await ledgerSum(card.id)).toBe(1000);
    // Its lock runs out: the retry takes the claim over and runs.
    await t.db.updateTable('idempotency_keys').set({ locked_until: new Date(now - 1).toISOString() }).where('key', '=', idem).execute();
    const retried = await api.post(url, body, idem);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await ledgerSum(card.id)).toBe(900);
    expect((await api.post(url, body, idem)).headers['idempotent-replayed']).toBe('true');
  });

  it('keeps keys 24 hours: the housekeeping sweep deletes them after', async () => {
    const api = await client();
    const card = await issued(500);
    const key = randomUUID();
    await api.post(`${V1}/cards/${card.id}/redemptions`, { amount: eur(100) }, key);
    const silent = { info: () => undefined, error: () => undefined };
    const sweep = (hours: number) => new HousekeepingSweeper(t.config, { db: t.db, logger: silent, now: () => new Date(Date.now() + hours * 3_600_000) }).runOnce();
    await sweep(23);
    expect(await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).toHaveLength(1);
    expect((await sweep(25)).idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).toHaveLength(0);
  });
});

describe('rate limit per key', () => {
  const limited = useTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '3' } });

  it('answers 429 RATE_LIMITED with Retry-After once a key exceeds its limit; another key is not affected', async () => {
    const id = await cardIdOf('GIFT_BALANCE', limited);
    const first = apiClient(limited.app, await apiKeyFor(limited));
    for (let i = 0; i < 3; i++) expect((await first.get(`${V1}/cards/${id}`)).statusCode).toBe(200);
    const over = await first.get(`${V1}/cards/${id}`);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // One count per key over all calls.
    expect((await first.post(`${V1}/cards/lookup`, { cardNumber: demoCard('GIFT_BALANCE').number })).statusCode).toBe(429);
    const second = apiClient(limited.app, await apiKeyFor(limited));
    expect((await second.get(`${V1}/cards/${id}`)).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('describes the v1 calls with their answers and the bearer security scheme', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const calls = [
      ['post', '/api/v1/cards', '201'],
      ['post', '/api/v1/cards/lookup', '200'],
      ['get', '/api/v1/cards/{id}', '200'],
      ['post', '/api/v1/cards/{id}/redemptions', '201'],
      ['post', '/api/v1/redemptions/{id}/refunds', '201'],
      ['post', '/api/v1/cards/{id}/loads', '201'],
      ['get', '/api/v1/cards/{id}/transactions', '200'],
      ['post', '/api/v1/cards/{id}/block', '200'],
      ['post', '/api/v1/cards/{id}/unblock', '200'],
    ];
    for (const [method, path, status] of calls) {
      const op = doc.paths[path!]?.[method!];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.security).toEqual([{ bearerAuth: [] }]);
      expect(op.tags).toEqual(['brand-api']);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining([status, '401', '403', '429']));
      if (method === 'post') {
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['409', '422']));
        expect(op.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true, schema: { type: 'string', minLength: 1, maxLength: 255 } })]));
      }
    }
  });
});
