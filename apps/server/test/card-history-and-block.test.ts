import { randomUUID } from 'node:crypto';
import { blockCardResultSchema, cardApi, giftCardSchema, holderInformationSchema, replaceApi, resetApi, visaApi, type TransactionKind } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { TEST_CAPTCHA_TOKEN } from '../src/adapters/captcha/test.js';
import { PURPOSE } from '../src/crypto/index.js';
import { insertLedgerEntries } from '../src/db/repositories/ledger.js';
import { updateCard } from '../src/db/repositories/cards.js';
import { blockCard } from '../src/operator/block-card.js';
import { auditEventsOf, cardRow, expectNoSecretsInLogOrAudit, ledgerSums, refusal, replacementEmail, useFlowTestApp } from './helpers/flows.js';
import { issueTestGiftCard } from './helpers/identity.js';
import { addWebhook } from '../src/operator/webhooks.js';
import { issueVisa } from './helpers/visa.js';

// What the cardholder sees of a card beyond its balance: its latest ledger entries in
// the gift card answer and the VISA account, and the owner's block of a lost card
// (POST /api/cards/block).

const { t, log } = useFlowTestApp();
const secretsUsed = new Set<string>();
const PASSCODE = 'Hm4w8R';

type Card = { id: string; number: string; securityCode: string };

async function giftCard(balance = 2000): Promise<Card> {
  const card = await issueTestGiftCard(t, { balance });
  secretsUsed.add(card.number);
  return card;
}

async function visaCard(): Promise<{ id: string; number: string }> {
  const card = await issueVisa(t, { state: 'active', passcode: PASSCODE, balance: 4000 });
  secretsUsed.add(card.number);
  return card;
}

function lookup(card: { number: string; securityCode: string }, flowType = 'BALANCE', url = '/api/GiftCard/') {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-flow-type': flowType },
    payload: { code: 'DEMO', giftCardNumber: card.number, pinCode: card.securityCode, 'g-recaptcha-response': TEST_CAPTCHA_TOKEN },
  });
}

function login(number: string, passcode = PASSCODE) {
  return t.app.inject({ method: 'POST', url: visaApi.getHolderInformation.build({ themeCode: 'demo' }), payload: { cardNumber: number, securityCode: passcode } });
}

function block(body: Record<string, unknown>, flowType: string | null = 'BALANCE') {
  return t.app.inject({ method: 'POST', url: cardApi.block.build(), headers: { ...(flowType !== null && { 'x-flow-type': flowType }) }, payload: body });
}

/** REPLACE's replacement call for a gift card, to an address; the new card is read from its e-mail. */
function replace(card: Card, email: string) {
  return t.app.inject({
    method: 'POST',
    url: replaceApi.replace.build({ themeCode: 'demo' }),
    headers: { 'x-flow-type': 'REPLACE' },
    payload: { code: card.number, email, securityCode: card.securityCode, balances: [] },
  });
}

const blockGift = (card: Card, overrides: Record<string, unknown> = {}) =>
  block({ code: 'DEMO', cardNumber: card.number, securityCode: card.securityCode, ...overrides });

/** Books entries on a card as the ledger would, one minute apart from `start`, oldest first. */
async function book(cardId: string, entries: Array<[TransactionKind, number]>, start = Date.parse('2026-01-01T09:00:00Z')) {
  await insertLedgerEntries(
    t.db,
    entries.map(([kind, amount], i) => ({
      id: randomUUID(),
      card_id: cardId,
      asset_code: 'EUR',
      amount,
      kind,
      reference: `test:${randomUUID()}`,
      created_at: new Date(start + i * 60_000).toISOString(),
    })),
  );
}

