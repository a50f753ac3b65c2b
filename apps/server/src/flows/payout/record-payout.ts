import { payoutEventData } from '../../delivery/webhooks/payout-event.js';
import { recordWebhookEvent } from '../../delivery/webhooks/events.js';
import { randomUUID } from 'node:crypto';
import { checkPayoutIban, maskIban, type PayoutIbanCheck } from '@tessera/contracts';
import type { Transaction } from 'kysely';
import { type Crypto, PURPOSE } from '../../crypto/index.js';
import { recordAuditEvent } from '../../db/repositories/audit.js';
import { updateCard } from '../../db/repositories/cards.js';
import { insertLedgerEntries, sumLedgerByAsset } from '../../db/repositories/ledger.js';
import { findCardForUpdate, insertPayout, payoutsOfCard } from '../../db/repositories/payouts.js';
import type { Database, PayoutRow } from '../../db/schema.js';
import { isUsableGiftCard } from '../../domain/card-state.js';
import { balanceIn, canDebit } from '../../domain/ledger.js';
import { endToEndIdOf, isCreditedBack, PAYOUT_ASSET, type PayoutBreakdown, payoutBreakdown, payoutReference } from '../../domain/payout.js';
import { insertPayoutReview } from '../../db/repositories/payout-review.js';
import type { VerifiedIdentity } from '../../domain/identity.js';
import { type PayoutReviewRule, payoutReviewSettingsOf } from '../../domain/payout-review.js';
import { holdRulesOf } from './hold-rules.js';

export interface RecordPayoutInput {
  cardId: string;
  /** The name the identity provider verified: the creditor's name in the bank file. */
  verifiedName: string;
  /** As the cardholder typed it; spaces and case do not matter. */
  iban: string;
  /** The identity session the name came from (the PAYOUT customer call always has one; tests may leave it out). */
  identitySessionId?: string | null;
  /** Who the bank verified: the monthly limit per identity counts by it (null: no such rule for this payout). */
  identity?: Pick<VerifiedIdentity, 'issuer' | 'subject'> | null;
  /** Recorded with the audit event. */
  flowType?: string | null;
  client?: string | null;
}

export type RecordPayoutResult =
  /** `held` (rules not empty) or pending: the cardholder is answered the same either way. */
  | { kind: 'recorded'; payout: PayoutRow; breakdown: PayoutBreakdown; rules: PayoutReviewRule[] }
  /** The card was paid out (a payout not failed), or registered to an identity. */
  | { kind: 'already_paid_out' }
  /** Balance minus fee is 0 or less: nothing is paid, nothing written. */
  | { kind: 'nothing_to_pay'; breakdown: PayoutBreakdown }
  | { kind: 'iban_refused'; reason: Extract<PayoutIbanCheck, { ok: false }>['reason'] }
  /** Unknown card, not an active gift card, or a card whose currency SEPA cannot pay. */
  | { kind: 'card_unusable' };

/**
 * Records a payout in the caller's transaction (the PAYOUT customer call runs it inside the
 * transaction that verified the card's security code and the identity session):
 *
 * 1. locks the card row (PostgreSQL `FOR UPDATE`; SQLite has one writer) and re-reads it, so of
 *    concurrent calls for one card exactly one pays and the others see `paid_out_at`;
 * 2. refuses a card already paid out or registered, an unusable card, a bad IBAN (checksum,
 *    Dutch bank code, iDIN issuer: contracts' checkPayoutIban), and a payout of 0 or less;
 * 3. judges the review rules (hold-rules.ts, the brand's `payoutReview`) under the card's lock;
 * 4. records the payout (pending, or held when a rule hit), debits the payout and the brand's fee
 *    through the ledger (kinds payout and fee, references from the card and attempt), sets
 *    `paid_out_at`, and writes the audit event `payout.record` and webhook `payout.created`; a
 *    held payout also its review (the rules it hit), the audit event `payout.hold` and the
 *    webhook `payout.held`. A held payout's money is off the card as a pending one's is: a
 *    rejection credits it back (back-office/payouts).
 *
 * Refusals write nothing: the caller audits them with its own outcome. The balance is read from
 * the ledger under the lock; the fee is the brand's as stored now (not the cache).
 */
