import { randomUUID } from 'node:crypto';
import { giftCardSchema, type PayoutBalance, giftCardApi, payoutApi, replaceApi } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { servedDocument } from './helpers/api-document.js';
import { demoCard, lookupBody } from './helpers/demo.js';
import { cardRow } from './helpers/flows.js';
import { useTestApp } from './helpers/test-app.js';

// POST /api/Payout/ (x-flow-type PAYOUT): the PAYOUT start's card lookup (docs/product/payout.md;
// docs/product/balance.md#lookup-call).

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });

function lookup(name: string, overrides: Record<string, unknown> = {}, flowType: string | null = 'PAYOUT', url = payoutApi.lookup.build()) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...(flowType !== null && { 'x-flow-type': flowType }) },
    payload: lookupBody(name, overrides),
  });
}

/**
 * docs/product/payout.md#screens: where the start screen sends the cardholder after a successful
 * lookup.
 */
function routeOf(payoutBalance: PayoutBalance | undefined): 'amount' | 'nobalance' | 'unsufficientbalance' {
  if (payoutBalance === undefined) return 'nobalance';
  if (payoutBalance.payout > 0) return 'amount';
  if (payoutBalance.payout === 0 && payoutBalance.balance === 0) return 'nobalance';
  return 'unsufficientbalance';
}