describe('the history in the gift card answer', () => {
  it('lists the latest 10 ledger entries, newest first, signed, with their kind and time', async () => {
    const card = await giftCard(0);
    const kinds: Array<[TransactionKind, number]> = [
      ['load', 5000],
      ['redemption', -1250],
      ['refund', 250],
      ['adjustment', 100],
      ['redemption', -300],
      ['load', 1000],
      ['redemption', -700],
      ['refund', 200],
      ['adjustment', -100],
      ['redemption', -400],
      ['load', 2500],
      ['redemption', -999],
    ];
    await book(card.id, kinds);
    const res = await lookup(card);
    expect(res.statusCode).toBe(200);
    const answer = giftCardSchema.parse(res.json());
    const total = kinds.reduce((sum, [, amount]) => sum + amount, 0);
    expect(answer.balances).toEqual([{ quantity: { value: total, assetCode: 'EUR' } }]);
    // The two oldest entries are left out; the balance still counts them.
    expect(answer.transactions).toEqual(
      kinds
        .map(([kind, value], i) => ({ kind, amount: { value, assetCode: 'EUR' }, createdAt: new Date(Date.parse('2026-01-01T09:00:00Z') + i * 60_000).toISOString() }))
        .slice(2)
        .reverse(),
    );
  });

  it('answers an empty history for a card without entries, and the same history on every lookup (REPLACE, PAYOUT, IDENTIFY)', async () => {
    const empty = await giftCard(0);
    expect(giftCardSchema.parse((await lookup(empty)).json()).transactions).toEqual([]);

    const card = await giftCard(1500);
    await book(card.id, [['redemption', -500]], Date.now() + 60_000);
    const balance = giftCardSchema.parse((await lookup(card)).json()).transactions;
    expect(balance.map((e) => [e.kind, e.amount.value])).toEqual([
      ['redemption', -500],
      ['load', 1500],
    ]);
    for (const [flow, url] of [
      ['REPLACE', replaceApi.lookup.build()],
      ['PAYOUT', '/api/Payout/'],
      ['IDENTIFY', '/api/GiftCard/'],
    ] as const) {
      const res = await lookup(card, flow, url);
      expect(res.statusCode, flow).toBe(200);
      expect(giftCardSchema.parse(res.json()).transactions, flow).toEqual(balance);
    }
  });

  it("is the replacement on a card REPLACE issued", async () => {
    const card = await giftCard(1800);
    const res = await replace(card, 'houder@example.nl');
    expect(res.statusCode).toBe(200);
    const fresh = await replacementEmail(t, card.id);
    secretsUsed.add(fresh.cardNumber);
    const answer = giftCardSchema.parse((await lookup({ number: fresh.cardNumber, securityCode: fresh.securityCode })).json());
    expect(answer.transactions).toEqual([{ kind: 'replacement_in', amount: { value: 1800, assetCode: 'EUR' }, createdAt: expect.any(String) }]);
  });
});

describe('the history in the VISA account', () => {
  it('lists the latest entries in the holder information, as the gift card answer does', async () => {
    const card = await visaCard();
    await book(card.id, [
      ['redemption', -1500],
      ['fee', -50],
    ], Date.now() + 60_000);
    const res = await login(card.number);
    expect(res.statusCode).toBe(200);
    const holder = holderInformationSchema.parse(res.json());
    expect(holder.balance).toBe(2450);
    expect(holder.transactions.map((e) => [e.kind, e.amount])).toEqual([
      ['fee', { value: -50, assetCode: 'EUR' }],
      ['redemption', { value: -1500, assetCode: 'EUR' }],
      ['load', { value: 4000, assetCode: 'EUR' }],
    ]);
  });
});

