import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PURPOSE } from '../src/crypto/index.js';
import { findCardByNumberIndex } from '../src/db/repositories/cards.js';
import { insertPayout } from '../src/db/repositories/payouts.js';
import { endToEndIdOf, payoutReference } from '../src/domain/payout.js';
import { recordPayout, type RecordPayoutInput } from '../src/flows/payout/record-payout.js';
import { demoCard } from './helpers/demo.js';
import { useTestApp } from './helpers/test-app.js';

const t = useTestApp();

const ING = 'NL69 INGB 0123 4567 89';

async function cardOf(name: string) {
  const number = demoCard(name).number.replace(/\s/g, '');
  return (await findCardByNumberIndex(t.db, t.deps.crypto.blindIndex.candidates(PURPOSE.cardNumber, number)))!;
}

const record = (input: Partial<RecordPayoutInput> & { cardId: string }) =>
  t.db.transaction().execute((trx) => recordPayout(trx, t.deps, { verifiedName: 'J. de Vries', iban: ING, identitySessionId: null, ...input }, new Date()));

const ledgerOf = (cardId: string) => t.db.selectFrom('ledger_entries').selectAll().where('card_id', '=', cardId).orderBy('created_at').execute();
const sumOf = async (cardId: string) => (await ledgerOf(cardId)).reduce((s, e) => s + e.amount, 0);
const payoutsOf = (cardId: string) => t.db.selectFrom('payouts').selectAll().where('card_id', '=', cardId).execute();

