import { randomInt } from 'node:crypto';
import {
  type CodeRequestResult,
  type codeRequestSchema,
  type HolderInformation,
  maskPhoneNumber,
  ONE_TIME_CODE_LENGTH,
  SUPPORTED_LANGUAGES,
  type useCodeRequestSchema,
} from '@tessera/contracts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { holderWasErased, type VisaHolderData } from '../../cards/issue-card.js';
import { readHolderData } from '../../cards/visa-holder.js';
import { type Crypto, PURPOSE } from '../../crypto/index.js';
import { type AuditEvent, recordAuditEvent } from '../../db/repositories/audit.js';
import { countOneTimeCodesSince, markSecretUsed } from '../../db/repositories/card-secrets.js';
import { findCardByNumberIndex, updateCard } from '../../db/repositories/cards.js';
import type { Executor } from '../../db/repositories/executor.js';
import { readNumberGuesses } from '../../db/repositories/number-guesses.js';
import type { CardRow, Database } from '../../db/schema.js';
import { enqueueMessage } from '../../delivery/outbox.js';
import { composeOneTimeCodeSms, type OneTimeCodePurpose } from '../../delivery/sms/one-time-code.js';
import { canTransition } from '../../domain/card-state.js';
import { guessingGate, guessingStateOf } from '../../domain/guessing-policy.js';
import { acceptedLanguages, chooseLanguage } from '../../domain/language.js';
import { balanceIn } from '../../domain/ledger.js';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../../deps.js';
import { flowLanguages } from '../../customer-call/brand-gate.js';
import { cardTransactions, readCardLedger } from '../../customer-call/card-ledger.js';
import { auditOf, type CustomerCall } from '../../customer-call/call-gate.js';
import { requireCaptcha } from '../../customer-call/captcha-check.js';
import { checkCardSecretAndWrite } from '../../customer-call/card-secret-check.js';
import { requireSecureNewSecret } from '../../customer-call/new-secret-check.js';
import { setCardSecret } from '../../cards/set-card-secret.js';

/**
 * One-time SMS codes (docs/product/visa.md#one-time-sms-codes): valid 10 minutes, 5 tries, 3
 * requests a card an hour.
 */
export const ONE_TIME_CODE_TTL_MS = 10 * 60 * 1000;
export const ONE_TIME_CODE_TRIES = 5;
export const ONE_TIME_CODE_REQUESTS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

type CodeRequestInput = z.output<typeof codeRequestSchema>;
export type UseCodeInput = z.output<typeof useCodeRequestSchema>;

/** Six digits from the operating system's random generator (leading zeros kept). */
export function drawOneTimeCode(): string {
  return String(randomInt(0, 10 ** ONE_TIME_CODE_LENGTH)).padStart(ONE_TIME_CODE_LENGTH, '0');
}

/** A Visa card of this brand that the activation may (re)start on: not active yet, not blocked. */
export const awaitsActivation = (card: CardRow, brandId: string) =>
  card.brand_id === brandId && card.kind === 'visa' && card.blocked_at === null && (card.state === 'inactive' || card.state === 'passcode_set');

/** The card and its passcode, as the secret check takes them, from a VISA request that proves the cardholder by both. */
export const passcodeOf = (request: { cardNumber: string; securityCode: string }) => ({
  cardNumber: request.cardNumber,
  secret: request.securityCode,
  secretKind: 'passcode' as const,
});

/** A Visa card of this brand with a passcode: the login and the steps after activation. */
export const hasPasscode = (card: CardRow, brandId: string) =>
  card.brand_id === brandId && card.kind === 'visa' && card.blocked_at === null && (card.state === 'passcode_set' || card.state === 'active');
export const isActiveVisa = (card: CardRow, brandId: string) => card.brand_id === brandId && card.kind === 'visa' && card.state === 'active' && card.blocked_at === null;

/**
 * The holder information answer (contracts holderInformationSchema): the phone masked, the balance
 * of the card's asset and the card's latest entries.
 */
