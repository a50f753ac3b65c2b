import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { type StaffActor, auditActorFields } from '../../card-commands/actor.js';
import { blockLockedCard } from '../../card-commands/block-card.js';
import { PURPOSE } from '../../crypto/index.js';
import { recordAuditEvent } from '../../db/repositories/audit.js';
import { findCardById } from '../../db/repositories/cards.js';
import { sumLedgerByAsset } from '../../db/repositories/ledger.js';
import { addIbanBlock, decideHeldPayout, findPayoutForReview, recordReviewDecision } from '../../db/repositories/payout-review.js';
import type { Database, PayoutRow } from '../../db/schema.js';
import { payoutEventData } from '../../delivery/webhooks/payout-event.js';
import { recordWebhookEvent } from '../../delivery/webhooks/events.js';
import type { ServiceDeps } from '../../deps.js';
import { balanceIn } from '../../domain/ledger.js';
import { AppError } from '../../errors.js';
import { creditBack } from '../../payout-batches/settle-payouts.js';
import { writeCardNote } from '../cards/card-notes.js';
import { scopeIncludes, type StaffScope } from '../cards/staff-scope.js';

type Deps = Pick<ServiceDeps, 'db' | 'crypto' | 'now'>;

const payoutNotFound = () => new AppError('NOT_FOUND', 'No payout with this id exists.');

/**
 * Locks a held payout of the caller's brands and hands it to `decide` in one transaction. An
 * unknown payout, or one of another brand, is NOT_FOUND; one no longer held (released or rejected
 * already, by this caller or another) is 409 ALREADY_DECIDED: a repeat moves no money twice.
 */
async function onHeldPayout<T>(deps: Deps, scope: StaffScope, payoutId: string, decide: (trx: Transaction<Database>, payout: PayoutRow, now: Date) => Promise<T>): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    const payout = await findPayoutForReview(trx, payoutId);
    if (!payout || !scopeIncludes(scope, payout.brand_code)) throw payoutNotFound();
    if (payout.status !== 'held') throw new AppError('ALREADY_DECIDED', `This payout is ${payout.status} already; nothing was changed.`);
    return decide(trx, payout, deps.now());
  });
}

async function cardOf(trx: Transaction<Database>, payout: PayoutRow) {
  const card = await findCardById(trx, payout.card_id, { forUpdate: true });
  if (!card) throw new Error(`payout ${payout.id} names a card that does not exist`);
  return card;
}

/**
 * POST /admin/api/payouts/{id}/release: the payout becomes pending, so the next export takes it.
 * The note, when given, is a sealed card note (it may name the cardholder); the audit event
 * `payout.release` and the webhook `payout.released` say who released it.
 */
export function releaseHeldPayout(deps: Deps, scope: StaffScope, actor: StaffActor, payoutId: string, request: { note?: string }): Promise<{ status: 'pending' }> {
  return onHeldPayout(deps, scope, payoutId, async (trx, payout, now) => {
    const at = now.toISOString();
    const card = await cardOf(trx, payout);
    if (!(await decideHeldPayout(trx, payout.id, 'pending', at))) throw new AppError('ALREADY_DECIDED', 'This payout was decided meanwhile; nothing was changed.');
    await recordReviewDecision(trx, payout.id, { decision: 'released', by: actor.email, at, fraud: false });
    if (request.note !== undefined) await writeCardNote(trx, deps.crypto, card, actor, request.note, at);
    await recordAuditEvent(
      trx,
      { type: 'payout.release', outcome: 'pending', brandId: payout.brand_id, cardId: payout.card_id, detail: `payout ${payout.id} released to the next export`, ...auditActorFields(actor) },
      at,
    );
    await recordWebhookEvent(
      trx,
      deps.crypto,
      { brandId: payout.brand_id, type: 'payout.released', cardId: card.id, data: payoutEventData(card, payout, { status: 'pending', by: actor.kind }) },
      at,
    );
    return { status: 'pending' as const };
  });
}

/**
 * POST /admin/api/payouts/{id}/reject: amount and fee go back onto the card (the ledger's reversal
 * entries, as a failed payout's) and the card may be paid out again; with `fraud` the card is
 * blocked (reason fraud) and the IBAN goes on the brand's block list (its blind index and the
 * payout's sealed IBAN, never decrypted here), so the next payout to it is held. All in one
 * transaction. The reason is a sealed card note; the audit event `payout.reject` records the
 * balance before and after.
 */
export function rejectHeldPayout(deps: Deps, scope: StaffScope, actor: StaffActor, payoutId: string, request: { reason: string; fraud: boolean }): Promise<{ status: 'rejected' }> {
  return onHeldPayout(deps, scope, payoutId, async (trx, payout, now) => {
    const at = now.toISOString();
    const card = await cardOf(trx, payout);
    const before = balanceIn(await sumLedgerByAsset(trx, card.id), payout.asset_code);
    if (!(await decideHeldPayout(trx, payout.id, 'rejected', at))) throw new AppError('ALREADY_DECIDED', 'This payout was decided meanwhile; nothing was changed.');
    await creditBack(trx, payout, at);
    await recordReviewDecision(trx, payout.id, { decision: 'rejected', by: actor.email, at, fraud: request.fraud });
    await writeCardNote(trx, deps.crypto, card, actor, request.reason, at);
    const after = balanceIn(await sumLedgerByAsset(trx, card.id), payout.asset_code);
    await recordAuditEvent(
      trx,
      {
        type: 'payout.reject',
        outcome: request.fraud ? 'rejected_fraud' : 'rejected',
        brandId: payout.brand_id,
        cardId: payout.card_id,
        detail: `payout ${payout.id}: ${payout.amount} + fee ${payout.fee} ${payout.asset_code} credited back`,
        amountBefore: before,
        amountAfter: after,
        ...auditActorFields(actor),
      },
      at,
    );
    if (request.fraud) {
      const ibanIndex = payout.iban_index ?? deps.crypto.blindIndex.of(PURPOSE.payoutIban, deps.crypto.cipher.decrypt(payout.iban_ciphertext, PURPOSE.payoutIban));
      const added = await addIbanBlock(
        trx,
        {
          id: randomUUID(),
          brand_id: payout.brand_id,
          iban_index: ibanIndex,
          iban_ciphertext: payout.iban_ciphertext,
          iban_hint: payout.iban_hint,
          payout_id: payout.id,
          created_by: actor.email,
          created_at: at,
        },
        [ibanIndex],
      );
      if (added) {
        await recordAuditEvent(
          trx,
          { type: 'payout.iban_block', outcome: 'added', brandId: payout.brand_id, cardId: payout.card_id, detail: `${payout.iban_hint} on the block list after payout ${payout.id}`, ...auditActorFields(actor) },
          at,
        );
      }
      await blockLockedCard(deps, { trx, card, now }, 'fraud', actor);
    }
    await recordWebhookEvent(
      trx,
      deps.crypto,
      { brandId: payout.brand_id, type: 'payout.rejected', cardId: card.id, data: payoutEventData(card, payout, { status: 'rejected', fraud: request.fraud, by: actor.kind }) },
      at,
    );
    return { status: 'rejected' as const };
  });
}
