import type { HolderInformation, holderInformationRequestSchema } from '@tessera/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../../deps.js';
import { auditOf, type CustomerCall } from '../../customer-call/call-gate.js';
import { requireCaptcha } from '../../customer-call/captcha-check.js';
import { checkCardSecret } from '../../customer-call/card-secret-check.js';
import { hasPasscode, holderInformation, passcodeOf } from './visa-card.js';

/**
 * VISA GetHolderInformation (POST /api/visa/GetHolderInformation/{themeCode}/; x-flow-type
 * optional): the login (card number + passcode) and the read after activation. Past the call
 * gate (brand, flow VISA) and validation: the captcha when a token is sent (the login screen sends one; the steps after
 * activation do not, docs/product/common.md#captcha), then card and passcode under the guessing
 * limits through the lookups' read-only fast path. Wrong number or passcode: 404 CARD_NOT_FOUND.
 * Cards with a passcode (passcode_set, active) answer their holder information.
 */
export async function getHolderInformation(
  deps: ServiceDeps,
  call: CustomerCall,
  request: z.output<typeof holderInformationRequestSchema>,
): Promise<HolderInformation> {
  const { brand } = call;
  const auditBase = auditOf(call, 'visa.login');
  const token = request['g-recaptcha-response'];
  if (token !== undefined && token !== '') await requireCaptcha(deps, call, token, auditBase);

  const result = await checkCardSecret(deps, {
    ...passcodeOf(request),
    accepts: (card) => hasPasscode(card, brand.id),
    audit: auditBase,
    readAfter: (card) => holderInformation(deps.db, deps.crypto, card),
  });
  if (!result.ok) throw new AppError(result.code);
  return result.read;
}
