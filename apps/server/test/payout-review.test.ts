import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import { fillPayoutIbanIndexes } from '../src/flows/payout/fill-iban-indexes.js';
import { recordAuditEvent } from '../src/db/repositories/audit.js';
import { ledgerSums } from './helpers/flows.js';
import { issueTestGiftCard, payoutCustomerCall, seedIdentitySession, TEST_IDENTITY } from './helpers/identity.js';
import { endToEndIdsIn, exportToString, ingIban, listenToWebhooks, recordTestPayout, webhookEventsOf } from './helpers/payout-review.js';
import { staffCookie } from './helpers/staff.js';
import { useTestApp } from './helpers/test-app.js';
import { validateAgainstXsd } from '../src/payout-batches/xsd-validator.js';

// Payouts held for review (docs/back-office.md): the four rules at their limits, the review calls,
// and what an export takes. One database for the file: every test pays to IBANs and as identities
// of its own, so the rules, which look across cards and brands, see only what the test wrote.

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
const ORIGIN = 'http://localhost:8080';
const DEMO_FEE = 250;

const call = async (email: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie: await staffCookie(t, email), ...(method === 'POST' && { origin: ORIGIN }) }, ...(payload !== undefined && { payload }) });

/** A DEMO gift card whose payout is `payout` after the brand's fee. */
const cardPaying = (payout: number, brand = 'demo') => issueTestGiftCard(t, { brand, balance: payout + (brand === 'demo' ? DEMO_FEE : 0) });
const payoutRow = (id: string) => t.db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const balanceOf = async (cardId: string) => (await ledgerSums(t)).byCard.get(cardId) ?? 0;

async function pay(cardId: string, iban: string, extra: Parameters<typeof recordTestPayout>[1] extends infer I ? Partial<I> : never = {}, now?: Date) {
  const result = await recordTestPayout(t, { cardId, iban, ...extra }, now);
  if (result.kind !== 'recorded') throw new Error(`not recorded: ${result.kind}`);
  return result;
}

const ACME_FEE = async () => Number((await t.db.selectFrom('brands').select('payout_fee').where('code', '=', 'ACME').executeTakeFirstOrThrow()).payout_fee);

describe('the rule "the IBAN received payouts from 3 or more other cards in the last 30 days (any brand)"', () => {
  it('lets the third card to an IBAN pass and holds the fourth; other brands count too', async () => {
    const iban = ingIban(1_000_001);
    const acmeFee = await ACME_FEE();
    const first = await issueTestGiftCard(t, { brand: 'acme', balance: 1000 + acmeFee });
    const [second, third, fourth] = await Promise.all([cardPaying(1000), cardPaying(1000), cardPaying(1000)]);
    expect((await pay(first.id, iban)).rules).toEqual([]);
    expect((await pay(second.id, iban)).rules).toEqual([]);
    const underLimit = await pay(third.id, iban);
    expect([underLimit.payout.status, underLimit.rules]).toEqual(['pending', []]);
    const past = await pay(fourth.id, iban);
    expect([past.payout.status, past.rules]).toEqual(['held', ['iban_shared']]);
    // The IBAN is matched by its blind index: the row keeps only its hint in the clear.
    expect(past.payout.iban_index).toMatch(/^[A-Za-z0-9_-]{43}$|^i\d+\./);
  });

  it('counts only the last 30 days and only payouts whose money was not credited back', async () => {
    const iban = ingIban(1_000_002);
    const cards = await Promise.all([cardPaying(1000), cardPaying(1000), cardPaying(1000), cardPaying(1000)]);
    const now = new Date();
    // Just outside the window (30 days and a minute ago), then twice inside.
    await pay(cards[0]!.id, iban, {}, new Date(now.getTime() - 30 * 86_400_000 - 60_000));
    await pay(cards[1]!.id, iban, {}, new Date(now.getTime() - 30 * 86_400_000 + 60_000));
    await pay(cards[2]!.id, iban);
    expect((await pay(cards[3]!.id, iban)).rules).toEqual([]);
  });
});

