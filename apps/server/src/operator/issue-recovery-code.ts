import { resetRoutes } from '@tessera/contracts';
import { drawRecoveryCode } from '../cards/card-numbers.js';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findBrandById, listBrandFlows } from '../db/repositories/brands.js';
import { readNumberGuesses } from '../db/repositories/number-guesses.js';
import { guessingGate, guessingStateOf } from '../domain/guessing-policy.js';
import { operatorAuditFields } from './operator-name.js';
import { OperatorError } from './operator-error.js';
import { changeOperatorCard } from './operator-card.js';
import { offersFlow } from '../customer-call/brand-gate.js';
import { setCardSecret } from '../cards/set-card-secret.js';

export interface IssueRecoveryCodeResult {
  maskedNumber: string;
  brandCode: string;
  /** The new code in the clear: shown once to the operator, stored only as a keyed hash. */
  recoveryCode: string;
  /** Where the cardholder uses it, when the brand offers RESET; null when it does not. */
  resetPath: string | null;
  /** The card refuses every secret now (cool-down or operator lock): unlock it too. */
  refusingSecrets: boolean;
}

/**
 * `tessera cards recovery-code NUMBER`: a new 6-digit recovery code for a gift card, for the
 * RESET flow. The previous recovery code stops working (one current code per card), the new one
 * works once. Audited as card.recovery_code, without the code. Visa cards recover by SMS, and a
 * blocked (replaced or stopped) card has no self-service: both are refused.
 */
export async function issueRecoveryCode(deps: { db: Db; crypto: Crypto; now: () => Date; operator?: string }, cardNumber: string): Promise<IssueRecoveryCodeResult> {
  const now = deps.now();
  const at = now.toISOString();
  return changeOperatorCard(deps, cardNumber, async ({ trx, card }, masked, indexes) => {
    if (card.kind !== 'giftcard') {
      throw new OperatorError(`The card ${masked} is a Visa card: Visa cards recover their passcode with a code sent by SMS, not a recovery code.`);
    }
    if (card.state === 'blocked') {
      throw new OperatorError(`The card ${masked} is blocked (replaced or stopped): no code can be used with it.`);
    }
    const brand = await findBrandById(trx, card.brand_id);
    const flows = await listBrandFlows(trx, card.brand_id);
    const recoveryCode = drawRecoveryCode();
    await setCardSecret(trx, deps.crypto, { cardId: card.id, kind: 'recovery_code', value: recoveryCode, at });
    await recordAuditEvent(
      trx,
      { type: 'card.recovery_code', ...operatorAuditFields(deps), outcome: 'issued', brandId: card.brand_id, cardId: card.id, detail: 'operator; earlier recovery codes stopped working' },
      at,
    );
    const gate = guessingGate(guessingStateOf(await readNumberGuesses(trx, indexes)), now);
    return {
      maskedNumber: masked,
      brandCode: brand?.code ?? '?',
      recoveryCode,
      resetPath: brand && offersFlow(flows, 'RESET') ? resetRoutes.start.path(brand.slug) : null,
      refusingSecrets: !gate.allowed,
    };
  });
}