describe('POST /api/Payout/: routing by payout balance', () => {
  it.each([
    ['GIFT_PAYOUT', { balance: 4250, fee: 250, payout: 4000, assetCode: 'EUR' }, 'amount'],
    ['GIFT_EMPTY', { balance: 0, fee: 250, payout: 0, assetCode: 'EUR' }, 'nobalance'],
    ['GIFT_BELOW_FEE', { balance: 150, fee: 250, payout: 0, assetCode: 'EUR' }, 'unsufficientbalance'],
    ['GIFT_BALANCE', { balance: 2500, fee: 250, payout: 2250, assetCode: 'EUR' }, 'amount'],
  ] as const)('%s answers payoutBalance %o: the %s screen', async (name, payoutBalance, screen) => {
    const res = await lookup(name);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const card = res.json();
    // Exactly these fields: no security code echoed, no reset link.
    expect(Object.keys(card).sort()).toEqual(['balances', 'code', 'expiresAt', 'payoutBalance', 'transactions']);
    expect(giftCardSchema.parse(card)).toEqual({
      code: demoCard(name).number.replace(/\s/g, ''),
      expiresAt: demoCard(name).expiry === 'far' ? '2099-12-31' : null,
      balances: [{ quantity: { value: payoutBalance.balance, assetCode: 'EUR' } }],
      payoutBalance,
      transactions: payoutBalance.balance === 0 ? [] : [{ kind: 'load', amount: { value: payoutBalance.balance, assetCode: 'EUR' }, createdAt: expect.any(String) }],
    });
    expect(routeOf(card.payoutBalance)).toBe(screen);
  });

  it('answers payout 0 (unsufficientbalance) when the balance is exactly the fee, and 1 cent above it pays 1 cent', async () => {
    const grace = await cardRow(t, 'GIFT_NO_EXPIRY'); // 1200
    const at = new Date().toISOString();
    await t.db.insertInto('ledger_entries').values({ id: randomUUID(), card_id: grace.id, asset_code: 'EUR', amount: -950, kind: 'expiry', reference: `test:${grace.id}:fee`, created_at: at }).execute();
    const exact = (await lookup('GIFT_NO_EXPIRY')).json();
    expect(exact.payoutBalance).toEqual({ balance: 250, fee: 250, payout: 0, assetCode: 'EUR' });
    expect(exact.expiresAt).toBeNull();
    expect(routeOf(exact.payoutBalance)).toBe('unsufficientbalance');
    await t.db.insertInto('ledger_entries').values({ id: randomUUID(), card_id: grace.id, asset_code: 'EUR', amount: 1, kind: 'load', reference: `test:${grace.id}:cent`, created_at: at }).execute();
    const cent = (await lookup('GIFT_NO_EXPIRY')).json();
    expect(cent.payoutBalance).toEqual({ balance: 251, fee: 250, payout: 1, assetCode: 'EUR' });
    expect(routeOf(cent.payoutBalance)).toBe('amount');
  });

  it("uses the brand's fee as stored", async () => {
    const demo = await t.db.selectFrom('brands').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    await t.db.updateTable('brands').set({ payout_fee: 0 }).where('id', '=', demo.id).execute();
    t.deps.brands.clear();
    try {
      expect((await lookup('GIFT_BELOW_FEE')).json().payoutBalance).toEqual({ balance: 150, fee: 0, payout: 150, assetCode: 'EUR' });
    } finally {
      await t.db.updateTable('brands').set({ payout_fee: 250 }).where('id', '=', demo.id).execute();
      t.deps.brands.clear();
    }
  });

  it('adds no reset link even when asked, and the BALANCE lookup carries no payoutBalance', async () => {
    const res = await lookup('GIFT_PAYOUT', { showResetUrl: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().resetUrl).toBeUndefined();
    const balance = await lookup('GIFT_PAYOUT', {}, 'BALANCE', giftCardApi.lookup.build());
    expect(balance.statusCode).toBe(200);
    expect(balance.json().payoutBalance).toBeUndefined();
  });

  it('records the lookup with flow type PAYOUT', async () => {
    const card = await cardRow(t, 'GIFT_PAYOUT');
    const events = await t.db.selectFrom('audit_events').select(['type', 'outcome', 'flow_type']).where('card_id', '=', card.id).execute();
    expect(events).toContainEqual({ type: 'giftcard.lookup', outcome: 'success', flow_type: 'PAYOUT' });
  });
});

describe('POST /api/Payout/: refusals', () => {
  it('answers 404 THEME_NOT_FOUND for an unknown brand, before the body', async () => {
    const res = await lookup('GIFT_PAYOUT', { code: 'NOBODY', giftCardNumber: 'x' }, null);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('THEME_NOT_FOUND');
  });

  it('answers 403 FLOW_UNAVAILABLE for a brand without PAYOUT (acme)', async () => {
    const res = await lookup('GIFT_ACME');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FLOW_UNAVAILABLE');
  });

  it('answers 400 VALIDATION_ERROR for another or no x-flow-type, and the other lookups refuse PAYOUT', async () => {
    for (const flow of [null, 'BALANCE', 'IDENTIFY', 'REPLACE', 'payout']) {
      const res = await lookup('GIFT_PAYOUT', {}, flow);
      expect(res.statusCode, String(flow)).toBe(400);
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'x-flow-type' })]);
    }
    expect((await lookup('GIFT_PAYOUT', {}, 'PAYOUT', giftCardApi.lookup.build())).statusCode).toBe(400);
    expect((await lookup('GIFT_PAYOUT', {}, 'PAYOUT', replaceApi.lookup.build())).statusCode).toBe(400);
  });

  it('answers 400 VALIDATION_ERROR listing bad fields, and CAPTCHA_INVALID without the token', async () => {
    const bad = await lookup('GIFT_PAYOUT', { giftCardNumber: '12', pinCode: '' });
    expect(bad.statusCode).toBe(400);
    expect([...new Set(bad.json().fields.map((f: { path: string }) => f.path))].sort()).toEqual(['giftCardNumber', 'pinCode']);
    const captcha = await lookup('GIFT_PAYOUT', { 'g-recaptcha-response': undefined });
    expect(captcha.statusCode).toBe(400);
    expect(captcha.json().code).toBe('CAPTCHA_INVALID');
  });

  it('answers 404 CARD_NOT_FOUND for a wrong code, an unknown number, a Visa card, alike', async () => {
    const answers = [
      await lookup('GIFT_BELOW_FEE', { pinCode: '000000' }),
      await lookup('GIFT_BELOW_FEE', { giftCardNumber: '6064 9999 9999 9999 999' }),
      await lookup('GIFT_BELOW_FEE', { giftCardNumber: demoCard('VISA_ACTIVE').number, pinCode: 'Tq8m3x' }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'CARD_NOT_FOUND', message: expect.any(String) });
    }
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect((await cardRow(t, 'GIFT_BELOW_FEE')).failed_attempts).toBe(1);
    // The right code resets the count.
    expect((await lookup('GIFT_BELOW_FEE')).statusCode).toBe(200);
    expect((await cardRow(t, 'GIFT_BELOW_FEE')).failed_attempts).toBe(0);
  });

  it('is listed in the OpenAPI document', async () => {
    const { doc, schema } = await servedDocument(t.app);
    const op = doc.paths['/api/Payout/'].post;
    expect(schema(op.requestBody.content['application/json'].schema).required).toEqual(expect.arrayContaining(['code', 'giftCardNumber', 'pinCode']));
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404', '429']));
  });
});
