import { payoutCustomerResponseSchema, payoutApi } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { PURPOSE } from '../src/crypto/index.js';
import { exportToString } from './helpers/payout-review.js';
import { demoCard, lookupBody } from './helpers/demo.js';
import { auditEventsOf, cardRow, countersOf, ledgerSums, refusal, useFlowTestApp } from './helpers/flows.js';
import {
  CustomerCallSecrets,
  identifyCustomerCall,
  identitySessionRow,
  ING_BIC,
  issueTestGiftCard,
  payoutCustomerCall,
  type SeedIdentitySessionOptions,
  TEST_IDENTITY,
} from './helpers/identity.js';

// The PAYOUT customer call: POST /api/Authentication/{themeCode}/customer with x-flow-type PAYOUT
// (docs/product/payout.md; docs/decisions/011, 014).

const { t, log } = useFlowTestApp();

const ING = 'NL69 INGB 0123 4567 89';
const ING_MASKED = 'NL69INGB******6789';
const ABN = 'NL02ABNA0123456789'; // another iDIN bank
const TRIO = 'NL70TRIO0123456789'; // a bank without iDIN
const BAD_CHECKSUM = 'NL70INGB0123456789';
const UNKNOWN_BANK = 'NL64XXXX0123456789';
const ING_OTHER = 'NL20INGB0001234567'; // another account at the same bank
const RABO = 'NL44RABO0123456789';

/** What this file sends or learns that nobody may see; the IBANs it uses are long secrets from the start. */
const secrets = new CustomerCallSecrets([TEST_IDENTITY.name, 'NL69INGB0123456789', ABN, TRIO, BAD_CHECKSUM, ING_OTHER, RABO]);
const session = (options: SeedIdentitySessionOptions = {}) => secrets.session(t, options);

function body(name: string, sessionId: string, overrides: Record<string, unknown> = {}) {
  return { cardNumber: demoCard(name).number, securityCode: demoCard(name).securityCode, sessionId, bankAccountNumber: ING, ...overrides };
}

/** The call, with the checks every answer must pass: error answers are {code, message[, fields]} and name no secret. */
async function payout(payload: Record<string, unknown>, options: { theme?: string; flowType?: string | null } = {}) {
  secrets.remember(payload, ['cardNumber', 'bankAccountNumber']);
  const res = await payoutCustomerCall(t, payload, options);
  secrets.expectWellFormed(res, ['assetCode', 'bankAccountNumber', 'fee', 'payout']);
  return res;
}

const payoutsOf = (cardId: string) => t.db.selectFrom('payouts').selectAll().where('card_id', '=', cardId).execute();
const debitsOf = async (cardId: string) =>
  (await t.db.selectFrom('ledger_entries').select(['kind', 'amount']).where('card_id', '=', cardId).where('kind', '!=', 'load').execute()).map(
    (e) => `${e.kind} ${e.amount}`,
  );
const balanceOf = async (cardId: string) => (await ledgerSums(t)).byCard.get(cardId) ?? 0;

/** What a refused call must leave as it was. */
async function snapshotOf(cardId: string) {
  const row = await t.db.selectFrom('cards').select(['paid_out_at', 'registered_at', 'state', 'number_ciphertext']).where('id', '=', cardId).executeTakeFirstOrThrow();
  const card = { paid_out_at: row.paid_out_at, registered_at: row.registered_at, failed_attempts: (await countersOf(t, row)).failed_attempts, state: row.state };
  return { card, balance: await balanceOf(cardId), payouts: (await payoutsOf(cardId)).length, ledger: (await ledgerSums(t)).entries };
}