describe('the rule "the bank-verified identity cashed out more than EUR 150 in this calendar month (any brand)"', () => {
  it('lets a payout that brings the month to exactly EUR 150 pass and holds one that brings it to EUR 150.01', async () => {
    const identity = { ...TEST_IDENTITY, subject: 'identity-limit-1' };
    const session = async () => (await seedIdentitySession(t, { identity })).id;
    const [a, b, c] = await Promise.all([cardPaying(10_000), cardPaying(5_000), cardPaying(1)]);
    expect((await pay(a.id, ingIban(2_000_001), { identity, identitySessionId: await session() })).rules).toEqual([]);
    const atLimit = await pay(b.id, ingIban(2_000_002), { identity, identitySessionId: await session() });
    expect([atLimit.payout.status, atLimit.rules]).toEqual(['pending', []]);
    const past = await pay(c.id, ingIban(2_000_003), { identity, identitySessionId: await session() });
    expect([past.payout.status, past.rules]).toEqual(['held', ['identity_monthly_limit']]);
    // Another person is not held for this one's payouts.
    const other = { ...TEST_IDENTITY, subject: 'identity-limit-2' };
    const d = await cardPaying(1);
    expect((await pay(d.id, ingIban(2_000_004), { identity: other, identitySessionId: (await seedIdentitySession(t, { identity: other })).id })).rules).toEqual([]);
  });
});

describe('the rule "the IBAN is on the brand\'s block list"', () => {
  it('holds a payout to an IBAN rejected for fraud in this brand, not one to another IBAN or in another brand', async () => {
    const blocked = ingIban(3_000_001);
    const fraudster = await cardPaying(1000);
    // A held payout (the cool-down rule), rejected for fraud: its IBAN goes on DEMO's list.
    await recordAuditEvent(t.db, { type: 'card.lockout', outcome: 'cooldown_30m', cardId: fraudster.id }, new Date().toISOString());
    const held = await pay(fraudster.id, blocked);
    expect(held.rules).toEqual(['guessing_cooldown']);
    const rejected = await call('finance@demo.test', 'POST', `/admin/api/payouts/${held.payout.id}/reject`, { reason: 'Bought with a stolen card', fraud: true });
    expect([rejected.statusCode, rejected.json()]).toEqual([200, { status: 'rejected' }]);

    const next = await pay((await cardPaying(1000)).id, blocked);
    expect([next.payout.status, next.rules]).toEqual(['held', ['iban_blocked']]);
    expect((await pay((await cardPaying(1000)).id, ingIban(3_000_002))).rules).toEqual([]);
    const acme = await issueTestGiftCard(t, { brand: 'acme', balance: 1000 + (await ACME_FEE()) });
    expect((await pay(acme.id, blocked)).rules).toEqual([]);
    // The list keeps the IBAN sealed and masked, never in the clear.
    const [row, ...more] = await t.db.selectFrom('payout_iban_blocks').selectAll().execute();
    expect(more).toEqual([]);
    expect(row).toMatchObject({ iban_hint: `${blocked.slice(0, 8)}******${blocked.slice(-4)}`, created_by: 'finance@demo.test', payout_id: held.payout.id });
    expect(JSON.stringify(row)).not.toContain(blocked.slice(8, 14));
  });
});

describe('the rule "the card had a guessing cool-down in the 24 hours before"', () => {
  it('holds a card whose cool-down began 23 h 59 min ago and lets one whose cool-down began 24 h 1 min ago pass', async () => {
    const now = Date.now();
    const [recent, older] = await Promise.all([cardPaying(1000), cardPaying(1000)]);
    await recordAuditEvent(t.db, { type: 'card.lockout', outcome: 'cooldown_2h', cardId: recent.id }, new Date(now - 24 * 3_600_000 + 60_000).toISOString());
    await recordAuditEvent(t.db, { type: 'card.lockout', outcome: 'cooldown_24h', cardId: older.id }, new Date(now - 24 * 3_600_000 - 60_000).toISOString());
    expect((await pay(recent.id, ingIban(4_000_001))).rules).toEqual(['guessing_cooldown']);
    expect((await pay(older.id, ingIban(4_000_002))).rules).toEqual([]);
  });
});

