import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rejectHeldPayout, releaseHeldPayout } from '../src/back-office/payouts/review-payout.js';
import type { StaffActor } from '../src/card-commands/actor.js';
import { recordAuditEvent } from '../src/db/repositories/audit.js';
import { issueTestGiftCard, seedIdentitySession, TEST_IDENTITY } from './helpers/identity.js';
import { endToEndIdsIn, exportToString, ingIban, recordTestPayout } from './helpers/payout-review.js';
import { useTestApp } from './helpers/test-app.js';

// A property over random sequences of payouts, cool-downs, exports, releases and rejections: no
// held payout ever reaches an export file, every card's ledger equals what the steps say its
// balance is, and a rejection gives back exactly amount plus fee.

const t = useTestApp();
const actor: StaffActor = { kind: 'staff', email: 'finance@demo.test', grant: { role: 'finance', brand: 'DEMO' }, client: null, requestId: 'property' };
const scope = { brands: ['DEMO'] as const };

type Step =
  | { kind: 'pay'; card: number; iban: number; identity: number }
  | { kind: 'lockout'; card: number }
  | { kind: 'export' }
  | { kind: 'release'; pick: number }
  | { kind: 'reject'; pick: number; fraud: boolean };

const CARDS = 6;
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), card: fc.nat(CARDS - 1), iban: fc.nat(2), identity: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lockout' as const), card: fc.nat(CARDS - 1) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'export' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('release' as const), pick: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reject' as const), pick: fc.nat(20), fraud: fc.boolean() }) },
);

const ledgerOf = async (cardId: string) => {
  const rows = await t.db.selectFrom('ledger_entries').select('amount').where('card_id', '=', cardId).execute();
  return rows.reduce((sum, r) => sum + Number(r.amount), 0);
};
const statusOf = async (id: string) => (await t.db.selectFrom('payouts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

let run = 0;

describe('payouts held for review, over random sequences', () => {
  it('never export a held payout, keep every balance equal to its ledger, and give back amount plus fee on a rejection', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        run += 1;
        // Cards, IBANs and identities of this run only: the rules look across cards and brands.
        const balances = [900, 4000, 7250, 12_000, 16_000, 1_500];
        const cards = await Promise.all(balances.map((balance) => issueTestGiftCard(t, { balance })));
        const model = new Map(cards.map((c, i) => [c.id, balances[i]!]));
        const ibans = [0, 1, 2].map((i) => ingIban(7_000_000 + run * 10 + i));
        const identities = [0, 1, 2].map((i) => ({ ...TEST_IDENTITY, subject: `property-${run}-${i}` }));
        const payouts: { id: string; cardId: string; amount: number; fee: number; endToEndId: string }[] = [];

        for (const s of steps) {
          if (s.kind === 'pay') {
            const card = cards[s.card]!;
            const identity = identities[s.identity]!;
            const result = await recordTestPayout(t, { cardId: card.id, iban: ibans[s.iban]!, identity, identitySessionId: (await seedIdentitySession(t, { identity })).id });
            if (result.kind === 'recorded') {
              expect(result.payout.status).toBe(result.rules.length > 0 ? 'held' : 'pending');
              model.set(card.id, model.get(card.id)! - result.payout.amount - result.payout.fee);
              payouts.push({ id: result.payout.id, cardId: card.id, amount: result.payout.amount, fee: result.payout.fee, endToEndId: result.payout.end_to_end_id });
            }
          } else if (s.kind === 'lockout') {
            await recordAuditEvent(t.db, { type: 'card.lockout', outcome: 'cooldown_30m', cardId: cards[s.card]!.id }, new Date().toISOString());
          } else if (s.kind === 'export') {
            const held = new Set<string>();
            for (const p of payouts) if ((await statusOf(p.id)) === 'held') held.add(p.endToEndId);
            const { xml } = await exportToString(t);
            for (const id of endToEndIdsIn(xml)) expect(held.has(id), `held payout ${id} in an export`).toBe(false);
          } else {
            const held = [];
            for (const p of payouts) if ((await statusOf(p.id)) === 'held') held.push(p);
            const chosen = held[s.pick % Math.max(held.length, 1)];
            if (!chosen) continue;
            if (s.kind === 'release') {
              expect(await releaseHeldPayout({ db: t.db, crypto: t.deps.crypto, now: () => new Date() }, scope, actor, chosen.id, {})).toEqual({ status: 'pending' });
            } else {
              const before = await ledgerOf(chosen.cardId);
              expect(await rejectHeldPayout({ db: t.db, crypto: t.deps.crypto, now: () => new Date() }, scope, actor, chosen.id, { reason: 'property', fraud: s.fraud })).toEqual({ status: 'rejected' });
              expect((await ledgerOf(chosen.cardId)) - before).toBe(chosen.amount + chosen.fee);
              model.set(chosen.cardId, model.get(chosen.cardId)! + chosen.amount + chosen.fee);
            }
          }
          for (const card of cards) expect(await ledgerOf(card.id), `card ${card.id}`).toBe(model.get(card.id));
        }
        // Whatever happened, no payout that is held was ever put in a batch.
        const heldInBatch = await t.db.selectFrom('payouts').select('id').where('status', '=', 'held').where('batch_id', 'is not', null).execute();
        expect(heldInBatch).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