describe('PAYOUT customer call: order of checks', () => {
  it('answers 404 THEME_NOT_FOUND for an unknown or malformed brand before anything else', async () => {
    for (const theme of ['nobody', 'a.b']) {
      const res = await payout({ nonsense: true }, { theme, flowType: null });
      expect(refusal(res)).toEqual({ status: 404, code: 'THEME_NOT_FOUND' });
    }
  });

  it('answers 403 FLOW_UNAVAILABLE for a brand without PAYOUT (acme), before the body', async () => {
    const res = await payout({ nonsense: true }, { theme: 'acme' });
    expect(refusal(res)).toEqual({ status: 403, code: 'FLOW_UNAVAILABLE' });
    const demo = await t.db.selectFrom('brands').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    await t.db.updateTable('brand_flows').set({ is_available: 0 }).where('brand_id', '=', demo.id).where('flow_code', '=', 'PAYOUT').execute();
    t.deps.brands.clear();
    try {
      const { sessionId } = await session();
      expect(refusal(await payout(body('GIFT_GRACE', sessionId)))).toEqual({ status: 403, code: 'FLOW_UNAVAILABLE' });
    } finally {
      await t.db.updateTable('brand_flows').set({ is_available: 1 }).where('brand_id', '=', demo.id).where('flow_code', '=', 'PAYOUT').execute();
      t.deps.brands.clear();
    }
  });

  it('answers 400 VALIDATION_ERROR for a missing or foreign x-flow-type', async () => {
    const { sessionId } = await session();
    for (const flow of [null, 'BALANCE', 'REPLACE', 'payout']) {
      const res = await payout(body('GIFT_GRACE', sessionId), { flowType: flow });
      expect(refusal(res)).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'x-flow-type' })]);
    }
    expect((await identitySessionRow(t, (await t.db.selectFrom('identity_sessions').select('id').executeTakeFirstOrThrow()).id)).used_at).toBeNull();
  });

  it('answers 400 VALIDATION_ERROR listing every bad field, an IBAN of another shape included', async () => {
    const res = await payout({ cardNumber: '12', securityCode: '', sessionId: 'short', bankAccountNumber: 'DE89370400440532013000' });
    expect(refusal(res)).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect([...new Set(res.json().fields.map((f: { path: string }) => f.path))].sort()).toEqual(['bankAccountNumber', 'cardNumber', 'securityCode', 'sessionId']);
    // Only the sessionId is required by the body's shape: the card and the IBAN may have been bound
    // at the session call (docs/decisions/014, 2026-11-26; identity-bound-card.test.ts). A card
    // number without its security code, or the reverse, is refused here.
    const missing = await payout({});
    expect([...new Set(missing.json().fields.map((f: { path: string }) => f.path))].sort()).toEqual(['sessionId']);
    const half = await payout({ cardNumber: demoCard('GIFT_GRACE').number, sessionId: 'x'.repeat(43), bankAccountNumber: ING });
    expect(refusal(half)).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect(half.json().fields.map((f: { path: string }) => f.path)).toEqual(['securityCode']);
  });

  it('answers 400 IDENTITY_SESSION_INVALID for a session that cannot serve the call, before the security code is checked', async () => {
    const card = await cardRow(t, 'GIFT_GRACE');
    const before = await snapshotOf(card.id);
    const started = await session();
    // A session the provider never returned to: status started (its sessionId is not handed out; forced here).
    await t.db.updateTable('identity_sessions').set({ status: 'started', identity_ciphertext: null, subject_hash: null }).where('id', '=', started.id).execute();
    const cases = {
      unknown: 'x'.repeat(43),
      'other brand': (await session({ brand: 'acme' })).sessionId,
      'other flow': (await session({ flowType: 'IDENTIFY' })).sessionId,
      expired: (await session({ expired: true })).sessionId,
      'not returned': started.sessionId,
    };
    for (const [label, sessionId] of Object.entries(cases)) {
      for (const securityCode of [demoCard('GIFT_GRACE').securityCode, '000000']) {
        const res = await payout(body('GIFT_GRACE', sessionId, { securityCode }));
        expect(refusal(res), label).toEqual({ status: 400, code: 'IDENTITY_SESSION_INVALID' });
      }
    }
    // Nothing changed: no payout, no debit, the wrong codes not even counted (the session is checked first).
    expect(await snapshotOf(card.id)).toEqual(before);
    const sessions = await t.db.selectFrom('identity_sessions').select('used_at').where('used_at', 'is not', null).execute();
    expect(sessions).toEqual([]);
    const events = await auditEventsOf(t, 'payout.customer');
    expect(events.filter((e) => e.outcome === 'session_invalid').map((e) => e.detail!.replace(/ \(session [0-9a-f-]{36}\)$/, ''))).toEqual(
      expect.arrayContaining(['unknown session', 'session of another brand', 'session of flow IDENTIFY', 'session expired', 'session not returned']),
    );
  });

  it('answers 404 CARD_NOT_FOUND for a wrong code, an unknown number, a card of another brand or kind, alike; the session stays unspent', async () => {
    const { sessionId, id } = await session();
    const card = await cardRow(t, 'GIFT_GRACE');
    const answers = [
      await payout(body('GIFT_GRACE', sessionId, { securityCode: '000000' })),
      await payout(body('GIFT_GRACE', sessionId, { cardNumber: '6064 9999 9999 9999 999' })),
      await payout(body('GIFT_ACME', sessionId)),
      await payout(body('GIFT_GRACE', sessionId, { cardNumber: demoCard('VISA_ACTIVE').number, securityCode: 'Tq8m3x' })),
    ];
    for (const res of answers) expect(refusal(res)).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect((await cardRow(t, 'GIFT_GRACE')).failed_attempts).toBe(1);
    expect((await identitySessionRow(t, id)).used_at).toBeNull();
    expect(await payoutsOf(card.id)).toHaveLength(0);
    // The right code then works with the same session (and resets the count).
    const ok = await payout(body('GIFT_GRACE', sessionId));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ payout: 750, fee: 250, assetCode: 'EUR', bankAccountNumber: ING_MASKED });
    expect((await cardRow(t, 'GIFT_GRACE')).failed_attempts).toBe(0);
  });

  it('keeps the guessing limits: 5 wrong codes refuse even the right one with TOO_MANY_REQUESTS, and nothing is paid', async () => {
    const fresh = await issueTestGiftCard(t, { balance: 1000 });
    secrets.long.add(fresh.number);
    const { sessionId, id } = await session();
    const call = (securityCode: string) => payout({ cardNumber: fresh.number, securityCode, sessionId, bankAccountNumber: ING });
    for (let i = 0; i < 5; i++) expect(refusal(await call('000000'))).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
    expect(refusal(await call(fresh.securityCode))).toEqual({ status: 400, code: 'TOO_MANY_REQUESTS' });
    expect(await payoutsOf(fresh.id)).toHaveLength(0);
    expect(await balanceOf(fresh.id)).toBe(1000);
    expect((await identitySessionRow(t, id)).used_at).toBeNull();
  });
});