describe("a brand's payoutReview settings", () => {
  it('change the limits and turn rules off (null), for that brand only', async () => {
    await t.db.updateTable('brands').set({ payout_review_json: JSON.stringify({ ibanOtherCards: 1, guessingWindowHours: null }) }).where('code', '=', 'DEMO').execute();
    try {
      const iban = ingIban(5_000_001);
      const [a, b] = await Promise.all([cardPaying(1000), cardPaying(1000)]);
      await recordAuditEvent(t.db, { type: 'card.lockout', outcome: 'cooldown_30m', cardId: b.id }, new Date().toISOString());
      expect((await pay(a.id, iban)).rules).toEqual([]);
      expect((await pay(b.id, iban)).rules).toEqual(['iban_shared']);
    } finally {
      await t.db.updateTable('brands').set({ payout_review_json: null }).where('code', '=', 'DEMO').execute();
    }
  });
});

describe('the review calls', () => {
  async function heldPayout(payout = 1000) {
    const card = await cardPaying(payout);
    await recordAuditEvent(t.db, { type: 'card.lockout', outcome: 'cooldown_30m', cardId: card.id }, new Date().toISOString());
    const held = await pay(card.id, ingIban(6_000_000 + Math.floor(Math.random() * 999_999)));
    expect(held.payout.status).toBe('held');
    return { card, payout: held.payout };
  }

  it('list held payouts of the caller\'s brands with their rules, the masked IBAN and the other cards paid to it', async () => {
    const iban = ingIban(6_100_001);
    const earlier = await cardPaying(1000);
    await pay(earlier.id, iban);
    const card = await cardPaying(1000);
    await recordAuditEvent(t.db, { type: 'card.lockout', outcome: 'cooldown_30m', cardId: card.id }, new Date().toISOString());
    const held = await pay(card.id, iban);
    const res = await call('finance@demo.test', 'GET', '/admin/api/payouts?status=held');
    expect(res.statusCode).toBe(200);
    const item = (res.json() as { items: { id: string }[] }).items.find((i) => i.id === held.payout.id);
    expect(item).toEqual({
      id: held.payout.id,
      cardId: card.id,
      masked: expect.stringMatching(/^X+\d{3}$/),
      brand: 'DEMO',
      amount: { value: 1000, assetCode: 'EUR' },
      fee: { value: DEMO_FEE, assetCode: 'EUR' },
      ibanHint: `${iban.slice(0, 8)}******${iban.slice(-4)}`,
      createdAt: held.payout.created_at,
      status: 'held',
      rules: ['guessing_cooldown'],
      related: { sameIban: [{ id: earlier.id, brand: 'DEMO', masked: expect.stringMatching(/^X+\d{3}$/) }], sameIdentity: [], elsewhere: 0 },
    });
    expect(res.body).not.toContain(iban);
    expect((await call('finance@demo.test', 'GET', '/admin/api/payouts')).statusCode).toBe(400);
    expect((await call('finance@demo.test', 'GET', '/admin/api/payouts?status=pending')).statusCode).toBe(400);
  });

  it('release: the payout joins the next export, which validates against pain.001.001.09; a held one never does', async () => {
    await listenToWebhooks(t, 'DEMO');
    const released = await heldPayout();
    const stillHeld = await heldPayout();
    const res = await call('approver@demo.test', 'POST', `/admin/api/payouts/${released.payout.id}/release`, { note: 'Spoke to the cardholder' });
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'pending' }]);
    const again = await call('finance@demo.test', 'POST', `/admin/api/payouts/${released.payout.id}/release`, {});
    expect([again.statusCode, again.json().code]).toEqual([409, 'ALREADY_DECIDED']);

    const { xml } = await exportToString(t);
    expect((await validateAgainstXsd(xml, 'pain.001.001.09')).valid).toBe(true);
    const ids = endToEndIdsIn(xml);
    expect(ids).toContain(released.payout.end_to_end_id);
    expect(ids).not.toContain(stillHeld.payout.end_to_end_id);
    expect((await payoutRow(released.payout.id)).status).toBe('exported');
    expect((await payoutRow(stillHeld.payout.id))).toMatchObject({ status: 'held', batch_id: null });

    const audit = await t.db.selectFrom('audit_events').selectAll().where('card_id', '=', released.card.id).where('type', 'like', 'payout.%').orderBy('occurred_at').execute();
    expect(audit.map((a) => [a.type, a.outcome, a.actor])).toEqual(
      expect.arrayContaining([
        ['payout.hold', 'held', 'system:payout-review'],
        ['payout.release', 'pending', 'approver@demo.test'],
      ]),
    );
    const events = await webhookEventsOf(t, released.card.id);
    expect(events.map((e) => e.type)).toEqual(['payout.created', 'payout.held', 'payout.released']);
    expect(events[1]!.data).toMatchObject({ payout: { id: released.payout.id, status: 'held', rules: ['guessing_cooldown'], ibanHint: released.payout.iban_hint } });
    expect(JSON.stringify(events)).not.toContain('Spoke to');
  });

  it('reject: amount and fee back on the card exactly, audited with the balance before and after; fraud blocks the card', async () => {
    const plain = await heldPayout(1234);
    const before = await balanceOf(plain.card.id);
    const res = await call('finance@demo.test', 'POST', `/admin/api/payouts/${plain.payout.id}/reject`, { reason: 'Not the cardholder', fraud: false });
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'rejected' }]);
    expect((await balanceOf(plain.card.id)) - before).toBe(1234 + DEMO_FEE);
    const card = await t.db.selectFrom('cards').selectAll().where('id', '=', plain.card.id).executeTakeFirstOrThrow();
    expect([card.paid_out_at, card.blocked_at]).toEqual([null, null]);
    const audit = await t.db.selectFrom('audit_events').selectAll().where('card_id', '=', plain.card.id).where('type', '=', 'payout.reject').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ outcome: 'rejected', actor: 'finance@demo.test', amount_before: before, amount_after: before + 1234 + DEMO_FEE });
    const twice = await call('finance@demo.test', 'POST', `/admin/api/payouts/${plain.payout.id}/reject`, { reason: 'again', fraud: false });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'ALREADY_DECIDED']);
    expect((await balanceOf(plain.card.id)) - before).toBe(1234 + DEMO_FEE);
    // Rejected is not exported, and the card may be paid out again.
    expect(endToEndIdsIn((await exportToString(t)).xml)).not.toContain(plain.payout.end_to_end_id);
    expect((await recordTestPayout(t, { cardId: plain.card.id, iban: ingIban(6_200_001) })).kind).toBe('recorded');

    const fraud = await heldPayout();
    expect((await call('admin@tessera.test', 'POST', `/admin/api/payouts/${fraud.payout.id}/reject`, { reason: 'Stolen', fraud: true })).statusCode).toBe(200);
    const blocked = await t.db.selectFrom('cards').selectAll().where('id', '=', fraud.card.id).executeTakeFirstOrThrow();
    expect([blocked.block_reason, blocked.blocked_at !== null]).toEqual(['fraud', true]);
  });

  it('refuse bad bodies with 400 and change nothing', async () => {
    const held = await heldPayout();
    for (const body of [{}, { reason: '', fraud: false }, { reason: 'x' }, { reason: 'x', fraud: 'yes' }, { reason: 'x', fraud: false, extra: 1 }]) {
      const res = await call('finance@demo.test', 'POST', `/admin/api/payouts/${held.payout.id}/reject`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('finance@demo.test', 'POST', `/admin/api/payouts/${held.payout.id}/release`, { note: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await payoutRow(held.payout.id)).status).toBe('held');
  });

  it("answer 403 to roles without the review, 404 NOT_FOUND to another brand's payout as to an unknown one", async () => {
    const held = await heldPayout();
    for (const email of ['support@demo.test', 'brand@demo.test', 'support@acme.test']) {
      expect((await call(email, 'GET', '/admin/api/payouts?status=held')).json().code, email).toBe('FORBIDDEN');
      expect((await call(email, 'POST', `/admin/api/payouts/${held.payout.id}/release`, {})).json().code, email).toBe('FORBIDDEN');
    }
    const acme = await issueTestGiftCard(t, { brand: 'acme', balance: 1000 + (await ACME_FEE()) });
    await recordAuditEvent(t.db, { type: 'card.lockout', outcome: 'cooldown_30m', cardId: acme.id }, new Date().toISOString());
    const acmeHeld = await pay(acme.id, ingIban(6_300_001));
    const other = await call('finance@demo.test', 'POST', `/admin/api/payouts/${acmeHeld.payout.id}/release`, {});
    const unknown = await call('finance@demo.test', 'POST', '/admin/api/payouts/no-such-payout/release', {});
    expect([other.statusCode, other.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect(other.json().code).toBe('NOT_FOUND');
    const list = (await call('finance@demo.test', 'GET', '/admin/api/payouts?status=held')).json() as { items: { id: string }[] };
    expect(list.items.map((i) => i.id)).not.toContain(acmeHeld.payout.id);
    expect((await payoutRow(acmeHeld.payout.id)).status).toBe('held');
  });
});

describe('the cardholder', () => {
  it('gets the same answer from the PAYOUT call whether the payout is held or not, and the identity rule counts the bank-verified person', async () => {
    const iban = ingIban(8_100_001);
    const person = { ...TEST_IDENTITY, subject: 'customer-call-person' };
    const ask = async (card: { number: string; securityCode: string }) => {
      const { sessionId } = await seedIdentitySession(t, { identity: person });
      return payoutCustomerCall(t, { cardNumber: card.number, securityCode: card.securityCode, sessionId, bankAccountNumber: iban });
    };
    // EUR 100 and then EUR 50.01 by one person: the second is held, and both are answered alike.
    const [first, second] = await Promise.all([cardPaying(10_000), cardPaying(5_001)]);
    const paid = await ask(first);
    const held = await ask(second);
    expect([paid.statusCode, held.statusCode]).toEqual([200, 200]);
    expect(Object.keys(held.json()).sort()).toEqual(Object.keys(paid.json()).sort());
    expect(held.json()).toEqual({ payout: 5001, fee: DEMO_FEE, assetCode: 'EUR', bankAccountNumber: paid.json().bankAccountNumber });
    expect(held.body).not.toMatch(/held|review|rule/i);
    const rows = await t.db.selectFrom('payouts').select(['card_id', 'status']).where('card_id', 'in', [first.id, second.id]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.card_id, r.status]))).toEqual({ [first.id]: 'pending', [second.id]: 'held' });
    const review = await t.db.selectFrom('payout_reviews').innerJoin('payouts', 'payouts.id', 'payout_reviews.payout_id').select('rules').where('payouts.card_id', '=', second.id).executeTakeFirstOrThrow();
    expect(JSON.parse(review.rules)).toEqual(['identity_monthly_limit']);
  });
});

