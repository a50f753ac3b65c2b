import { checkPayoutIban, normalizeIban, type PayoutCustomerResponse, type payoutCustomerRequestSchema } from '@tessera/contracts';
import type { z } from 'zod';
import { PURPOSE } from '../../crypto/index.js';
import type { PayoutRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../../deps.js';
import { recordPayout } from './record-payout.js';
import { isCreditedBack } from '../../domain/payout.js';
import { auditOf, type CustomerCall } from '../../customer-call/call-gate.js';
import { withIdentifiedCard } from '../../identity/identified-card-call.js';
import { IBAN_BANK_MISMATCH_MESSAGE, IBAN_MESSAGES, type IbanRefusal } from '../../identity/payout-iban.js';

type Outcome =
  | { kind: 'paid'; payout: PayoutRow }
  | { kind: 'conflict' }
  | { kind: 'iban_refused'; reason: IbanRefusal }
  | { kind: 'bank_mismatch' }
  | { kind: 'already_registered' }
  | { kind: 'nothing_to_pay' }
  | { kind: 'card_unusable' };

/** The answer of a recorded payout: the same for the call that made it and for every repeat. */
const answerOf = (payout: PayoutRow): PayoutCustomerResponse => ({
  payout: payout.amount,
  fee: payout.fee,
  assetCode: payout.asset_code,
  bankAccountNumber: payout.iban_hint,
});

/**
 * PAYOUT customer call (POST /api/Authentication/{themeCode}/customer, x-flow-type PAYOUT): card
 * number, security code, the sessionId of a bank identity check, and the IBAN to pay to; or only
 * the sessionId, when the session call bound the card and the IBAN (docs/decisions/014,
 * 2026-11-26).
 *
 * Order of checks: brand (404 THEME_NOT_FOUND), flow PAYOUT (403 FLOW_UNAVAILABLE), body (400
 * VALIDATION_ERROR) by the call gate and Fastify; then the identity session (of this brand and
 * flow, returned, live and unspent or spent for this card: else 400 IDENTITY_SESSION_INVALID),
 * the IBAN sent against the IBAN bound (another one: 400 VALIDATION_ERROR on bankAccountNumber,
 * nothing changed; neither: the same, required), the card and its security code under the
 * guessing limits (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS) or the bound card
 * (identity/bound-card.ts). Then, in the one transaction that
 * verified the security code (identity/identified-card-call.ts, which IDENTIFY shares):
 * - the session is bound to the card (spent), whatever follows (docs/decisions/014);
 * - a session already bound to the card whose payout was recorded: with the same IBAN (spaces and
 *   case aside) that payout's answer again, nothing moved (idempotent repeat); with another IBAN
 *   409 IDEMPOTENCY_CONFLICT, nothing moved, the answer naming neither IBAN; one whose payout
 *   failed at the bank: IDENTITY_SESSION_INVALID;
 * - the provider's outcome: cancelled → USER_CANCELLED, failed → IDENTITY_FAILED;
 * - the IBAN: checksum, Dutch bank, iDIN issuer (400 VALIDATION_ERROR on bankAccountNumber), and
 *   its bank must be the one the cardholder identified at (400 IBAN_BANK_MISMATCH);
 * - recordPayout with the verified name: paid out or registered before → CARD_ALREADY_REGISTERED,
 *   nothing to pay → BALANCE_TOO_LOW, card not payable (currency) → CARD_NOT_FOUND.
 * Every outcome is one audit event `payout.customer` (plus `payout.record` on success).
 */
export async function payOutCard(
  deps: ServiceDeps,
  call: CustomerCall,
  request: z.output<typeof payoutCustomerRequestSchema>,
): Promise<PayoutCustomerResponse> {
  const { flowType } = call;
  const audit = auditOf(call, 'payout.customer');
  const { client } = audit;
  // The IBAN to pay to: the one sent, or the one the session call bound (set by `agree`).
  let iban = request.bankAccountNumber ?? '';
  const outcome = await withIdentifiedCard<Outcome>(deps, call, { flow: 'PAYOUT', ...request, audit }, {
    agree: (session) => {
      const bound = session.bound_iban_ciphertext === null ? undefined : deps.crypto.cipher.decrypt(session.bound_iban_ciphertext, PURPOSE.identityIban);
      const ref = `session ${session.id}`;
      if (request.bankAccountNumber === undefined && bound === undefined) {
        return {
          outcome: 'validation_error',
          detail: `${ref}: no IBAN sent and none bound`,
          error: new AppError('VALIDATION_ERROR', undefined, [{ path: 'bankAccountNumber', message: 'required: this identity check was started without it' }]),
        };
      }
      if (request.bankAccountNumber !== undefined && bound !== undefined && normalizeIban(request.bankAccountNumber) !== normalizeIban(bound)) {
        return {
          outcome: 'iban_mismatch',
          detail: `${ref}: not the IBAN bound at the session call`,
          error: new AppError('VALIDATION_ERROR', 'This identity check was started with another bank account; nothing was changed.', [
            { path: 'bankAccountNumber', message: 'not the bank account this identity check was started with' },
          ]),
        };
      }
      iban = request.bankAccountNumber ?? bound!;
      return undefined;
    },
    repeat: async (trx, card, ref, session) => {
      const earlier = await trx.selectFrom('payouts').selectAll().where('identity_session_id', '=', session.id).executeTakeFirst();
      if (earlier && earlier.card_id === card.id && !isCreditedBack(earlier.status)) {
        // The stored IBAN has no keyed hash to compare with, so it is decrypted here, inside the
        // transaction, and never leaves this function.
        const paidTo = deps.crypto.cipher.decrypt(earlier.iban_ciphertext, PURPOSE.payoutIban);
        if (normalizeIban(paidTo) !== normalizeIban(iban)) {
          return { value: { kind: 'conflict' }, outcome: 'idempotency_conflict', detail: `${ref}: payout ${earlier.id} went to another IBAN` };
        }
        return { value: { kind: 'paid', payout: earlier }, outcome: 'repeat', detail: `${ref}: payout ${earlier.id} answered again` };
      }
      // A payout that failed at the bank is asked for again with a new identity check (decision 011).
      return earlier ? { invalid: `its payout ${earlier.id} ${earlier.status === 'returned' ? 'came back' : 'failed'}` } : undefined;
    },
    act: async (trx, { card, session, verified, ref, now }) => {
      const checked = checkPayoutIban(iban);
      if (!checked.ok) return { value: { kind: 'iban_refused', reason: checked.reason }, outcome: 'iban_refused', detail: `${ref}: ${checked.reason}` };
      if (checked.bank.bic !== session.issuer) {
        return { value: { kind: 'bank_mismatch' }, outcome: 'iban_bank_mismatch', detail: `${ref}: IBAN of ${checked.bank.bic}, identified at ${session.issuer}` };
      }

      const recorded = await recordPayout(
        trx,
        deps,
        { cardId: card.id, verifiedName: verified.identity.name, iban: checked.iban, identitySessionId: session.id, identity: verified.identity, flowType, client },
        now,
      );
      switch (recorded.kind) {
        case 'recorded':
          return { value: { kind: 'paid', payout: recorded.payout }, outcome: 'paid_out', detail: `${ref}: payout ${recorded.payout.id}` };
        case 'already_paid_out':
          return { value: { kind: 'already_registered' }, outcome: 'already_registered', detail: ref };
        case 'nothing_to_pay':
          return { value: { kind: 'nothing_to_pay' }, outcome: 'balance_too_low', detail: `${ref}: balance ${recorded.breakdown.balance}, fee ${recorded.breakdown.fee}` };
        case 'iban_refused':
          // checkPayoutIban passed above; recordPayout checks the same IBAN again.
          return { value: { kind: 'iban_refused', reason: recorded.reason }, outcome: 'iban_refused', detail: `${ref}: ${recorded.reason}` };
        case 'card_unusable':
          return { value: { kind: 'card_unusable' }, outcome: 'card_unusable', detail: ref };
      }
    },
  });
  switch (outcome.kind) {
    case 'paid':
      return answerOf(outcome.payout);
    case 'conflict':
      throw new AppError('IDEMPOTENCY_CONFLICT', 'This card was already paid out with other details; nothing was changed.');
    case 'iban_refused':
      throw new AppError('VALIDATION_ERROR', 'The bank account number cannot be paid to.', [
        { path: 'bankAccountNumber', message: IBAN_MESSAGES[outcome.reason] },
      ]);
    case 'bank_mismatch':
      throw new AppError('IBAN_BANK_MISMATCH', IBAN_BANK_MISMATCH_MESSAGE);
    case 'already_registered':
      throw new AppError('CARD_ALREADY_REGISTERED', 'This card has already been paid out or registered.');
    case 'nothing_to_pay':
      throw new AppError('BALANCE_TOO_LOW', 'The balance is too low to pay out after the fee.');
    case 'card_unusable':
      throw new AppError('CARD_NOT_FOUND');
  }
}