describe('PAYOUT customer call: the identity check and the IBAN', () => {
  it('answers USER_CANCELLED for a cancelled check and IDENTITY_FAILED for a failed one; nothing is paid', async () => {
    const card = await cardRow(t, 'GIFT_RESET');
    const before = await snapshotOf(card.id);
    const cancelled = await session({ status: 'cancelled' });
    expect(refusal(await payout(body('GIFT_RESET', cancelled.sessionId)))).toEqual({ status: 400, code: 'USER_CANCELLED' });
    const failed = await session({ status: 'failed' });
    expect(refusal(await payout(body('GIFT_RESET', failed.sessionId)))).toEqual({ status: 400, code: 'IDENTITY_FAILED' });
    // A repeat answers the same.
    expect(refusal(await payout(body('GIFT_RESET', cancelled.sessionId)))).toEqual({ status: 400, code: 'USER_CANCELLED' });
    expect(await snapshotOf(card.id)).toEqual(before);
    // Both sessions are now bound to this card: no other card can use them.
    for (const s of [cancelled, failed]) expect(await identitySessionRow(t, s.id)).toMatchObject({ card_id: card.id, used_at: expect.any(String) });
    expect(refusal(await payout(body('GIFT_REPLACE', cancelled.sessionId)))).toEqual({ status: 400, code: 'IDENTITY_SESSION_INVALID' });
    const outcomes = (await auditEventsOf(t, 'payout.customer', card.id)).map((e) => e.outcome);
    expect(outcomes).toEqual(expect.arrayContaining(['user_cancelled', 'identity_failed']));
  });

  it('refuses an IBAN with a bad checksum, of an unknown bank or of a bank without iDIN with VALIDATION_ERROR on bankAccountNumber', async () => {
    const card = await cardRow(t, 'GIFT_RESET');
    const before = await snapshotOf(card.id);
    for (const iban of [BAD_CHECKSUM, UNKNOWN_BANK, TRIO]) {
      const { sessionId } = await session();
      const res = await payout(body('GIFT_RESET', sessionId, { bankAccountNumber: iban }));
      expect(refusal(res), iban).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
      expect(res.json().fields).toEqual([{ path: 'bankAccountNumber', message: expect.any(String) }]);
    }
    expect(await snapshotOf(card.id)).toEqual(before);
    const details = (await auditEventsOf(t, 'payout.customer', card.id)).filter((e) => e.outcome === 'iban_refused').map((e) => e.detail!.split(': ')[1]);
    expect(details.sort()).toEqual(['checksum', 'no_idin', 'unknown_bank']);
  });

  it('refuses an IBAN of another iDIN bank than the one the cardholder identified at with IBAN_BANK_MISMATCH', async () => {
    const card = await cardRow(t, 'GIFT_RESET');
    const before = await snapshotOf(card.id);
    const atIng = await session({ issuer: ING_BIC });
    expect(refusal(await payout(body('GIFT_RESET', atIng.sessionId, { bankAccountNumber: ABN })))).toEqual({ status: 400, code: 'IBAN_BANK_MISMATCH' });
    const atRabo = await session({ issuer: 'RABONL2U' });
    expect(refusal(await payout(body('GIFT_RESET', atRabo.sessionId)))).toEqual({ status: 400, code: 'IBAN_BANK_MISMATCH' });
    expect(await snapshotOf(card.id)).toEqual(before);
    const [event] = (await auditEventsOf(t, 'payout.customer', card.id)).filter((e) => e.outcome === 'iban_bank_mismatch');
    expect(event!.detail).toMatch(/^session [0-9a-f-]{36}: IBAN of ABNANL2A, identified at INGBNL2A$/);

    // The session is bound to this card: the same card may send the corrected IBAN with it (within its
    // 10 minutes); another card may not use it.
    expect(refusal(await payout(body('GIFT_REPLACE', atIng.sessionId)))).toEqual({ status: 400, code: 'IDENTITY_SESSION_INVALID' });
    const fixed = await payout(body('GIFT_RESET', atIng.sessionId));
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toEqual({ payout: 2750, fee: 250, assetCode: 'EUR', bankAccountNumber: ING_MASKED });
    expect(await balanceOf(card.id)).toBe(0);
    expect((await cardRow(t, 'GIFT_REPLACE')).paid_out_at).toBeNull();
  });

  it('answers BALANCE_TOO_LOW for GIFT_EMPTY and GIFT_BELOW_FEE and debits nothing', async () => {
    for (const name of ['GIFT_EMPTY', 'GIFT_BELOW_FEE']) {
      const card = await cardRow(t, name);
      const before = await snapshotOf(card.id);
      const { sessionId } = await session();
      expect(refusal(await payout(body(name, sessionId))), name).toEqual({ status: 400, code: 'BALANCE_TOO_LOW' });
      expect(await snapshotOf(card.id)).toEqual(before);
    }
  });

  it('answers CARD_NOT_FOUND for a card SEPA cannot pay (not in euros)', async () => {
    const dollars = await issueTestGiftCard(t, { balance: 5000, assetCode: 'USD' });
    secrets.long.add(dollars.number);
    const { sessionId } = await session();
    const res = await payout({ cardNumber: dollars.number, securityCode: dollars.securityCode, sessionId, bankAccountNumber: ING });
    expect(refusal(res)).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
    expect(await payoutsOf(dollars.id)).toHaveLength(0);
  });
});

