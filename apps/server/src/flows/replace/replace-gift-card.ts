import { recordWebhookEvent, webhookCard } from '../../delivery/webhooks/events.js';
import { randomUUID } from 'node:crypto';
import { type Replacement, type replaceCardRequestSchema, SUPPORTED_LANGUAGES } from '@tessera/contracts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { drawCardNumberLike, drawSecurityCode } from '../../cards/card-numbers.js';
import { issueCardIfNumberFree } from '../../cards/issue-card.js';
import { sealReplacementEmail } from '../../cards/search-indexes.js';
import { PURPOSE } from '../../crypto/index.js';
import { recordAuditEvent } from '../../db/repositories/audit.js';
import { findCardReplacement, insertCardReplacement } from '../../db/repositories/card-replacements.js';
import { updateCard } from '../../db/repositories/cards.js';
import { insertLedgerEntries, sumLedgerByAsset } from '../../db/repositories/ledger.js';
import type { CardRow, Database } from '../../db/schema.js';
import { composeReplacementCardEmail, replacementDedupeKey } from '../../delivery/emails/replacement-card.js';
import { enqueueMessage } from '../../delivery/outbox.js';
import { isReplacedGiftCard, mayReplaceWhileBlocked, isUsableGiftCard } from '../../domain/card-state.js';
import { acceptedLanguages, chooseLanguage } from '../../domain/language.js';
import { balancesOf } from '../../domain/ledger.js';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../../deps.js';
import { flowLanguages } from '../../customer-call/brand-gate.js';
import { auditOf, type CustomerCall } from '../../customer-call/call-gate.js';
import { checkCardSecretAndWrite } from '../../customer-call/card-secret-check.js';

/** How many card numbers are drawn before giving up (each is taken with odds of ~1 in 10^12). */
const NUMBER_DRAWS = 10;

type Outcome =
  | { kind: 'replaced'; email: string; newCardId: string }
  | { kind: 'repeat'; email: string }
  | { kind: 'conflict' }
  | { kind: 'too_low' }
  | { kind: 'paid_out' }
  | { kind: 'no_record' };

/** Ledger references of a replacement: derived from the old card, so a repeat cannot move money twice. */
export const replacementReference = (oldCardId: string, assetCode: string, side: 'out' | 'in') =>
  `replacement:${oldCardId}:${assetCode}:${side}`;

type ReplaceCardInput = z.output<typeof replaceCardRequestSchema>;

