import { identitySessionResponseSchema, identityApi, resetApi } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CAPTCHA_TOKEN } from '../src/adapters/captcha/test.js';
import { PURPOSE } from '../src/crypto/index.js';
import { createLogger } from '../src/logger.js';
import { issueRecoveryCode } from '../src/operator/issue-recovery-code.js';
import { auditEventsOf, countersOf, ledgerSums, logSink, setCounters } from './helpers/flows.js';
import { GUESSING_LOCK_AFTER } from '../src/domain/guessing-policy.js';
import { issueTestGiftCard } from './helpers/identity.js';
import { sandboxPage, TestBrowser } from './helpers/sandbox-browser.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// The card bound at the session call (docs/decisions/014, 2026-11-26): the session call takes the
// card number, the security code and (PAYOUT) the IBAN as optional extra fields, checks them under
// the guessing limits and binds them to the session; the customer call then works with the
// sessionId alone. Over real HTTP: the app listens, the session call goes to it, the sandbox
// provider's page is answered as a person would, and the customer call carries what the browser
// has after the return.

const PORT = 18623;
const BASE = `http://localhost:${PORT}`;
const CALLBACK = `${BASE}/callback`;

let t: TestApp;
const log = logSink();

beforeAll(async () => {
  t = await createTestApp({
    env: { PORT: String(PORT), PUBLIC_URL: BASE, RATE_LIMIT_PER_MINUTE: '100000' },
    logger: createLogger({ logLevel: 'trace' }, log.stream),
  });
  await t.app.listen({ port: PORT, host: 'localhost' });
});
afterAll(async () => {
  await t?.close();
});

const ING = 'NL69 INGB 0123 4567 89';
const ING_PLAIN = 'NL69INGB0123456789';
const ING_MASKED = 'NL69INGB******6789';
const ING_OTHER = 'NL20INGB0001234567'; // another account at the same bank
const ABN = 'NL02ABNA0123456789'; // another iDIN bank
const TRIO = 'NL70TRIO0123456789'; // a bank without iDIN
const BAD_CHECKSUM = 'NL70INGB0123456789';

/** Every card number, IBAN and sessionId this file used: none may reach the log. */
const secrets = new Set<string>([ING_PLAIN, ING_OTHER, ABN, TRIO, BAD_CHECKSUM]);

type Card = Awaited<ReturnType<typeof issueTestGiftCard>>;
async function freshCard(balance = 1000): Promise<Card> {
  const card = await issueTestGiftCard(t, { balance });
  secrets.add(card.number);
  return card;
}

let stateCounter = 0;
const webState = () => `bound-state-${(++stateCounter).toString().padStart(4, '0')}`;