/** The session of the GIFT_PAYOUT success, for the tests after it. */
let first: { sessionId: string; id: string };

describe('PAYOUT customer call: GIFT_PAYOUT', () => {
  let answer: unknown;

  it('records the payout with the verified name, debits payout and fee, and answers the masked IBAN', async () => {
    const card = await cardRow(t, 'GIFT_PAYOUT');
    const sumsBefore = await ledgerSums(t);
    expect(sumsBefore.byCard.get(card.id)).toBe(4250);
    first = await session();

    const res = await payout(body('GIFT_PAYOUT', first.sessionId));
    expect(res.statusCode).toBe(200);
    answer = payoutCustomerResponseSchema.parse(res.json());
    expect(answer).toEqual({ payout: 4000, fee: 250, assetCode: 'EUR', bankAccountNumber: ING_MASKED });

    // Money: balance − payout − fee = 0; nothing else moved.
    const sumsAfter = await ledgerSums(t);
    expect(sumsAfter.byCard.get(card.id)).toBe(4250 - 4000 - 250);
    expect(sumsBefore.total - sumsAfter.total).toBe(4000 + 250);
    expect(sumsAfter.entries).toBe(sumsBefore.entries + 2);
    expect((await debitsOf(card.id)).sort()).toEqual(['fee -250', 'payout -4000']);

    // The payout: pending, the verified name and the IBAN encrypted, the session recorded.
    const [row, ...more] = await payoutsOf(card.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ amount: 4000, fee: 250, asset_code: 'EUR', status: 'pending', bic: 'INGBNL2A', iban_hint: ING_MASKED, identity_session_id: first.id });
    expect(t.deps.crypto.cipher.decrypt(row!.name_ciphertext, PURPOSE.payoutName)).toBe(TEST_IDENTITY.name);
    expect(t.deps.crypto.cipher.decrypt(row!.iban_ciphertext, PURPOSE.payoutIban)).toBe('NL69INGB0123456789');
    expect((await cardRow(t, 'GIFT_PAYOUT')).paid_out_at).not.toBeNull();
    expect(await identitySessionRow(t, first.id)).toMatchObject({ card_id: card.id, used_at: expect.any(String) });

    // Audit: the call's outcome and the recorded payout, with ids and the mask only.
    const events = await auditEventsOf(t, 'payout.customer', card.id);
    const success = events.filter((e) => e.outcome === 'paid_out');
    expect(success).toHaveLength(1);
    expect(success[0]).toMatchObject({ flow_type: 'PAYOUT', client: expect.any(String) });
    expect(success[0]!.detail).toBe(`session ${first.id}: payout ${row!.id}`);
    const recorded = await auditEventsOf(t, 'payout.record', card.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.detail).toBe(`payout ${row!.id} attempt 1: 4000 + fee 250 EUR to ${ING_MASKED}`);
  });

  it('answers a repeat of the same call (the IBAN with spaces and case aside) with the same success and moves nothing', async () => {
    const card = await cardRow(t, 'GIFT_PAYOUT');
    const before = await snapshotOf(card.id);
    const rows = await payoutsOf(card.id);
    for (const iban of [ING, 'NL69INGB0123456789', 'nl69 ingb 0123 4567 89']) {
      const res = await payout(body('GIFT_PAYOUT', first.sessionId, { bankAccountNumber: iban }));
      expect(res.statusCode, iban).toBe(200);
      expect(res.json()).toEqual(answer);
    }
    expect(await snapshotOf(card.id)).toEqual(before);
    expect(await payoutsOf(card.id)).toEqual(rows);
    expect((await auditEventsOf(t, 'payout.customer', card.id)).filter((e) => e.outcome === 'repeat')).toHaveLength(3);
    // Even once the session's 10 minutes are over, a repeat for this card answers the same.
    await t.db.updateTable('identity_sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', first.id).execute();
    expect((await payout(body('GIFT_PAYOUT', first.sessionId))).json()).toEqual(answer);
  });

  it('refuses a repeat with another IBAN with 409 IDEMPOTENCY_CONFLICT, naming neither IBAN, and moves nothing', async () => {
    const card = await cardRow(t, 'GIFT_PAYOUT');
    const before = await snapshotOf(card.id);
    const rows = await payoutsOf(card.id);
    const session = await identitySessionRow(t, first.id);
    // Another account at the bank identified at, and one at another bank (compared before the IBAN checks).
    for (const iban of [ING_OTHER, RABO]) {
      const res = await payout(body('GIFT_PAYOUT', first.sessionId, { bankAccountNumber: iban }));
      expect(refusal(res), iban).toEqual({ status: 409, code: 'IDEMPOTENCY_CONFLICT' });
      expect(res.body).not.toMatch(/NL\d\d/);
    }
    expect(await snapshotOf(card.id)).toEqual(before);
    expect(await payoutsOf(card.id)).toEqual(rows);
    expect(await identitySessionRow(t, first.id)).toEqual(session);
    const conflicts = (await auditEventsOf(t, 'payout.customer', card.id)).filter((e) => e.outcome === 'idempotency_conflict');
    expect(conflicts.map((e) => e.detail)).toEqual(Array(2).fill(`session ${first.id}: payout ${rows[0]!.id} went to another IBAN`));
    // The first IBAN still gets its answer afterwards.
    expect((await payout(body('GIFT_PAYOUT', first.sessionId))).json()).toEqual(answer);
  });

  it('refuses the spent session for another card, even with that card\u2019s right code, and pays nothing there', async () => {
    const other = await cardRow(t, 'GIFT_BALANCE');
    const before = await snapshotOf(other.id);
    const res = await payout(body('GIFT_BALANCE', first.sessionId));
    expect(refusal(res)).toEqual({ status: 400, code: 'IDENTITY_SESSION_INVALID' });
    expect(await snapshotOf(other.id)).toEqual(before);
    const [event] = (await auditEventsOf(t, 'payout.customer')).filter((e) => e.outcome === 'session_invalid' && e.detail?.startsWith('session spent by another card'));
    expect(event).toBeDefined();
  });

  it('refuses a new session for the paid-out card with CARD_ALREADY_REGISTERED', async () => {
    const card = await cardRow(t, 'GIFT_PAYOUT');
    const before = await snapshotOf(card.id);
    const second = await session();
    expect(refusal(await payout(body('GIFT_PAYOUT', second.sessionId)))).toEqual({ status: 400, code: 'CARD_ALREADY_REGISTERED' });
    expect(await snapshotOf(card.id)).toEqual(before);
  });

  it('lets the PAYOUT lookup show the card as empty afterwards (the nobalance screen)', async () => {
    const res = await t.app.inject({ method: 'POST', url: payoutApi.lookup.build(), headers: { 'x-flow-type': 'PAYOUT' }, payload: lookupBody('GIFT_PAYOUT') });
    expect(res.json().payoutBalance).toEqual({ balance: 0, fee: 250, payout: 0, assetCode: 'EUR' });
  });
});