export async function holderInformation(db: Executor, crypto: Crypto, card: CardRow, holder?: VisaHolderData): Promise<HolderInformation> {
  const [data, ledger] = await Promise.all([holder ?? readHolderData(db, crypto, card.id), readCardLedger(db, card.id)]);
  return {
    status: card.state === 'active' ? 'active' : 'passcode_set',
    holderName: data.holderName,
    address: data.address,
    email: data.email,
    phoneNumber: maskPhoneNumber(data.phoneNumber),
    nationality: data.nationality,
    countryOfBirth: data.countryOfBirth,
    dateOfBirth: data.dateOfBirth,
    currency: card.asset_code,
    balance: balanceIn(ledger.sums, card.asset_code),
    transactions: cardTransactions(ledger.latest),
  };
}

type CodeRequestOutcome =
  | { ok: true; phoneNumber: string }
  | { ok: false; code: 'INVALID_TOKEN' | 'TOKEN_ALREADY_ACTIVATED' | 'TOKEN_IS_NOT_ACTIVE' | 'TOO_MANY_REQUESTS' };

/**
 * RequestActivationCode and requestrecovery: past the call gate and validation, the captcha, then in one transaction
 * (the card row locked on PostgreSQL, so concurrent requests count right): the card's eligibility,
 * its guessing gate, the 3-an-hour limit, a new code (replacing any earlier one; stored as a keyed
 * hash only), and the SMS queued in the outbox. A refusal commits only its audit event. After the
 * commit the outbox worker is woken. Answers the phone number masked.
 */
export async function requestOneTimeCode(
  deps: ServiceDeps,
  call: CustomerCall,
  request: CodeRequestInput,
  purpose: OneTimeCodePurpose,
): Promise<CodeRequestResult> {
  const { brand, flows } = call;
  const auditBase = auditOf(call, purpose === 'activation' ? 'visa.activation_code' : 'visa.recovery_code');
  await requireCaptcha(deps, call, request['g-recaptcha-response'], auditBase);
  const culture = chooseLanguage([request.culture, ...acceptedLanguages(call.acceptLanguage)], flowLanguages(flows, 'VISA'), SUPPORTED_LANGUAGES);
  const { crypto } = deps;
  const numberIndexes = crypto.blindIndex.candidates(PURPOSE.cardNumber, request.cardNumber);

  const outcome = await deps.db.transaction().execute(async (trx): Promise<CodeRequestOutcome> => {
    const now = deps.now();
    const at = now.toISOString();
    const audit = (outcome: string, cardId: string | null, detail?: string) =>
      recordAuditEvent(trx, { ...auditBase, outcome, cardId, detail: detail ?? null }, at);

    const card = await findCardByNumberIndex(trx, numberIndexes, { forUpdate: true });
    if (!card || card.brand_id !== brand.id || card.kind !== 'visa' || card.blocked_at !== null || !['inactive', 'passcode_set', 'active'].includes(card.state)) {
      await audit('invalid_token', card?.id ?? null, card ? 'card not eligible' : undefined);
      return { ok: false, code: 'INVALID_TOKEN' };
    }
    if (purpose === 'activation' && card.state === 'active') {
      await audit('already_activated', card.id);
      return { ok: false, code: 'TOKEN_ALREADY_ACTIVATED' };
    }
    if (purpose === 'recovery' && card.state !== 'active') {
      await audit('not_active', card.id, card.state);
      return { ok: false, code: 'TOKEN_IS_NOT_ACTIVE' };
    }
    const gate = guessingGate(guessingStateOf(await readNumberGuesses(trx, numberIndexes)), now);
    if (!gate.allowed) {
      await audit(gate.reason === 'locked' ? 'refused_locked' : 'refused_cooldown', card.id);
      return { ok: false, code: 'TOO_MANY_REQUESTS' };
    }
    const sent = await countOneTimeCodesSince(trx, card.id, new Date(now.getTime() - HOUR_MS).toISOString());
    if (sent >= ONE_TIME_CODE_REQUESTS_PER_HOUR) {
      await audit('too_many_codes', card.id, `${sent} codes in the last hour`);
      return { ok: false, code: 'TOO_MANY_REQUESTS' };
    }

    const holder = await readHolderData(trx, crypto, card.id);
    if (holderWasErased(holder)) {
      // A data deletion request took the phone number: no code can be sent, as for a card that is not eligible.
      await audit('invalid_token', card.id, 'holder data erased');
      return { ok: false, code: 'INVALID_TOKEN' };
    }
    const code = drawOneTimeCode();
    // The new code replaces any earlier one-time code of the card (whatever it was for).
    await setCardSecret(trx, crypto, {
      cardId: card.id,
      kind: 'one_time_code',
      value: code,
      at,
      purpose,
      attemptsLeft: ONE_TIME_CODE_TRIES,
      expiresAt: new Date(now.getTime() + ONE_TIME_CODE_TTL_MS).toISOString(),
    });
    const message = await composeOneTimeCodeSms(trx, { brandId: brand.id, culture, to: holder.phoneNumber, code, purpose });
    await enqueueMessage(trx, crypto, { message, purpose: `${purpose}_code`, brandId: brand.id, cardId: card.id }, at);
    await audit('sent', card.id, `code ${sent + 1} of ${ONE_TIME_CODE_REQUESTS_PER_HOUR} this hour; sms in ${culture}`);
    return { ok: true, phoneNumber: holder.phoneNumber };
  });
  if (!outcome.ok) throw new AppError(outcome.code);
  // The SMS was queued in the transaction that has just committed; waking saves the poll delay.
  deps.outbox.wake();
  return { phoneNumber: maskPhoneNumber(outcome.phoneNumber) };
}

