import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { insertLedgerEntries } from '../src/db/repositories/ledger.js';
import type { LedgerEntriesTable } from '../src/db/schema.js';
import { insertBareCard } from './helpers/bare-card.js';
import { expectCardBalancesKept, useTestApp } from './helpers/test-app.js';

// cards.balance (migration 026, docs/decisions/048): the database keeps each card's balance in its
// own asset as ledger entries are written and deleted, in the writer's statement, and refuses to
// change an entry's amount, card or asset. (Every test file's end also checks every card:
// expectCardBalancesKept in helpers/test-app.ts.)

const t = useTestApp();

let made = 0;
/** Three cards of the demo brand: two in EUR, one in USD. */
async function threeCards(db: Db): Promise<{ id: string; asset: string }[]> {
  made += 1;
  const brand = await db.selectFrom('brands').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
  const cards = ['EUR', 'EUR', 'USD'].map((asset, i) => ({ id: `balance-${made}-${i}-${randomUUID().slice(0, 8)}`, asset }));
  for (const card of cards) await insertBareCard(db, { id: card.id, brandId: brand.id, asset: card.asset, expiresAt: null });
  return cards;
}

const entry = (cardId: string, assetCode: string, amount: number): LedgerEntriesTable => ({
  id: randomUUID(),
  card_id: cardId,
  asset_code: assetCode,
  amount,
  kind: amount >= 0 ? 'load' : 'redemption',
  reference: `test:${randomUUID()}`,
  created_at: new Date().toISOString(),
});

async function balancesOf(db: Db, ids: readonly string[]): Promise<Record<string, number>> {
  const rows = await db.selectFrom('cards').select(['id', 'balance']).where('id', 'in', [...ids]).execute();
  return Object.fromEntries(rows.map((r) => [r.id, Number(r.balance)]));
}

describe('cards.balance', () => {
  it("adds what a statement writes to each card in the card's own asset, and an entry in another asset to none", async () => {
    const [a, b, usd] = await threeCards(t.db);
    // One statement over three cards: PostgreSQL's statement trigger groups them.
    await insertLedgerEntries(t.db, [entry(a!.id, 'EUR', 5000), entry(a!.id, 'EUR', -1250), entry(b!.id, 'EUR', 700), entry(usd!.id, 'USD', 900), entry(a!.id, 'USD', 300)]);
    expect(await balancesOf(t.db, [a!.id, b!.id, usd!.id])).toEqual({ [a!.id]: 3750, [b!.id]: 700, [usd!.id]: 900 });
  });

  it('takes off what is deleted, and refuses to change an entry’s amount, card or asset while its time may move', async () => {
    const [a, b] = await threeCards(t.db);
    const first = entry(a!.id, 'EUR', 4000);
    const second = entry(a!.id, 'EUR', -1500);
    await insertLedgerEntries(t.db, [first, second]);
    await t.db.deleteFrom('ledger_entries').where('id', '=', second.id).execute();
    expect(await balancesOf(t.db, [a!.id])).toEqual({ [a!.id]: 4000 });

    await expect(t.db.updateTable('ledger_entries').set({ amount: 1 }).where('id', '=', first.id).execute()).rejects.toThrow(/written once/);
    await expect(t.db.updateTable('ledger_entries').set({ card_id: b!.id }).where('id', '=', first.id).execute()).rejects.toThrow(/written once/);
    await expect(t.db.updateTable('ledger_entries').set({ asset_code: 'USD' }).where('id', '=', first.id).execute()).rejects.toThrow(/written once/);
    await t.db.updateTable('ledger_entries').set({ created_at: '2025-06-01T00:00:00.000Z' }).where('id', '=', first.id).execute();
    expect(await balancesOf(t.db, [a!.id, b!.id])).toEqual({ [a!.id]: 4000, [b!.id]: 0 });
  });

  it('equals the ledger after any sequence of batches written and entries deleted', async () => {
    const step = fc.oneof(
      fc.record({ write: fc.array(fc.record({ card: fc.nat(2), asset: fc.constantFrom('EUR', 'USD'), amount: fc.integer({ min: -50_000, max: 50_000 }) }), { minLength: 1, maxLength: 6 }) }),
      fc.record({ remove: fc.nat(20) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const cards = await threeCards(t.db);
        const written: LedgerEntriesTable[] = [];
        for (const s of steps) {
          if ('write' in s) {
            const batch = s.write.map((w) => entry(cards[w.card]!.id, w.asset, w.amount));
            await insertLedgerEntries(t.db, batch);
            written.push(...batch);
          } else if (written.length > 0) {
            const [gone] = written.splice(s.remove % written.length, 1);
            await t.db.deleteFrom('ledger_entries').where('id', '=', gone!.id).execute();
          }
        }
        const expected = Object.fromEntries(cards.map((c) => [c.id, written.filter((e) => e.card_id === c.id && e.asset_code === c.asset).reduce((sum, e) => sum + e.amount, 0)]));
        expect(await balancesOf(t.db, cards.map((c) => c.id))).toEqual(expected);
      }),
      { numRuns: 25 },
    );
    await expectCardBalancesKept(t.db);
  });
});