describe('PAYOUT customer call: registered cards', () => {
  it('refuses to pay out a card registered by the IDENTIFY call', async () => {
    const card = await cardRow(t, 'GIFT_IDENTIFY');
    const identify = await session({ flowType: 'IDENTIFY' });
    const registered = await identifyCustomerCall(t, identify.sessionId, { cardNumber: demoCard('GIFT_IDENTIFY').number, securityCode: demoCard('GIFT_IDENTIFY').securityCode });
    expect(registered.statusCode).toBe(200);
    const before = await snapshotOf(card.id);
    expect(before.card.registered_at).not.toBeNull();
    const { sessionId } = await session();
    expect(refusal(await payout(body('GIFT_IDENTIFY', sessionId)))).toEqual({ status: 400, code: 'CARD_ALREADY_REGISTERED' });
    expect(await snapshotOf(card.id)).toEqual(before);
    expect(before.balance).toBe(2000);
  });
});

describe('PAYOUT customer call: at once', () => {
  it('pays one card once when fifty calls with one session arrive at once, and answers each the same', async () => {
    const fresh = await issueTestGiftCard(t, { balance: 3000 });
    secrets.long.add(fresh.number);
    const { sessionId, id } = await session();
    const before = await ledgerSums(t);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => payoutCustomerCall(t, { cardNumber: fresh.number, securityCode: fresh.securityCode, sessionId, bankAccountNumber: ING })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(results.map((r) => r.body))).toEqual(new Set([JSON.stringify({ payout: 2750, fee: 250, assetCode: 'EUR', bankAccountNumber: ING_MASKED })]));
    const payouts = await payoutsOf(fresh.id);
    expect(payouts.map((p) => [p.amount, p.identity_session_id])).toEqual([[2750, id]]);
    expect((await debitsOf(fresh.id)).sort()).toEqual(['fee -250', 'payout -2750']);
    const after = await ledgerSums(t);
    expect(after.byCard.get(fresh.id)).toBe(0);
    expect(before.total - after.total).toBe(3000);
  });

  it('pays one card once when fifty calls with fifty sessions arrive at once; the others answer CARD_ALREADY_REGISTERED', async () => {
    const fresh = await issueTestGiftCard(t, { balance: 1250 });
    secrets.long.add(fresh.number);
    const sessions = await Promise.all(Array.from({ length: 50 }, () => session()));
    const before = await ledgerSums(t);
    const results = await Promise.all(
      sessions.map((s) => payoutCustomerCall(t, { cardNumber: fresh.number, securityCode: fresh.securityCode, sessionId: s.sessionId, bankAccountNumber: ING })),
    );
    const codes = results.map((r) => (r.statusCode === 200 ? 'OK' : r.json().code));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'CARD_ALREADY_REGISTERED')).toHaveLength(49);
    expect(results.find((r) => r.statusCode === 200)!.json()).toEqual({ payout: 1000, fee: 250, assetCode: 'EUR', bankAccountNumber: ING_MASKED });
    const payouts = await payoutsOf(fresh.id);
    expect(payouts).toHaveLength(1);
    expect((await debitsOf(fresh.id)).sort()).toEqual(['fee -250', 'payout -1000']);
    expect(before.total - (await ledgerSums(t)).total).toBe(1250);
    // Every one of the fifty sessions is now bound to this card.
    const rows = await t.db.selectFrom('identity_sessions').select('card_id').where('id', 'in', sessions.map((s) => s.id)).execute();
    expect(new Set(rows.map((r) => r.card_id))).toEqual(new Set([fresh.id]));
  });

  it('pays one card once when twenty calls with one session and two IBANs arrive at once; the other IBAN is refused with 409', async () => {
    const fresh = await issueTestGiftCard(t, { balance: 2250 });
    secrets.long.add(fresh.number);
    const { sessionId, id } = await session();
    const before = await ledgerSums(t);
    const ibans = [ING, ING_OTHER];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => payout({ cardNumber: fresh.number, securityCode: fresh.securityCode, sessionId, bankAccountNumber: ibans[i % 2] })),
    );
    const payouts = await payoutsOf(fresh.id);
    expect(payouts.map((p) => [p.amount, p.identity_session_id])).toEqual([[2000, id]]);
    const won = t.deps.crypto.cipher.decrypt(payouts[0]!.iban_ciphertext, PURPOSE.payoutIban);
    expect(ibans.map((i) => i.replaceAll(' ', ''))).toContain(won);
    results.forEach((res, i) => {
      if (ibans[i % 2]!.replaceAll(' ', '') === won) expect([res.statusCode, res.json()]).toEqual([200, { payout: 2000, fee: 250, assetCode: 'EUR', bankAccountNumber: payouts[0]!.iban_hint }]);
      else expect(refusal(res)).toEqual({ status: 409, code: 'IDEMPOTENCY_CONFLICT' });
    });
    expect((await debitsOf(fresh.id)).sort()).toEqual(['fee -250', 'payout -2000']);
    const after = await ledgerSums(t);
    expect(after.byCard.get(fresh.id)).toBe(0);
    expect(before.total - after.total).toBe(2250);
    const outcomes = (await auditEventsOf(t, 'payout.customer', fresh.id)).map((e) => e.outcome);
    expect([outcomes.filter((o) => o === 'paid_out').length, outcomes.filter((o) => o === 'repeat').length, outcomes.filter((o) => o === 'idempotency_conflict').length]).toEqual([1, 9, 10]);
  });

  it('lets one session pay out only one of twenty cards tried at once', async () => {
    const cards = await Promise.all(Array.from({ length: 20 }, () => issueTestGiftCard(t, { balance: 500 })));
    cards.forEach((c) => secrets.long.add(c.number));
    const { sessionId, id } = await session();
    const results = await Promise.all(cards.map((c) => payoutCustomerCall(t, { cardNumber: c.number, securityCode: c.securityCode, sessionId, bankAccountNumber: ING })));
    const codes = results.map((r) => (r.statusCode === 200 ? 'OK' : r.json().code));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'IDENTITY_SESSION_INVALID')).toHaveLength(19);
    const paid = await t.db.selectFrom('payouts').select(['card_id']).where('identity_session_id', '=', id).execute();
    expect(paid).toHaveLength(1);
    expect((await identitySessionRow(t, id)).card_id).toBe(paid[0]!.card_id);
    const sums = await ledgerSums(t);
    expect(cards.map((c) => sums.byCard.get(c.id)).sort()).toEqual([0, ...Array(19).fill(500)]);
  });
});

