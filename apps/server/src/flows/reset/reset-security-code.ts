import { evaluatePasscode, type GiftCard, recoveryRequestSchema } from '@tessera/contracts';
import { markSecretUsed } from '../../db/repositories/card-secrets.js';
import { sumLedgerByAsset } from '../../db/repositories/ledger.js';
import { isUsableGiftCard } from '../../domain/card-state.js';
import { truncateAddress } from '../../domain/client-address.js';
import { AppError } from '../../errors.js';
import type { RequestContext, ServiceDeps } from '../../deps.js';
import { requireBrandOfPath, requireOfferedFlowType } from '../../customer-call/brand-gate.js';
import { checkCaptcha } from '../../customer-call/captcha-check.js';
import { checkCardSecretAndWrite } from '../../customer-call/card-secret-check.js';
import { giftCardAnswer } from '../../customer-call/gift-card-answer.js';
import { parseOrThrow } from '../../customer-call/validate.js';
import { setCardSecret } from '../../cards/set-card-secret.js';

/**
 * RESET (POST /api/recovery/{themeCode}/, x-flow-type SECURITY_RESET): a gift card's number, its
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
export async function resetSecurityCode(deps: ServiceDeps, ctx: RequestContext, themeCode: unknown, body: unknown): Promise<GiftCard> {
  const client = truncateAddress(ctx.clientAddress);
  const { brand, flows } = await requireBrandOfPath(deps.brands, themeCode);
  const flowType = requireOfferedFlowType(ctx.flowTypeHeader, ['SECURITY_RESET'], flows);
  const request = parseOrThrow(recoveryRequestSchema, body);
  const auditBase = { type: 'giftcard.reset', brandId: brand.id, flowType, client };

  if (!(await checkCaptcha(deps, request['g-recaptcha-response'], ctx.clientAddress))) {
    await deps.audit.record({ ...auditBase, outcome: 'captcha_invalid' }, deps.now().toISOString());
    throw new AppError('CAPTCHA_INVALID');
  }

  const verdict = evaluatePasscode(request.securityCode);
  if (verdict !== 'ok') {
    // The verdict (short, long, guessable, …) says nothing about the code itself.
    await deps.audit.record({ ...auditBase, outcome: 'security_code_insecure', detail: verdict }, deps.now().toISOString());
    throw new AppError('SECURITY_CODE_INSECURE');
  }

  const result = await checkCardSecretAndWrite(deps, {
    cardNumber: request.cardNumber,
    secret: request.otcNumber,
    secretKind: 'recovery_code',
    accepts: (card) => card.brand_id === brand.id && isUsableGiftCard(card.kind, card.state),
    audit: auditBase,
    write: async (trx, { card, secret, now }) => {
      const at = now.toISOString();
      // The card row is locked (PostgreSQL) or the only writer (SQLite) and the code was unused
      // when read under that lock, so this cannot lose; if it ever did, nothing is committed.
      if (!(await markSecretUsed(trx, secret.id, at))) throw new Error('the recovery code was used by another request');
      await setCardSecret(trx, deps.crypto, { cardId: card.id, kind: 'security_code', value: request.securityCode, at });
      return { value: await sumLedgerByAsset(trx, card.id), detail: 'security code replaced; recovery code used' };
    },
  });
  if (!result.ok) throw new AppError(result.code === 'CARD_NOT_FOUND' ? 'RECOVERY_CODE_NOT_FOUND' : result.code);
  return giftCardAnswer(request.cardNumber, result.card, result.value);
}