/**
 * UseActivationCode and userecovery: past the call gate and validation, the new passcode's
 * docs/product/common.md#passcodes rules (SECURITY_CODE_INSECURE before the card is touched:
 * nothing used up, no guess counted), then the card and its one-time code under the guessing limits
 * (a wrong code also spends one of the code's 5 tries). On success, in the transaction that
 * verified the code: the code is used up, the new passcode (keyed hash) replaces any earlier one,
 * and `onSuccess` runs (the state change or the answer). Any refusal of card or code answers
 * INVALID_TOKEN, alike.
 */
export async function useOneTimeCode<T>(
  deps: ServiceDeps,
  call: CustomerCall,
  request: UseCodeInput,
  options: {
    purpose: OneTimeCodePurpose;
    auditType: AuditEvent['type'];
    accepts: (card: CardRow, brandId: string) => boolean;
    onSuccess: (trx: Transaction<Database>, card: CardRow, at: string) => Promise<T>;
  },
): Promise<T> {
  const { brand } = call;
  const auditBase = auditOf(call, options.auditType);
  await requireSecureNewSecret(deps, request.securityCode, auditBase);

  const result = await checkCardSecretAndWrite(deps, {
    cardNumber: request.cardNumber,
    secret: request.otcNumber,
    secretKind: 'one_time_code',
    purpose: options.purpose,
    accepts: (card) => options.accepts(card, brand.id),
    audit: auditBase,
    write: async (trx, { card, secret, now }) => {
      const at = now.toISOString();
      if (!(await markSecretUsed(trx, secret.id, at))) throw new Error('the one-time code was used by another request');
      await setCardSecret(trx, deps.crypto, { cardId: card.id, kind: 'passcode', value: request.securityCode, at });
      return { value: await options.onSuccess(trx, card, at), detail: `passcode set; ${options.purpose} code used` };
    },
  });
  if (!result.ok) throw new AppError(result.code === 'CARD_NOT_FOUND' ? 'INVALID_TOKEN' : result.code);
  return result.value;
}

/** Moves a Visa card to a next state, refusing a transition the state machine does not allow. */
export async function moveVisaCard(trx: Executor, card: CardRow, to: 'passcode_set' | 'active', at: string): Promise<CardRow> {
  if (card.state === to) return card;
  if (!canTransition(card.state as Parameters<typeof canTransition>[0], to)) throw new Error(`a Visa card cannot go from ${card.state} to ${to}`);
  await updateCard(trx, card.id, { state: to, updated_at: at });
  return { ...card, state: to, updated_at: at };
}