describe('POST /api/cards/block: a gift card (x-flow-type BALANCE)', () => {
  it('blocks the card as lost, audits it with the client and flow, and answers when', async () => {
    const card = await giftCard();
    const res = await blockGift(card);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = blockCardResultSchema.parse(res.json());
    // demo offers REPLACE: the answer says where the balance moves to a new card.
    expect(answer.replaceUrl).toBe('/demo/replace');
    const row = await cardRow(t, card.number);
    expect(row).toMatchObject({ blocked_at: answer.blockedAt, block_reason: 'lost', state: 'active' });
    const events = await auditEventsOf(t, 'card.block', card.id);
    expect(events).toEqual([expect.objectContaining({ outcome: 'blocked', flow_type: 'BALANCE', brand_id: row.brand_id, client: expect.any(String) })]);
    expect(events[0]!.client).toBeTruthy();
  });

  it('tells the brand’s webhooks once, in the transaction of the block', async () => {
    await addWebhook({ db: t.db, crypto: t.deps.crypto, now: () => new Date(), production: false }, { brandCode: 'DEMO', url: 'http://127.0.0.1:9/hooks', events: ['card.blocked'] });
    const card = await giftCard();
    const queued = () => t.db.selectFrom('outbox_messages').selectAll().where('channel', '=', 'webhook').where('card_id', '=', card.id).execute();
    expect((await blockGift(card, { securityCode: '000000' })).statusCode).toBe(404);
    expect(await queued()).toEqual([]);
    expect((await blockGift(card)).statusCode).toBe(200);
    expect((await blockGift(card)).statusCode).toBe(200);
    const messages = await queued();
    expect(messages.map((m) => m.purpose)).toEqual(['card.blocked']);
    const payload = JSON.parse(t.deps.crypto.cipher.decrypt(messages[0]!.payload_ciphertext!, PURPOSE.outboxMessage)) as { body: string };
    expect(JSON.parse(payload.body)).toMatchObject({ type: 'card.blocked', data: { card: { id: card.id, kind: 'giftcard' }, reason: 'lost', by: 'cardholder' } });
    expect(payload.body).not.toContain(card.number);
  });

  it('answers a repeat with the first block, changing nothing', async () => {
    const card = await giftCard();
    const first = blockCardResultSchema.parse((await blockGift(card)).json());
    const again = await blockGift(card);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect((await cardRow(t, card.number)).blocked_at).toBe(first.blockedAt);
    expect((await auditEventsOf(t, 'card.block', card.id)).map((e) => e.outcome)).toEqual(['blocked', 'already_blocked']);
  });

  it('refuses a wrong security code with 404 CARD_NOT_FOUND, counted against the guessing limit, and blocks nothing', async () => {
    const card = await giftCard();
    const wrong = await blockGift(card, { securityCode: '000000' });
    expect(refusal(wrong)).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
    expect(await cardRow(t, card.number)).toMatchObject({ failed_attempts: 1, blocked_at: null });
    for (let i = 0; i < 4; i++) await blockGift(card, { securityCode: '000000' });
    // Five wrong secrets: the cool-down refuses even the right one.
    expect(refusal(await blockGift(card))).toEqual({ status: 400, code: 'TOO_MANY_REQUESTS' });
    expect((await cardRow(t, card.number)).blocked_at).toBeNull();
    // The wrong block counts with the other secrets: the lookup is cooling down too.
    expect(refusal(await lookup(card))).toEqual({ status: 400, code: 'TOO_MANY_REQUESTS' });
  });

  it('answers an unknown number exactly as a wrong code, and counts it under the number', async () => {
    const card = await giftCard();
    const wrong = await blockGift(card, { securityCode: '000000' });
    const unknown = await block({ code: 'DEMO', cardNumber: '6064 9999 8888 7777 666', securityCode: '123456' });
    expect(refusal(unknown)).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
    expect(unknown.body).toBe(wrong.body);
    const guesses = await t.db.selectFrom('number_guesses').select('failed_attempts').execute();
    expect(guesses.some((g) => g.failed_attempts >= 1)).toBe(true);
  });

  it("refuses another brand's card, a Visa card and a card the operator blocked for fraud like an unknown one", async () => {
    const acme = await issueTestGiftCard(t, { brand: 'acme', balance: 500 });
    const visa = await visaCard();
    const fraud = await giftCard();
    await blockCard({ ...t.deps, operator: 'test' }, fraud.number, 'fraud');
    const answers = [
      await blockGift(acme),
      await block({ code: 'DEMO', cardNumber: visa.number, securityCode: PASSCODE }),
      await blockGift(fraud),
    ];
    for (const res of answers) expect(refusal(res)).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
    expect((await cardRow(t, acme.number)).blocked_at).toBeNull();
    expect((await cardRow(t, fraud.number)).block_reason).toBe('fraud');
  });

  it('answers THEME_NOT_FOUND, then x-flow-type and FLOW_UNAVAILABLE, then the body, before the card', async () => {
    const card = await giftCard();
    expect(refusal(await blockGift(card, { code: 'NOBODY' }))).toEqual({ status: 404, code: 'THEME_NOT_FOUND' });
    for (const flow of [null, 'REPLACE', 'PAYOUT', 'nonsense']) {
      const res = await block({ code: 'DEMO', cardNumber: card.number, securityCode: card.securityCode }, flow);
      expect(refusal(res), String(flow)).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'x-flow-type' })]);
    }
    // acme offers BALANCE but not VISA.
    expect(refusal(await block({ code: 'ACME', cardNumber: card.number, securityCode: PASSCODE }, 'VISA'))).toEqual({ status: 403, code: 'FLOW_UNAVAILABLE' });
    const bad = await block({ code: 'DEMO', cardNumber: '12', securityCode: '' });
    expect(refusal(bad)).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect([...new Set(bad.json().fields.map((f: { path: string }) => f.path))].sort()).toEqual(['cardNumber', 'securityCode']);
    expect(await cardRow(t, card.number)).toMatchObject({ failed_attempts: 0, blocked_at: null });
  });

  it('leaves the card unknown to BALANCE, IDENTIFY, PAYOUT and RESET, while REPLACE still moves its balance', async () => {
    const card = await giftCard(2750);
    expect((await blockGift(card)).statusCode).toBe(200);
    const unknown = await lookup({ number: '6064 9999 1111 2222 333', securityCode: '123456' });
    for (const [flow, url] of [
      ['BALANCE', '/api/GiftCard/'],
      ['IDENTIFY', '/api/GiftCard/'],
      ['PAYOUT', '/api/Payout/'],
    ] as const) {
      const res = await lookup(card, flow, url);
      expect(refusal(res), flow).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
      expect(res.body, flow).toBe(unknown.body);
    }
    const reset = await t.app.inject({
      method: 'POST',
      url: resetApi.recovery.build({ themeCode: 'demo' }),
      headers: { 'x-flow-type': 'SECURITY_RESET' },
      payload: { cardNumber: card.number, otcNumber: '123456', securityCode: 'Zr83kQ', 'g-recaptcha-response': TEST_CAPTCHA_TOKEN },
    });
    expect(refusal(reset)).toEqual({ status: 400, code: 'RECOVERY_CODE_NOT_FOUND' });

    // REPLACE: the lookup finds it, and the replacement moves the whole balance to a new card.
    const replaceLookup = await lookup(card, 'REPLACE', replaceApi.lookup.build());
    expect(replaceLookup.statusCode).toBe(200);
    const before = await ledgerSums(t);
    const replaced = await replace(card, 'verloren@example.nl');
    expect(replaced.statusCode).toBe(200);
    const fresh = await replacementEmail(t, card.id);
    secretsUsed.add(fresh.cardNumber);
    const after = await ledgerSums(t);
    expect(after.total).toBe(before.total);
    expect(after.byCard.get(card.id)).toBe(0);
    const answer = giftCardSchema.parse((await lookup({ number: fresh.cardNumber, securityCode: fresh.securityCode })).json());
    expect(answer.balances).toEqual([{ quantity: { value: 2750, assetCode: 'EUR' } }]);
    // Replaced, the old card is no longer one its owner can block (or see blocked).
    expect(refusal(await blockGift(card))).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
  });
});