async function post(path: string, flow: string, body: unknown) {
  const res = await fetch(`${BASE}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-flow-type': flow }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text, json: () => JSON.parse(text) as Record<string, unknown> & { code?: string; fields?: Array<{ path: string }> } };
}
type Answer = Awaited<ReturnType<typeof post>>;
const refusal = (res: Answer) => ({ status: res.status, code: res.json().code });
const fieldsOf = (res: Answer) => (res.json().fields ?? []).map((f) => f.path).sort();

/** The session call with the spec's fields and the extra ones given. */
function sessionCall(flow: 'PAYOUT' | 'IDENTIFY', extra: Record<string, unknown> = {}, issuer = 'INGBNL2A') {
  return post(identityApi.session.build({ themeCode: 'demo' }), flow, { provider: 'IDIN', issuer, redirectUrl: CALLBACK, state: webState(), ...extra });
}

const withCard = (card: Card, more: Record<string, unknown> = {}) => ({ cardNumber: card.number, securityCode: card.securityCode, ...more });

/** A session started (with whatever extra fields), then approved at the sandbox bank: the sessionId the browser gets back. */
async function approvedSession(flow: 'PAYOUT' | 'IDENTIFY', extra: Record<string, unknown> = {}, issuer = 'INGBNL2A') {
  const started = await sessionCall(flow, extra, issuer);
  expect(started.status, started.body).toBe(200);
  const { authorizationUrl } = identitySessionResponseSchema.parse(started.json());
  const browser = new TestBrowser(BASE);
  const atBank = await browser.follow(authorizationUrl);
  expect(atBank.response.status).toBe(200);
  const page = sandboxPage(await atBank.response.text(), BASE);
  const toReturn = await browser.follow(
    page.action!,
    { form: { name: 'Zoë de Vries', birthdate: '1980-04-01', action: 'approve' } },
    (location) => location.pathname === '/api/Authentication/return',
  );
  const back = await browser.request(toReturn.next!.href);
  expect(back.status).toBe(303);
  const location = new URL(back.headers.get('location')!);
  const sessionId = location.searchParams.get('sessionId')!;
  secrets.add(sessionId);
  const row = await t.db
    .selectFrom('identity_sessions')
    .selectAll()
    .where('session_id_hash', '=', t.deps.crypto.blindIndex.of(PURPOSE.identitySession, sessionId))
    .executeTakeFirstOrThrow();
  return { sessionId, row };
}

const payoutCall = (body: Record<string, unknown>) => post(identityApi.customer.build({ themeCode: 'demo' }), 'PAYOUT', body);
const identifyCall = (sessionId: string, body: Record<string, unknown>) => post(identityApi.customer.build({ themeCode: 'demo' }, { sessionId }), 'IDENTIFY', body);

const cardState = async (id: string) => {
  const row = await t.db.selectFrom('cards').select(['paid_out_at', 'registered_at', 'number_ciphertext']).where('id', '=', id).executeTakeFirstOrThrow();
  const { failed_attempts, locked_until } = await countersOf(t, row);
  return { failed_attempts, locked_until, paid_out_at: row.paid_out_at, registered_at: row.registered_at };
};
const sessionRow = (id: string) => t.db.selectFrom('identity_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const sessionCount = async () => Number((await t.db.selectFrom('identity_sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const payoutsOf = (cardId: string) => t.db.selectFrom('payouts').selectAll().where('card_id', '=', cardId).execute();
const balanceOf = async (cardId: string) => (await ledgerSums(t)).byCard.get(cardId) ?? 0;

/** What a refused call must leave as it was. */
async function snapshotOf(cardId: string, sessionId?: string) {
  return {
    card: await cardState(cardId),
    balance: await balanceOf(cardId),
    payouts: (await payoutsOf(cardId)).length,
    registrations: (await t.db.selectFrom('card_registrations').select('card_id').where('card_id', '=', cardId).execute()).length,
    session: sessionId ? await sessionRow(sessionId) : null,
  };
}

describe('the session call with the card', () => {
  it('PAYOUT: checks the card and binds it, its security code and the IBAN (encrypted) to the session', async () => {
    const card = await freshCard();
    const { row } = await approvedSession('PAYOUT', withCard(card, { bankAccountNumber: ING }));
    expect(row.bound_card_id).toBe(card.id);
    const secret = await t.db.selectFrom('card_secrets').select('id').where('card_id', '=', card.id).where('kind', '=', 'security_code').executeTakeFirstOrThrow();
    expect(row.bound_secret_id).toBe(secret.id);
    expect(t.deps.crypto.cipher.decrypt(row.bound_iban_ciphertext!, PURPOSE.identityIban)).toBe(ING_PLAIN);
    // Not spent: that is the customer call's.
    expect(row).toMatchObject({ status: 'verified', card_id: null, used_at: null });
    // Neither the number, the code nor the IBAN stands in the row in the clear.
    const columns = JSON.stringify(row);
    for (const plain of [card.number, card.securityCode, ING_PLAIN, 'INGB0123456789']) expect(columns).not.toContain(plain);
    const [started] = (await auditEventsOf(t, 'identity.session.start', card.id)).filter((e) => e.outcome === 'started');
    expect(started!.detail).toBe(`session ${row.id}, issuer INGBNL2A, card and IBAN bound`);
  });

  it('IDENTIFY: binds the card, and no IBAN', async () => {
    const card = await freshCard();
    const { row } = await approvedSession('IDENTIFY', withCard(card));
    expect(row).toMatchObject({ flow_type: 'IDENTIFY', bound_card_id: card.id, bound_iban_ciphertext: null, card_id: null });
  });

  it('refuses extra fields that do not go together, and IBANs the payout would refuse, before the card is looked at', async () => {
    const card = await freshCard();
    const before = await sessionCount();
    const cases: Array<[string, 'PAYOUT' | 'IDENTIFY', Record<string, unknown>, string[]]> = [
      ['a number without its code', 'PAYOUT', { cardNumber: card.number, bankAccountNumber: ING }, ['securityCode']],
      ['a code without its number', 'IDENTIFY', { securityCode: card.securityCode }, ['cardNumber']],
      ['an IBAN without the card', 'PAYOUT', { bankAccountNumber: ING }, ['bankAccountNumber']],
      ['PAYOUT: the card without the IBAN', 'PAYOUT', withCard(card), ['bankAccountNumber']],
      ['IDENTIFY: an IBAN', 'IDENTIFY', withCard(card, { bankAccountNumber: ING }), ['bankAccountNumber']],
      ['an IBAN with wrong check digits', 'PAYOUT', withCard(card, { bankAccountNumber: BAD_CHECKSUM }), ['bankAccountNumber']],
      ['a bank without iDIN', 'PAYOUT', withCard(card, { bankAccountNumber: TRIO }), ['bankAccountNumber']],
      ['a foreign IBAN', 'PAYOUT', withCard(card, { bankAccountNumber: 'DE89370400440532013000' }), ['bankAccountNumber']],
      // Even with a wrong code: these are refused before the code is tried, so nothing is counted.
      ['a wrong code and a bad IBAN', 'PAYOUT', withCard(card, { securityCode: '000000', bankAccountNumber: TRIO }), ['bankAccountNumber']],
    ];
    for (const [label, flow, extra, fields] of cases) {
      const res = await sessionCall(flow, extra);
      expect(refusal(res), label).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
      expect(fieldsOf(res), label).toEqual(fields);
      for (const plain of [card.number, card.securityCode]) expect(res.body, label).not.toContain(plain);
    }
    // The IBAN's bank must be the bank the cardholder identifies at.
    expect(refusal(await sessionCall('PAYOUT', withCard(card, { bankAccountNumber: ABN })))).toEqual({ status: 400, code: 'IBAN_BANK_MISMATCH' });
    expect(refusal(await sessionCall('PAYOUT', withCard(card, { bankAccountNumber: ABN }), 'ABNANL2A')).status).toBe(200);
    expect(await sessionCount()).toBe(before + 1);
    expect((await cardState(card.id)).failed_attempts).toBe(0);
  });

  it('answers a wrong security code 404 CARD_NOT_FOUND, counted under the guessing limits: the 6th try in a row is 400 TOO_MANY_REQUESTS', async () => {
    const card = await freshCard();
    const before = await sessionCount();
    const wrong = [];
    for (let i = 0; i < 5; i++) wrong.push(await sessionCall('PAYOUT', withCard(card, { securityCode: `00000${i}`, bankAccountNumber: ING })));
    for (const res of wrong) expect(refusal(res)).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
    // The same answer as the lookup's for a wrong code, and as for a number without a card.
    const unknown = await sessionCall('PAYOUT', { cardNumber: '6064 9999 9999 9999 998', securityCode: '000000', bankAccountNumber: ING });
    expect(new Set([...wrong, unknown].map((r) => r.body)).size).toBe(1);
    expect((await cardState(card.id)).failed_attempts).toBe(5);
    expect((await cardState(card.id)).locked_until).not.toBeNull();
    // The 6th in a row, even with the right code: refused, nothing bound.
    const sixth = await sessionCall('PAYOUT', withCard(card, { bankAccountNumber: ING }));
    expect(refusal(sixth)).toEqual({ status: 400, code: 'TOO_MANY_REQUESTS' });
    expect(await sessionCount()).toBe(before);
    // The card's counter is the one the lookup uses: the lookup is refused too.
    const lookup = await post('/api/GiftCard/', 'BALANCE', { code: 'DEMO', giftCardNumber: card.number, pinCode: card.securityCode, 'g-recaptcha-response': TEST_CAPTCHA_TOKEN });
    expect(refusal(lookup)).toEqual({ status: 400, code: 'TOO_MANY_REQUESTS' });
    const outcomes = (await auditEventsOf(t, 'identity.session.start', card.id)).map((e) => e.outcome);
    expect(outcomes.filter((o) => o === 'wrong_secret')).toHaveLength(5);
    expect(outcomes).toContain('refused_cooldown');
  });

  it('answers 404 for a card of another brand, alike', async () => {
    const acme = await t.db.selectFrom('brands').select('id').where('slug', '=', 'acme').executeTakeFirstOrThrow();
    const card = await freshCard();
    await t.db.updateTable('cards').set({ brand_id: acme.id }).where('id', '=', card.id).execute();
    expect(refusal(await sessionCall('PAYOUT', withCard(card, { bankAccountNumber: ING })))).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
  });
});

describe('the customer call with the sessionId alone', () => {
  it('PAYOUT pays out to the bound IBAN; a repeat, alone or with the spec’s fields, answers the same and moves nothing', async () => {
    const card = await freshCard(3000);
    const { sessionId, row } = await approvedSession('PAYOUT', withCard(card, { bankAccountNumber: ING }));
    const res = await payoutCall({ sessionId });
    expect(res.status, res.body).toBe(200);
    const answer = { payout: 2750, fee: 250, assetCode: 'EUR', bankAccountNumber: ING_MASKED };
    expect(res.json()).toEqual(answer);
    const [payout, ...more] = await payoutsOf(card.id);
    expect(more).toEqual([]);
    expect(payout).toMatchObject({ amount: 2750, fee: 250, status: 'pending', bic: 'INGBNL2A', identity_session_id: row.id });
    expect(t.deps.crypto.cipher.decrypt(payout!.iban_ciphertext, PURPOSE.payoutIban)).toBe(ING_PLAIN);
    expect(await balanceOf(card.id)).toBe(0);
    expect(await sessionRow(row.id)).toMatchObject({ card_id: card.id, used_at: expect.any(String) });

    const after = await snapshotOf(card.id, row.id);
    expect((await payoutCall({ sessionId })).json()).toEqual(answer);
    expect((await payoutCall({ sessionId, bankAccountNumber: 'nl69ingb0123456789' })).json()).toEqual(answer);
    expect((await payoutCall({ sessionId, ...withCard(card), bankAccountNumber: ING })).json()).toEqual(answer);
    expect(await snapshotOf(card.id, row.id)).toEqual(after);
    const outcomes = (await auditEventsOf(t, 'payout.customer', card.id)).map((e) => e.outcome);
    expect(outcomes).toEqual(['paid_out', 'repeat', 'repeat', 'repeat']);
  });

  it('IDENTIFY registers the bound card and answers its number', async () => {
    const card = await freshCard();
    const { sessionId, row } = await approvedSession('IDENTIFY', withCard(card));
    const res = await identifyCall(sessionId, {});
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toEqual({ cardNumber: card.number });
    const registration = await t.db.selectFrom('card_registrations').selectAll().where('card_id', '=', card.id).executeTakeFirstOrThrow();
    expect(registration.identity_session_id).toBe(row.id);
    expect((await cardState(card.id)).registered_at).not.toBeNull();
    // A repeat answers the same; the spec's fields too.
    expect((await identifyCall(sessionId, {})).json()).toEqual({ cardNumber: card.number });
    expect((await identifyCall(sessionId, withCard(card))).json()).toEqual({ cardNumber: card.number });
  });

  it('refuses a session started without the card with VALIDATION_ERROR naming the card fields, and changes nothing', async () => {
    const card = await freshCard();
    const payout = await approvedSession('PAYOUT');
    const res = await payoutCall({ sessionId: payout.sessionId, bankAccountNumber: ING });
    expect(refusal(res)).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect(fieldsOf(res)).toEqual(['cardNumber', 'securityCode']);
    expect(await sessionRow(payout.row.id)).toEqual(payout.row);
    const identify = await approvedSession('IDENTIFY');
    const refused = await identifyCall(identify.sessionId, {});
    expect(fieldsOf(refused)).toEqual(['cardNumber', 'securityCode']);
    expect(await sessionRow(identify.row.id)).toEqual(identify.row);
    // The spec's fields still work with such a session: PAYOUT with all four, IDENTIFY with both.
    const paid = await payoutCall({ sessionId: payout.sessionId, ...withCard(card), bankAccountNumber: ING });
    expect(paid.status, paid.body).toBe(200);
    expect(paid.json()).toEqual({ payout: 750, fee: 250, assetCode: 'EUR', bankAccountNumber: ING_MASKED });
    const other = await freshCard();
    const registered = await identifyCall(identify.sessionId, withCard(other));
    expect(registered.json()).toEqual({ cardNumber: other.number });
  });

  it('does not ask the bound card for its code again, but refuses it once blocked, locked by the operator, or its security code changed', async () => {
    // Blocked (replaced, say) since the session call: not found, as the spec's fields would find it.
    const blocked = await freshCard();
    const a = await approvedSession('PAYOUT', withCard(blocked, { bankAccountNumber: ING }));
    await t.db.updateTable('cards').set({ state: 'blocked' }).where('id', '=', blocked.id).execute();
    expect(refusal(await payoutCall({ sessionId: a.sessionId }))).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
    // Locked for the operator (what 100 wrong secrets in a row lead to, GUESSING_LOCK_AFTER).
    const locked = await freshCard();
    const b = await approvedSession('PAYOUT', withCard(locked, { bankAccountNumber: ING }));
    await setCounters(t, await t.db.selectFrom('cards').select('number_ciphertext').where('id', '=', locked.id).executeTakeFirstOrThrow(), { failed_attempts: GUESSING_LOCK_AFTER });
    expect(refusal(await payoutCall({ sessionId: b.sessionId }))).toEqual({ status: 400, code: 'TOO_MANY_REQUESTS' });
    // A new security code (RESET with a recovery code) since the session call: the binding is gone.
    const reset = await freshCard();
    const c = await approvedSession('IDENTIFY', withCard(reset));
    const { recoveryCode } = await issueRecoveryCode(t.deps, reset.number);
    const recovered = await post(resetApi.recovery.build({ themeCode: 'demo' }), 'SECURITY_RESET', {
      cardNumber: reset.number,
      otcNumber: recoveryCode,
      securityCode: 'k7P2q9',
      'g-recaptcha-response': TEST_CAPTCHA_TOKEN,
    });
    expect(recovered.status, recovered.body).toBe(200);
    expect(refusal(await identifyCall(c.sessionId, {}))).toEqual({ status: 400, code: 'IDENTITY_SESSION_INVALID' });
    // None of them spent its session, paid or registered anything.
    for (const [card, s] of [[blocked, a], [locked, b], [reset, c]] as const) {
      expect((await sessionRow(s.row.id)).used_at).toBeNull();
      expect(await payoutsOf(card.id)).toEqual([]);
      expect((await cardState(card.id)).registered_at).toBeNull();
    }
    // A cool-down started by somebody's wrong guesses since does not stand in the way: no code is tried.
    const cooled = await freshCard(1250);
    const d = await approvedSession('PAYOUT', withCard(cooled, { bankAccountNumber: ING }));
    for (let i = 0; i < 5; i++) await sessionCall('PAYOUT', withCard(cooled, { securityCode: `11111${i}`, bankAccountNumber: ING }));
    expect((await cardState(cooled.id)).locked_until).not.toBeNull();
    const paid = await payoutCall({ sessionId: d.sessionId });
    expect(paid.status, paid.body).toBe(200);
    expect((await cardState(cooled.id)).failed_attempts).toBe(5);
  });
});

describe('both the bound card and the spec’s fields, disagreeing', () => {
  it('PAYOUT: another card (with its right code) is refused with VALIDATION_ERROR on cardNumber; nothing changes', async () => {
    const bound = await freshCard(2000);
    const other = await freshCard(2000);
    const { sessionId, row } = await approvedSession('PAYOUT', withCard(bound, { bankAccountNumber: ING }));
    const before = [await snapshotOf(bound.id, row.id), await snapshotOf(other.id)];
    const res = await payoutCall({ sessionId, ...withCard(other), bankAccountNumber: ING });
    expect(refusal(res)).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect(fieldsOf(res)).toEqual(['cardNumber']);
    expect(res.json().message).toBe('This identity check was started for another card; nothing was changed.');
    for (const plain of [bound.number, other.number, ING_PLAIN]) expect(res.body).not.toContain(plain);
    expect([await snapshotOf(bound.id, row.id), await snapshotOf(other.id)]).toEqual(before);
    const [event] = (await auditEventsOf(t, 'payout.customer', other.id)).filter((e) => e.outcome === 'card_mismatch');
    expect(event!.detail).toBe(`session ${row.id}: not the card bound at the session call`);
    // The bound card then pays out as bound.
    expect((await payoutCall({ sessionId })).status).toBe(200);
    expect(await balanceOf(other.id)).toBe(2000);
  });

  it('PAYOUT: another IBAN (at the same bank) is refused with VALIDATION_ERROR on bankAccountNumber, before the card; nothing changes', async () => {
    const card = await freshCard(2000);
    const { sessionId, row } = await approvedSession('PAYOUT', withCard(card, { bankAccountNumber: ING }));
    const before = await snapshotOf(card.id, row.id);
    for (const body of [{ sessionId, bankAccountNumber: ING_OTHER }, { sessionId, ...withCard(card), bankAccountNumber: ING_OTHER }, { sessionId, ...withCard(card, { securityCode: '000000' }), bankAccountNumber: ING_OTHER }]) {
      const res = await payoutCall(body);
      expect(refusal(res)).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
      expect(fieldsOf(res)).toEqual(['bankAccountNumber']);
      expect(res.body).not.toMatch(/NL\d\d/);
    }
    // Not even the wrong code was counted: the IBAN is compared first.
    expect(await snapshotOf(card.id, row.id)).toEqual(before);
    expect((await auditEventsOf(t, 'payout.customer', card.id)).length).toBe(0);
    const mismatches = (await auditEventsOf(t, 'payout.customer')).filter((e) => e.outcome === 'iban_mismatch' && e.detail?.startsWith(`session ${row.id}`));
    expect(mismatches).toHaveLength(3);
    // With the bound IBAN (spaces and case aside) it pays.
    const paid = await payoutCall({ sessionId, bankAccountNumber: 'nl69 ingb 0123 4567 89' });
    expect(paid.json()).toMatchObject({ payout: 1750, bankAccountNumber: ING_MASKED });
  });

  it('a wrong code for the bound card is a wrong guess like any other: 404, counted, nothing bound or paid', async () => {
    const card = await freshCard();
    const { sessionId, row } = await approvedSession('PAYOUT', withCard(card, { bankAccountNumber: ING }));
    const res = await payoutCall({ sessionId, ...withCard(card, { securityCode: '000000' }), bankAccountNumber: ING });
    expect(refusal(res)).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
    expect((await cardState(card.id)).failed_attempts).toBe(1);
    expect((await sessionRow(row.id)).used_at).toBeNull();
    expect(await payoutsOf(card.id)).toEqual([]);
  });

  it('IDENTIFY: another card is refused with VALIDATION_ERROR on cardNumber, and registers nothing', async () => {
    const bound = await freshCard();
    const other = await freshCard();
    const { sessionId, row } = await approvedSession('IDENTIFY', withCard(bound));
    const before = [await snapshotOf(bound.id, row.id), await snapshotOf(other.id)];
    const res = await identifyCall(sessionId, withCard(other));
    expect(refusal(res)).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect(fieldsOf(res)).toEqual(['cardNumber']);
    expect([await snapshotOf(bound.id, row.id), await snapshotOf(other.id)]).toEqual(before);
    expect((await identifyCall(sessionId, {})).json()).toEqual({ cardNumber: bound.number });
  });
});

describe('what is recorded', () => {
  it('logs no card number, IBAN or sessionId, and no audit detail holds one', async () => {
    const strings = log.strings();
    expect(strings.length).toBeGreaterThan(1000);
    for (const secret of secrets) expect(strings.includes(secret), 'a secret in the log').toBe(false);
    const details = await t.db.selectFrom('audit_events').select('detail').where('detail', 'is not', null).execute();
    for (const { detail } of details) for (const secret of secrets) expect(detail!.includes(secret)).toBe(false);
  });
});
