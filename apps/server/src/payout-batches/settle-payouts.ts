import type { Crypto } from '../crypto/index.js';
import { recordWebhookEvent } from '../delivery/webhooks/events.js';
import { payoutEventData } from '../delivery/webhooks/payout-event.js';
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findCardById, updateCard } from '../db/repositories/cards.js';
import { insertLedgerEntries } from '../db/repositories/ledger.js';
import { findCardForUpdate, findPayoutsByKeys, type PayoutStatus, transitionPayout } from '../db/repositories/payouts.js';
import type { Database, PayoutRow } from '../db/schema.js';
import { type Actor, auditActorFields } from '../card-commands/actor.js';
import { PayoutRefusal } from './payout-refusal.js';
import { isCreditedBack, payoutReference } from '../domain/payout.js';

/** paid: the bank executed it; failed: refused, or stopped before export; returned: paid, then sent back. */
export type Settlement = 'paid' | 'failed' | 'returned';

export interface SettledPayout {
  key: string;
  id: string;
  endToEndId: string;
  amount: number;
  fee: number;
  assetCode: string;
  /** The status before the command. */
  was: PayoutStatus;
  /** false: it already had the requested status (a repeat changes nothing). */
  changed: boolean;
}

/** A payout id (UUID) or its end-to-end id (TSR + 32 hex), as `payouts list` and bank statements show them. */
export const PAYOUT_KEY = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|TSR[0-9a-f]{32})$/;

/** From which statuses each settlement may come. */
const ALLOWED_FROM: Record<Settlement, readonly PayoutStatus[]> = {
  // Paid means the bank executed the file's transfer: only an exported payout can be paid.
  paid: ['exported'],
  // Failed: the bank refused or returned it (exported), or the operator stops it before export (pending).
  failed: ['pending', 'exported'],
  // Returned: the bank paid it (mark-paid), then the money came back (a closed account, say).
  returned: ['paid'],
};

/**
 * Settles payouts as the bank reported them, all in one transaction: what `tessera payouts
 * mark-paid|mark-failed|return ID…` and the back office's `POST /admin/api/payouts/{id}/mark-paid|
 * mark-failed|return` both run, with their actor. When any id is unknown or in a status that
 * cannot take the settlement, nothing is written and every problem is listed. Repeating a
 * settlement changes nothing (idempotent) and says so (`changed: false`).
 *
 * Failed: the payout and the fee are credited back to the card through the ledger (kinds payout
 * and fee, positive, references `payout:{card}:{attempt}:payout|fee:reversal`, unique, so a
 * reversal is booked once), and the card's `paid_out_at` is cleared, so the cardholder can ask
 * for a payout again (a new attempt, with a new identity check and IBAN).
 *
 * Returned (a bank return after mark-paid): credited back exactly as a failure is (the same
 * reversal references, so a payout is credited back once whichever way it went).
 */
