import type { GiftCard, recoveryRequestSchema } from '@tessera/contracts';
import type { z } from 'zod';
import { markSecretUsed } from '../../db/repositories/card-secrets.js';
import { isUsableGiftCard } from '../../domain/card-state.js';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../../deps.js';
import { auditOf, type CustomerCall } from '../../customer-call/call-gate.js';
import { requireCaptcha } from '../../customer-call/captcha-check.js';
import { checkCardSecretAndWrite } from '../../customer-call/card-secret-check.js';
import { readCardLedger } from '../../customer-call/card-ledger.js';
import { giftCardAnswer } from '../../customer-call/gift-card-answer.js';
import { requireSecureNewSecret } from '../../customer-call/new-secret-check.js';
import { setCardSecret } from '../../cards/set-card-secret.js';

type RecoveryInput = z.output<typeof recoveryRequestSchema>;

/**
 * RESET (POST /api/recovery/{themeCode}/, x-flow-type SECURITY_RESET; the body as Fastify validated it): a gift card's number, its
 * one-time recovery code and a new security code, with a captcha. Checks in the contract's order:
 * brand, flow, body, captcha, then the new code's docs/product/common.md#passcodes rules
 * (SECURITY_CODE_INSECURE, before the card is touched: it neither uses up the recovery code nor
 * counts as a wrong guess), then card and recovery code under the per-card guessing limits.
 * Whatever was wrong about the card (unknown number, another brand's card, not a usable gift card,
 * a wrong or used recovery code) answers RECOVERY_CODE_NOT_FOUND, and a wrong code counts like any
 * wrong secret.
 *
 * On success, in the transaction that verified the code: the recovery code is used up (it works
 * once), the new security code replaces the old one, the failed-attempt count is reset, and the
 * event is audited. The answer is the card, as a lookup gives it.
 */
export async function resetSecurityCode(deps: ServiceDeps, call: CustomerCall, request: RecoveryInput): Promise<GiftCard> {
  const { brand } = call;
  const auditBase = auditOf(call, 'giftcard.reset');
  await requireCaptcha(deps, call, request['g-recaptcha-response'], auditBase);
  await requireSecureNewSecret(deps, request.securityCode, auditBase);

  const result = await checkCardSecretAndWrite(deps, {
    cardNumber: request.cardNumber,
    secret: request.otcNumber,
    secretKind: 'recovery_code',
    accepts: (card) => card.brand_id === brand.id && isUsableGiftCard(card),
    audit: auditBase,
    write: async (trx, { card, secret, now }) => {
      const at = now.toISOString();
      // The card row is locked (PostgreSQL) or the only writer (SQLite) and the code was unused
      // when read under that lock, so this cannot lose; if it ever did, nothing is committed.
      if (!(await markSecretUsed(trx, secret.id, at))) throw new Error('the recovery code was used by another request');
      await setCardSecret(trx, deps.crypto, { cardId: card.id, kind: 'security_code', value: request.securityCode, at });
      return { value: await readCardLedger(trx, card.id), detail: 'security code replaced; recovery code used' };
    },
  });
  if (!result.ok) throw new AppError(result.code === 'CARD_NOT_FOUND' ? 'RECOVERY_CODE_NOT_FOUND' : result.code);
  return giftCardAnswer(request.cardNumber, result.card, result.value);
}