/** E-mail addresses compared the way a cardholder types them: case and surrounding spaces aside. */
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * REPLACE (POST /api/replacecard/{themeCode}/replace, x-flow-type REPLACE): the card number
 * (`code`), its security code and an e-mail address. No captcha (the spec's body has none): the
 * secret, the per-card guessing limits and the per-address rate limit protect it. The call gate
 * and Fastify have checked brand, flow and body; then card and security code under the guessing limits (404 CARD_NOT_FOUND / 400
 * TOO_MANY_REQUESTS as on a lookup).
 *
 * Then, in the same transaction (the card row locked on PostgreSQL; SQLite has one writer):
 * - already replaced: a repeat naming the same address (case and surrounding spaces aside) gets
 *   the first call's answer, nothing created or sent; another address is a different request, not
 *   a repeat: 409 IDEMPOTENCY_CONFLICT (audited as idempotency_conflict), nothing created, sent or
 *   changed, and the answer names no address, so whoever finds a replaced card cannot read the
 *   owner's address off it (docs/decisions/007);
 * - whole balance (every asset summed) below the brand's replacement minimum, or a card paid out:
 *   BALANCE_TOO_LOW (audited as balance_too_low or paid_out);
 * - otherwise: a new active gift card of the brand (a fresh number in the old one's style, a fresh
 *   security code, the same asset and expiry), the whole balance moved through the ledger, the old
 *   card blocked (replaced_by_card_id), a registered card's registration inherited by the new one
 *   (so IDENTIFY and PAYOUT refuse it), the address kept encrypted, the e-mail with the new number
 *   and code queued in the outbox, and audit events for both cards. After the commit the outbox
 *   worker is woken (deps.outbox), so the e-mail leaves at once rather than at the next poll.
 *
 * The balances the body carries are what the cardholder saw; what moves is what the ledger holds.
 */
export async function replaceGiftCard(deps: ServiceDeps, call: CustomerCall, request: ReplaceCardInput): Promise<Replacement> {
  const { brand, flows, flowType } = call;
  const { client } = auditOf(call, 'giftcard.replace');
  const culture = chooseLanguage([request.culture, ...acceptedLanguages(call.acceptLanguage)], flowLanguages(flows, 'REPLACE'), SUPPORTED_LANGUAGES);
  const { crypto } = deps;

  const replace = async (trx: Transaction<Database>, card: CardRow, now: Date): Promise<Extract<Outcome, { kind: 'replaced' | 'too_low' | 'paid_out' }>> => {
    const at = now.toISOString();
    // A card paid out (or with its payout on the way) has given its money to its owner's bank
    // account: nothing of it may leave a second time on a new card.
    if (card.paid_out_at !== null) return { kind: 'paid_out' };
    const entries = await sumLedgerByAsset(trx, card.id);
    const total = entries.reduce((sum, e) => sum + e.amount, 0);
    if (total < brand.replacement_minimum) return { kind: 'too_low' };

    const securityCode = drawSecurityCode();
    let newCardId: string | undefined;
    let newNumber = '';
    for (let draw = 0; draw < NUMBER_DRAWS && newCardId === undefined; draw++) {
      newNumber = drawCardNumberLike(request.code);
      newCardId = await issueCardIfNumberFree(
        trx,
        crypto,
        {
          brandId: brand.id,
          kind: 'giftcard',
          cardNumber: newNumber,
          state: 'active',
          assetCode: card.asset_code,
          expiresAt: card.expires_at,
          securityCode,
        },
        at,
      );
    }
    if (newCardId === undefined) throw new Error(`no free card number after ${NUMBER_DRAWS} draws`);
    // The new card is the old one under another number: registered to the same identity (IDENTIFY),
    // so it cannot be registered or paid out to another person. The registration itself stays
    // with the old card, found through the replacement record.
    if (card.registered_at !== null) await updateCard(trx, newCardId, { registered_at: card.registered_at, updated_at: at });

    const moved = balancesOf(entries, card.asset_code);
    await insertLedgerEntries(
      trx,
      moved
        .filter((b) => b.balance !== 0)
        .flatMap((b) => [
          {
            id: randomUUID(),
            card_id: card.id,
            asset_code: b.assetCode,
            amount: -b.balance,
            kind: 'replacement_out' as const,
            reference: replacementReference(card.id, b.assetCode, 'out'),
            created_at: at,
          },
          {
            id: randomUUID(),
            card_id: newCardId,
            asset_code: b.assetCode,
            amount: b.balance,
            kind: 'replacement_in' as const,
            reference: replacementReference(card.id, b.assetCode, 'in'),
            created_at: at,
          },
        ]),
    );
    await updateCard(trx, card.id, { state: 'blocked', replaced_by_card_id: newCardId, updated_at: at });
    await insertCardReplacement(trx, {
      old_card_id: card.id,
      new_card_id: newCardId,
      ...sealReplacementEmail(crypto, request.email),
      culture,
      created_at: at,
    });
    const message = await composeReplacementCardEmail(trx, {
      brandId: brand.id,
      culture,
      to: request.email,
      cardNumber: newNumber,
      securityCode,
      balances: moved.map((b) => ({ value: b.balance, assetCode: b.assetCode })),
      expiresAt: card.expires_at,
    });
    await enqueueMessage(
      trx,
      crypto,
      { message, purpose: 'replacement_card', brandId: brand.id, cardId: newCardId, dedupeKey: replacementDedupeKey(card.id) },
      at,
    );
    await recordAuditEvent(
      trx,
      { type: 'card.issue', outcome: 'replacement', brandId: brand.id, cardId: newCardId, flowType, client, detail: `replaces card ${card.id}` },
      at,
    );
    await recordWebhookEvent(
      trx,
      crypto,
      {
        brandId: brand.id,
        type: 'card.replaced',
        cardId: card.id,
        data: {
          card: webhookCard(card),
          replacement: webhookCard({ id: newCardId, number_last3: newNumber.slice(-3), kind: 'giftcard' }),
          moved: moved.filter((b) => b.balance !== 0).map((b) => ({ value: b.balance, assetCode: b.assetCode })),
        },
      },
      at,
    );
    return { kind: 'replaced', email: request.email, newCardId };
  };

  const result = await checkCardSecretAndWrite<Outcome>(deps, {
    cardNumber: request.code,
    secret: request.securityCode,
    secretKind: 'security_code',
    accepts: (card) => card.brand_id === brand.id && (isUsableGiftCard(card) || mayReplaceWhileBlocked(card) || isReplacedGiftCard(card)),
    audit: { type: 'giftcard.replace', brandId: brand.id, flowType, client },
    write: async (trx, { card, now }) => {
      if (isReplacedGiftCard(card)) {
        const record = await findCardReplacement(trx, card.id);
        if (!record) return { value: { kind: 'no_record' }, outcome: 'card_not_found', detail: 'blocked, no replacement record' };
        const sentTo = crypto.cipher.decrypt(record.email_ciphertext, PURPOSE.replacementEmail);
        if (!sameAddress(sentTo, request.email)) {
          return { value: { kind: 'conflict' }, outcome: 'idempotency_conflict', detail: `replaced by card ${record.new_card_id}; another address` };
        }
        return { value: { kind: 'repeat', email: sentTo }, outcome: 'already_replaced', detail: `replaced by card ${record.new_card_id}` };
      }
      const outcome = await replace(trx, card, now);
      if (outcome.kind !== 'replaced') return { value: outcome, outcome: outcome.kind === 'paid_out' ? 'paid_out' : 'balance_too_low' };
      return { value: outcome, detail: `replaced by card ${outcome.newCardId}; e-mail in ${culture}` };
    },
  });
  if (!result.ok) throw new AppError(result.code);
  const outcome = result.value;
  // A paid-out card has no balance of its own left to move: the cardholder hears just that.
  if (outcome.kind === 'too_low' || outcome.kind === 'paid_out') throw new AppError('BALANCE_TOO_LOW');
  if (outcome.kind === 'no_record') throw new AppError('CARD_NOT_FOUND');
  if (outcome.kind === 'conflict') throw new AppError('IDEMPOTENCY_CONFLICT', 'This card was already replaced with other details; nothing was changed.');
  // The e-mail was queued in the transaction that has just committed: waking the worker only
  // saves its polling delay (without a worker, as in the CLI or tests, the message waits).
  if (outcome.kind === 'replaced') deps.outbox.wake();
  return { email: outcome.email };
}