export async function recordPayout(
  trx: Transaction<Database>,
  deps: { crypto: Crypto },
  input: RecordPayoutInput,
  now: Date,
): Promise<RecordPayoutResult> {
  const at = now.toISOString();
  const card = await findCardForUpdate(trx, input.cardId);
  if (!card || !isUsableGiftCard(card) || card.asset_code !== PAYOUT_ASSET) return { kind: 'card_unusable' };
  if (card.paid_out_at !== null || card.registered_at !== null) return { kind: 'already_paid_out' };

  const earlier = await payoutsOfCard(trx, card.id);
  // paid_out_at is cleared only when a payout fails or comes back; this guards a card whose flag was cleared by hand.
  if (earlier.some((p) => !isCreditedBack(p.status))) return { kind: 'already_paid_out' };

  const iban = checkPayoutIban(input.iban);
  if (!iban.ok) return { kind: 'iban_refused', reason: iban.reason };

  const brand = await trx.selectFrom('brands').select(['id', 'payout_fee', 'payout_review_json']).where('id', '=', card.brand_id).executeTakeFirstOrThrow();
  const balance = balanceIn(await sumLedgerByAsset(trx, card.id), PAYOUT_ASSET);
  const breakdown = payoutBreakdown(balance, brand.payout_fee, PAYOUT_ASSET);
  if (breakdown.payout <= 0 || !canDebit(balance, breakdown.payout + breakdown.fee)) return { kind: 'nothing_to_pay', breakdown };

  const rules = await holdRulesOf(
    trx,
    deps.crypto,
    payoutReviewSettingsOf(brand.payout_review_json),
    { cardId: card.id, brandId: brand.id, iban: iban.iban, identity: input.identity ?? null, amount: breakdown.payout },
    now,
  );
  const attempt = earlier.length + 1;
  const id = randomUUID();
  const payout: PayoutRow = {
    id,
    card_id: card.id,
    brand_id: brand.id,
    attempt,
    amount: breakdown.payout,
    fee: breakdown.fee,
    asset_code: PAYOUT_ASSET,
    name_ciphertext: deps.crypto.cipher.encrypt(input.verifiedName, PURPOSE.payoutName),
    iban_ciphertext: deps.crypto.cipher.encrypt(iban.iban, PURPOSE.payoutIban),
    iban_hint: maskIban(iban.iban),
    iban_index: deps.crypto.blindIndex.of(PURPOSE.payoutIban, iban.iban),
    bic: iban.bank.bic,
    identity_session_id: input.identitySessionId ?? null,
    status: rules.length > 0 ? 'held' : 'pending',
    batch_id: null,
    end_to_end_id: endToEndIdOf(id),
    created_at: at,
    exported_at: null,
    settled_at: null,
    updated_at: at,
  };
  await insertPayout(trx, payout);
  await insertLedgerEntries(trx, [
    {
      id: randomUUID(),
      card_id: card.id,
      asset_code: PAYOUT_ASSET,
      amount: -breakdown.payout,
      kind: 'payout',
      reference: payoutReference(card.id, attempt, 'payout'),
      created_at: at,
    },
    ...(breakdown.fee > 0
      ? [
          {
            id: randomUUID(),
            card_id: card.id,
            asset_code: PAYOUT_ASSET,
            amount: -breakdown.fee,
            kind: 'fee' as const,
            reference: payoutReference(card.id, attempt, 'fee'),
            created_at: at,
          },
        ]
      : []),
  ]);
  await updateCard(trx, card.id, { paid_out_at: at, updated_at: at });
  await recordAuditEvent(
    trx,
    {
      type: 'payout.record',
      outcome: payout.status,
      brandId: brand.id,
      cardId: card.id,
      flowType: input.flowType ?? null,
      client: input.client ?? null,
      detail: `payout ${id} attempt ${attempt}: ${breakdown.payout} + fee ${breakdown.fee} ${PAYOUT_ASSET} to ${payout.iban_hint}`,
    },
    at,
  );
  await recordWebhookEvent(trx, deps.crypto, { brandId: brand.id, type: 'payout.created', cardId: card.id, data: payoutEventData(card, payout) }, at);
  if (rules.length > 0) {
    await insertPayoutReview(trx, { payout_id: id, rules: JSON.stringify(rules), held_at: at, decision: null, decided_by: null, decided_at: null, fraud: 0 });
    await recordAuditEvent(
      trx,
      { type: 'payout.hold', outcome: 'held', brandId: brand.id, cardId: card.id, actor: 'system:payout-review', client: null, detail: `payout ${id} held: ${rules.join(', ')}` },
      at,
    );
    await recordWebhookEvent(trx, deps.crypto, { brandId: brand.id, type: 'payout.held', cardId: card.id, data: payoutEventData(card, payout, { status: 'held', rules }) }, at);
  }
  return { kind: 'recorded', payout, breakdown, rules };
}
