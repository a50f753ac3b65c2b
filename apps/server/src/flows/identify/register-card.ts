import { recordWebhookEvent, webhookCard } from '../../delivery/webhooks/events.js';
import type { identifyCustomerRequestSchema, IdentifyCustomerResponse } from '@tessera/contracts';
import type { z } from 'zod';
import { recordAuditEvent } from '../../db/repositories/audit.js';
import { updateCard } from '../../db/repositories/cards.js';
import { findCardRegistration, insertCardRegistration } from '../../db/repositories/identity-sessions.js';
import { payoutsOfCard } from '../../db/repositories/payouts.js';
import { isCreditedBack } from '../../domain/payout.js';
import { PURPOSE } from '../../crypto/index.js';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../../deps.js';
import { auditOf, type CustomerCall } from '../../customer-call/call-gate.js';
import { withIdentifiedCard } from '../../identity/identified-card-call.js';

/** registered: with the card's number, encrypted, for an answer to a call that sent none. */
type Outcome = { kind: 'registered'; numberCiphertext: string } | { kind: 'already_registered' };

/**
 * IDENTIFY customer call (POST /api/Authentication/{slug}/customer?sessionId=…, x-flow-type
 * IDENTIFY): registers the card to the identity the bank verified. The body carries the card
 * number and security code, or is `{}` when the session call bound the card (docs/decisions/014,
 * 2026-11-26; a card sent must then be the bound one).
 *
 * Order of checks as the PAYOUT call: brand (404 THEME_NOT_FOUND), flow IDENTIFY (403
 * FLOW_UNAVAILABLE), body and query (400 VALIDATION_ERROR) by the call gate and Fastify; then
 * the identity session (400 IDENTITY_SESSION_INVALID), card and security code (404
 * CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS). Then in the transaction that verified the security code
 * (identity/identified-card-call.ts, which PAYOUT shares): the session is bound to the card
 * (spent); a repeat of a registration made with this session answers it again; cancelled →
 * USER_CANCELLED, failed → IDENTITY_FAILED; a card registered before (any session) or paid out →
 * CARD_ALREADY_REGISTERED; otherwise the registration (identity encrypted, subject hash), the card's
 * registered_at and the audit events `identify.customer` and `card.register`. The answer is the
 * card number as typed, without spaces, or the bound card's number when none was sent
 * (docs/product/identify.md#screens success shows it in blocks of 4).
 */
export async function registerCard(
  deps: ServiceDeps,
  call: CustomerCall,
  sessionId: string,
  request: z.output<typeof identifyCustomerRequestSchema>,
): Promise<IdentifyCustomerResponse> {
  const { brand, flowType } = call;
  const audit = auditOf(call, 'identify.customer');
  const { client } = audit;
  const outcome = await withIdentifiedCard<Outcome>(deps, call, { flow: 'IDENTIFY', sessionId, ...request, audit }, {
    repeat: async (trx, card, ref, session) => {
      const registration = await findCardRegistration(trx, card.id);
      return registration?.identity_session_id === session.id
        ? { value: { kind: 'registered', numberCiphertext: card.number_ciphertext }, outcome: 'repeat', detail: `${ref}: registration answered again` }
        : undefined;
    },
    act: async (trx, { card, session, verified, ref, now }) => {
      const at = now.toISOString();
      const registration = await findCardRegistration(trx, card.id);
      const paidOut = card.paid_out_at !== null || (await payoutsOfCard(trx, card.id)).some((p) => !isCreditedBack(p.status));
      if (registration || card.registered_at !== null || paidOut) {
        return { value: { kind: 'already_registered' }, outcome: 'already_registered', detail: `${ref}: ${paidOut ? 'paid out' : 'registered'} before` };
      }

      await insertCardRegistration(trx, {
        card_id: card.id,
        brand_id: brand.id,
        identity_session_id: session.id,
        subject_hash: verified.subjectHash,
        identity_ciphertext: deps.crypto.cipher.encrypt(JSON.stringify(verified.identity), PURPOSE.identity),
        created_at: at,
      });
      await updateCard(trx, card.id, { registered_at: at, updated_at: at });
      await recordAuditEvent(trx, { type: 'card.register', outcome: 'registered', brandId: brand.id, cardId: card.id, flowType, client, detail: ref }, at);
      await recordWebhookEvent(trx, deps.crypto, { brandId: brand.id, type: 'card.registered', cardId: card.id, data: { card: webhookCard(card) } }, at);
      return { value: { kind: 'registered', numberCiphertext: card.number_ciphertext }, outcome: 'registered', detail: ref };
    },
  });
  if (outcome.kind === 'already_registered') throw new AppError('CARD_ALREADY_REGISTERED', 'This card has already been registered or paid out.');
  // A call with only the sessionId (the card bound at the session call) gets the number the
  // server keeps: the cardholder proved the security code for it at the session call.
  return { cardNumber: request.cardNumber ?? deps.crypto.cipher.decrypt(outcome.numberCiphertext, PURPOSE.cardNumber) };
}