describe('PAYOUT customer call: afterwards', () => {
  it('lets the export pay GIFT_PAYOUT once, to the verified name and the IBAN', async () => {
    const card = await cardRow(t, 'GIFT_PAYOUT');
    const [row] = await payoutsOf(card.id);
    const { xml, messageId } = await exportToString(t);
    expect(messageId).not.toBeNull();
    const transfers = [...xml.matchAll(/<CdtTrfTxInf>([\s\S]*?)<\/CdtTrfTxInf>/g)].map((m) => m[1]!);
    const ours = transfers.filter((tx) => tx.includes(`<EndToEndId>${row!.end_to_end_id}</EndToEndId>`));
    expect(ours).toHaveLength(1);
    const tx = ours[0]!;
    expect(/<InstdAmt Ccy="EUR">([^<]+)<\/InstdAmt>/.exec(tx)?.[1]).toBe('40.00');
    expect(/<Cdtr>\s*<Nm>([^<]+)<\/Nm>/.exec(tx)?.[1]).toBe('Zoe de Vries');
    expect(/<CdtrAcct>[\s\S]*?<IBAN>([^<]+)<\/IBAN>/.exec(tx)?.[1]).toBe('NL69INGB0123456789');
    expect(/<BICFI>([^<]+)<\/BICFI>/.exec(/<CdtrAgt>[\s\S]*?<\/CdtrAgt>/.exec(tx)![0])?.[1]).toBe('INGBNL2A');
    expect((await payoutsOf(card.id))[0]!.status).toBe('exported');
    // A repeat of the customer call after the export still answers the first success and moves nothing.
    expect((await payout(body('GIFT_PAYOUT', first.sessionId))).json()).toEqual({ payout: 4000, fee: 250, assetCode: 'EUR', bankAccountNumber: ING_MASKED });
    expect(await payoutsOf(card.id)).toHaveLength(1);
  });

  it('writes no sessionId, card number, IBAN or name to the log, and no secret to an audit event', async () => {
    expect(log.requestUrls().filter((u) => u.includes('/customer')).length).toBeGreaterThan(50);
    secrets.expectNotLogged(log);
    const audit = await t.db.selectFrom('audit_events').select('detail').where('type', 'in', ['payout.customer', 'payout.record']).execute();
    for (const { detail } of audit) {
      if (detail === null) continue;
      for (const secret of secrets.long) expect(detail.includes(secret)).toBe(false);
      // Structure: ids, outcome words, BICs and the IBAN mask; never an account number in full.
      expect(detail).toMatch(/^[\w ().:,+*-]*$/);
      expect(detail.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID')).not.toMatch(/\d{7,}/);
    }
  });
});