describe('POST /api/cards/block: a Visa card (x-flow-type VISA)', () => {
  it('blocks an active Visa card proved by its passcode; the account, the PIN and recovery refuse it afterwards', async () => {
    const card = await visaCard();
    const res = await block({ code: 'demo', cardNumber: card.number, securityCode: PASSCODE }, 'VISA');
    expect(res.statusCode).toBe(200);
    const answer = blockCardResultSchema.parse(res.json());
    expect(await cardRow(t, card.number)).toMatchObject({ blocked_at: answer.blockedAt, block_reason: 'lost' });
    expect((await auditEventsOf(t, 'card.block', card.id)).map((e) => [e.outcome, e.flow_type])).toEqual([['blocked', 'VISA']]);

    expect(refusal(await login(card.number))).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
    const pin = await t.app.inject({
      method: 'POST',
      url: visaApi.getPin.build({ themeCode: 'demo' }),
      headers: { 'x-flow-type': 'VISA' },
      payload: { code: 'DEMO', cardNumber: card.number, securityCode: PASSCODE },
    });
    expect(refusal(pin)).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
    const recovery = await t.app.inject({
      method: 'POST',
      url: visaApi.requestRecovery.build({ themeCode: 'demo' }),
      headers: { 'x-flow-type': 'VISA' },
      payload: { cardNumber: card.number, 'g-recaptcha-response': TEST_CAPTCHA_TOKEN },
    });
    expect(refusal(recovery)).toEqual({ status: 400, code: 'INVALID_TOKEN' });

    // A repeat answers the first block.
    const again = await block({ code: 'demo', cardNumber: card.number, securityCode: PASSCODE }, 'VISA');
    expect(again.json()).toEqual(answer);
  });

  it('refuses a wrong passcode (counted), a gift card and an inactive Visa card with 404', async () => {
    const card = await visaCard();
    expect(refusal(await block({ code: 'DEMO', cardNumber: card.number, securityCode: 'Xx9y7z' }, 'VISA'))).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
    expect((await cardRow(t, card.number)).failed_attempts).toBe(1);
    const gift = await giftCard();
    expect(refusal(await block({ code: 'DEMO', cardNumber: gift.number, securityCode: gift.securityCode }, 'VISA'))).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
    const inactive = await issueVisa(t, { state: 'inactive' });
    expect(refusal(await block({ code: 'DEMO', cardNumber: inactive.number, securityCode: 'Ab1234' }, 'VISA'))).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
    for (const number of [card.number, gift.number, inactive.number]) expect((await cardRow(t, number)).blocked_at).toBeNull();
  });

  it('answers a card the operator blocked as stolen with that block, changing nothing', async () => {
    const card = await visaCard();
    const at = '2026-02-02T12:00:00.000Z';
    await updateCard(t.db, card.id, { blocked_at: at, block_reason: 'stolen', updated_at: at });
    const res = await block({ code: 'DEMO', cardNumber: card.number, securityCode: PASSCODE }, 'VISA');
    expect(res.json()).toEqual({ state: 'blocked', blockedAt: at });
    expect((await cardRow(t, card.number)).block_reason).toBe('stolen');
  });
});

describe('secrets', () => {
  it('writes no card number or secret to the log or the audit trail', async () => {
    await expectNoSecretsInLogOrAudit(t, log, [...secretsUsed, PASSCODE]);
  });
});