export async function settlePayouts(deps: { db: Db; crypto: Crypto; now: () => Date }, keys: readonly string[], settlement: Settlement, actor: Actor): Promise<SettledPayout[]> {
  const unique = [...new Set(keys)];
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const rows = await findPayoutsByKeys(trx, unique);
    const problems: string[] = [];
    const found: { key: string; payout: PayoutRow }[] = [];
    const seen = new Set<string>();
    for (const key of unique) {
      const payout = rows.find((r) => r.id === key || r.end_to_end_id === key);
      if (!payout) {
        problems.push(`${key}: no such payout`);
        continue;
      }
      if (seen.has(payout.id)) continue; // the id and the end-to-end id of one payout
      seen.add(payout.id);
      if (payout.status !== settlement && !ALLOWED_FROM[settlement].includes(payout.status)) {
        problems.push(`${key}: it is ${payout.status}${explain(payout.status, settlement)}`);
        continue;
      }
      found.push({ key, payout });
    }
    if (problems.length > 0) {
      throw new PayoutRefusal('PAYOUT_STATUS', `Nothing was marked ${settlement}: ${problems.length} problem${problems.length === 1 ? '' : 's'}.`, problems);
    }

    const results: SettledPayout[] = [];
    for (const { key, payout } of found) {
      const base = { key, id: payout.id, endToEndId: payout.end_to_end_id, amount: payout.amount, fee: payout.fee, assetCode: payout.asset_code, was: payout.status };
      if (payout.status === settlement) {
        results.push({ ...base, changed: false });
        continue;
      }
      if (!(await transitionPayout(trx, payout.id, payout.status, settlement, at))) {
        throw new PayoutRefusal('CONCURRENT_CHANGE', `Payout ${payout.id} changed while this command ran; nothing was written. Run it again.`);
      }
      if (isCreditedBack(settlement)) await creditBack(trx, payout, at);
      await recordAuditEvent(
        trx,
        {
          type: 'payout.settle', ...auditActorFields(actor),
          outcome: settlement,
          brandId: payout.brand_id,
          cardId: payout.card_id,
          detail: `payout ${payout.id} was ${payout.status}${isCreditedBack(settlement) ? `; ${payout.amount} + fee ${payout.fee} ${payout.asset_code} credited back` : ''}`,
        },
        at,
      );
      // A returned payout failed after all, as far as the brand's systems are concerned: its money is back on the card.
      const card = await findCardById(trx, payout.card_id);
      if (!card) throw new Error(`payout ${payout.id} names a card that does not exist`);
      await recordWebhookEvent(
        trx,
        deps.crypto,
        { brandId: payout.brand_id, type: settlement === 'paid' ? 'payout.paid' : 'payout.failed', cardId: payout.card_id, data: payoutEventData(card, payout, { status: settlement }) },
        at,
      );
      results.push({ ...base, changed: true });
    }
    return results;
  });
}

function explain(status: PayoutStatus, settlement: Settlement): string {
  if (settlement === 'paid' && status === 'pending') return ' (not in a payout file yet: run "tessera payouts export" first)';
  if (settlement === 'paid' && status === 'failed') return ' (failed payouts were credited back to the card)';
  if (settlement === 'failed' && status === 'paid') return ' (a paid payout cannot be failed; a transfer the bank returns after paying it: "tessera payouts return")';
  if (settlement === 'failed' && status === 'returned') return ' (the bank returned it; it was credited back to the card)';
  if (settlement === 'paid' && status === 'returned') return ' (the bank returned it; it was credited back to the card)';
  if (settlement === 'returned' && (status === 'pending' || status === 'exported')) return ' (not paid: a transfer the bank refuses or returns before paying it is "tessera payouts mark-failed")';
  if (settlement === 'returned' && status === 'failed') return ' (failed payouts were credited back to the card)';
  return '';
}

/**
 * Books a payout's amount and fee back onto its card (reversal references, unique, so once per
 * payout whichever way it went) and clears the card's `paid_out_at`: settled as failed or
 * returned here, rejected after a hold in the back office (back-office/payouts).
 */
export async function creditBack(trx: Transaction<Database>, payout: PayoutRow, at: string): Promise<void> {
  // Lock the card like every payout does, so a new payout attempt waits for this one.
  await findCardForUpdate(trx, payout.card_id);
  await insertLedgerEntries(trx, [
    {
      id: randomUUID(),
      card_id: payout.card_id,
      asset_code: payout.asset_code,
      amount: payout.amount,
      kind: 'payout',
      reference: payoutReference(payout.card_id, payout.attempt, 'payout', true),
      created_at: at,
    },
    ...(payout.fee > 0
      ? [
          {
            id: randomUUID(),
            card_id: payout.card_id,
            asset_code: payout.asset_code,
            amount: payout.fee,
            kind: 'fee' as const,
            reference: payoutReference(payout.card_id, payout.attempt, 'fee', true),
            created_at: at,
          },
        ]
      : []),
  ]);
  await updateCard(trx, payout.card_id, { paid_out_at: null, updated_at: at });
}