describe('migration 020', () => {
  it('keeps the payouts through the rebuild, goes down only without held or rejected payouts, and older payouts get their IBAN index at start', async () => {
    const db = t.db;
    const migrator = new Migrator({ db, provider: migrationProvider, ...(t.database.dialect === 'postgres' && { migrationTableSchema: t.database.schema }) });
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const before020 = names[names.indexOf('020_payout_review') - 1]!;
    const rows = () => db.selectFrom('payouts').selectAll().orderBy('id').execute();
    const reviewed = (await rows()).filter((p) => p.status === 'held' || p.status === 'rejected').map((p) => p.id);
    expect(reviewed.length).toBeGreaterThan(0);
    expect((await migrator.migrateTo(before020)).error).toBeDefined();
    expect((await migrator.getMigrations()).find((m) => m.name === '020_payout_review')?.executedAt).toBeDefined();

    await db.deleteFrom('payout_reviews').execute();
    await db.deleteFrom('payout_iban_blocks').execute();
    await db.updateTable('payouts').set({ status: 'failed' }).where('id', 'in', reviewed).execute();
    const before = await rows();
    expect((await migrator.migrateTo(before020)).error).toBeUndefined();
    await expect(db.updateTable('payouts').set({ status: 'held' as never }).where('id', '=', reviewed[0]!).execute()).rejects.toThrow();
    await expect(migrateToLatest(db)).resolves.toBeDefined();
    // Up again: every row as it was, but for the IBAN index, which the start-up fill gives back.
    expect(await rows()).toEqual(before.map((p) => ({ ...p, iban_index: null })));
    expect(await fillPayoutIbanIndexes(db, t.deps.crypto)).toEqual({ filled: before.length, unreadable: 0 });
    expect(await rows()).toEqual(before);
    // held is taken again, and one open payout per card still holds with rejected left out of it.
    await db.updateTable('payouts').set({ status: 'held' }).where('id', '=', reviewed[0]!).execute();
    await expect(db.updateTable('payouts').set({ status: 'bogus' as never }).where('id', '=', reviewed[0]!).execute()).rejects.toThrow();
  });
});