describe('recordPayout', () => {
  it('records the payout, debits payout and fee, marks the card and audits it', async () => {
    const card = await cardOf('GIFT_PAYOUT'); // 42.50, fee 2.50
    expect(await sumOf(card.id)).toBe(4250);
    const result = await record({ cardId: card.id, verifiedName: 'Zoë de Vries', identitySessionId: 'session-1', flowType: 'PAYOUT' });
    expect(result.kind).toBe('recorded');
    if (result.kind !== 'recorded') return;
    expect(result.breakdown).toEqual({ balance: 4250, fee: 250, payout: 4000, assetCode: 'EUR' });

    const [payout, ...more] = await payoutsOf(card.id);
    expect(more).toHaveLength(0);
    expect(payout).toMatchObject({
      amount: 4000,
      fee: 250,
      asset_code: 'EUR',
      status: 'pending',
      attempt: 1,
      bic: 'INGBNL2A',
      iban_hint: 'NL69INGB******6789',
      identity_session_id: 'session-1',
      batch_id: null,
      end_to_end_id: endToEndIdOf(payout!.id),
    });
    expect(payout!.end_to_end_id).toMatch(/^TSR[0-9a-f]{32}$/);
    // Personal data only encrypted, and bound to its purpose.
    expect(payout!.name_ciphertext).not.toContain('Vries');
    expect(payout!.iban_ciphertext).not.toContain('0123');
    expect(t.deps.crypto.cipher.decrypt(payout!.name_ciphertext, PURPOSE.payoutName)).toBe('Zoë de Vries');
    expect(t.deps.crypto.cipher.decrypt(payout!.iban_ciphertext, PURPOSE.payoutIban)).toBe('NL69INGB0123456789');
    expect(() => t.deps.crypto.cipher.decrypt(payout!.iban_ciphertext, PURPOSE.payoutName)).toThrow();

    const entries = (await ledgerOf(card.id)).filter((e) => e.kind !== 'load');
    expect(entries.map((e) => [e.kind, e.amount, e.reference]).sort()).toEqual([
      ['fee', -250, payoutReference(card.id, 1, 'fee')],
      ['payout', -4000, payoutReference(card.id, 1, 'payout')],
    ]);
    expect(await sumOf(card.id)).toBe(0);
    expect((await cardOf('GIFT_PAYOUT')).paid_out_at).not.toBeNull();
    const audit = await t.db.selectFrom('audit_events').selectAll().where('type', '=', 'payout.record').where('card_id', '=', card.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ outcome: 'pending', flow_type: 'PAYOUT' });
    expect(audit[0]!.detail).not.toContain('0123456789');

    // A second payout of the card changes nothing.
    expect(await record({ cardId: card.id })).toEqual({ kind: 'already_paid_out' });
    expect(await payoutsOf(card.id)).toHaveLength(1);
    expect(await sumOf(card.id)).toBe(0);
  });

  it('pays nothing when the payout would be 0 or less, and writes nothing', async () => {
    for (const name of ['GIFT_EMPTY', 'GIFT_BELOW_FEE']) {
      const card = await cardOf(name);
      const before = await ledgerOf(card.id);
      const result = await record({ cardId: card.id });
      expect(result.kind).toBe('nothing_to_pay');
      expect(await ledgerOf(card.id)).toEqual(before);
      expect(await payoutsOf(card.id)).toHaveLength(0);
      expect((await cardOf(name)).paid_out_at).toBeNull();
    }
    // Balance exactly the fee: payout 0.
    const card = await cardOf('GIFT_NO_EXPIRY'); // 12.00
    await t.db.insertInto('ledger_entries').values({ id: randomUUID(), card_id: card.id, asset_code: 'EUR', amount: -950, kind: 'expiry', reference: `test:${card.id}:to-fee`, created_at: new Date().toISOString() }).execute();
    expect(await sumOf(card.id)).toBe(250);
    expect(await record({ cardId: card.id })).toEqual({ kind: 'nothing_to_pay', breakdown: { balance: 250, fee: 250, payout: 0, assetCode: 'EUR' } });
    // One cent above the fee pays one cent.
    await t.db.insertInto('ledger_entries').values({ id: randomUUID(), card_id: card.id, asset_code: 'EUR', amount: 1, kind: 'load', reference: `test:${card.id}:plus-one`, created_at: new Date().toISOString() }).execute();
    const one = await record({ cardId: card.id });
    expect(one.kind === 'recorded' && one.payout.amount).toBe(1);
    expect(await sumOf(card.id)).toBe(0);
  });

  it('refuses a bad IBAN, a bank without iDIN, and cards that cannot be paid out', async () => {
    const card = await cardOf('GIFT_RESET');
    expect(await record({ cardId: card.id, iban: 'NL70INGB0123456789' })).toEqual({ kind: 'iban_refused', reason: 'checksum' });
    expect(await record({ cardId: card.id, iban: 'NL70TRIO0123456789' })).toEqual({ kind: 'iban_refused', reason: 'no_idin' });
    expect(await record({ cardId: card.id, iban: 'NL64XXXX0123456789' })).toEqual({ kind: 'iban_refused', reason: 'unknown_bank' });
    expect(await record({ cardId: card.id, iban: 'DE89370400440532013000' })).toEqual({ kind: 'iban_refused', reason: 'format' });
    expect(await payoutsOf(card.id)).toHaveLength(0);
    expect(await sumOf(card.id)).toBe(3000);

    expect(await record({ cardId: (await cardOf('VISA_ACTIVE')).id })).toEqual({ kind: 'card_unusable' });
    expect(await record({ cardId: randomUUID() })).toEqual({ kind: 'card_unusable' });
    const registered = await cardOf('GIFT_IDENTIFY');
    await t.db.updateTable('cards').set({ registered_at: new Date().toISOString() }).where('id', '=', registered.id).execute();
    expect(await record({ cardId: registered.id })).toEqual({ kind: 'already_paid_out' });
    await t.db.updateTable('cards').set({ registered_at: null }).where('id', '=', registered.id).execute();
  });

  it('pays a card once when fifty calls arrive at once', async () => {
    const card = await cardOf('GIFT_BALANCE'); // 25.00
    const before = await sumOf(card.id);
    expect(before).toBe(2500);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => record({ cardId: card.id, verifiedName: `Caller ${i}` })));
    expect(results.filter((r) => r.kind === 'recorded')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'already_paid_out')).toHaveLength(49);
    expect(await payoutsOf(card.id)).toHaveLength(1);
    const debits = (await ledgerOf(card.id)).filter((e) => e.kind !== 'load');
    expect(debits.map((e) => `${e.kind} ${e.amount}`).sort()).toEqual(['fee -250', 'payout -2250']);
    expect(await sumOf(card.id)).toBe(0);
    // Money is conserved: what left the card is the payout plus the fee.
    expect(before - (await sumOf(card.id))).toBe(2250 + 250);
  });

  it('lets the database refuse a second open payout of a card even without the service', async () => {
    const card = await cardOf('GIFT_PAYOUT');
    const [existing] = await payoutsOf(card.id);
    const id = randomUUID();
    const copy = { ...existing!, id, attempt: 2, end_to_end_id: endToEndIdOf(id) };
    await expect(insertPayout(t.db, copy)).rejects.toThrow(/unique|UNIQUE/);
    // Once the first one failed, a second attempt may exist.
    await t.db.updateTable('payouts').set({ status: 'failed' }).where('id', '=', existing!.id).execute();
    await insertPayout(t.db, copy);
    await expect(insertPayout(t.db, { ...copy, id: randomUUID(), end_to_end_id: 'TSRx', status: 'failed' })).rejects.toThrow(/unique|UNIQUE/);
    await t.db.deleteFrom('payouts').where('id', '=', id).execute();
    await t.db.updateTable('payouts').set({ status: 'pending' }).where('id', '=', existing!.id).execute();
  });
});
