import { type HolderInformation, holderInformationRequestSchema } from '@tessera/contracts';
import { truncateAddress } from '../../domain/client-address.js';
import { AppError } from '../../errors.js';
import type { RequestContext, ServiceDeps } from '../../deps.js';
import { requireBrandOfPath } from '../../customer-call/brand-gate.js';
import { checkCaptcha } from '../../customer-call/captcha-check.js';
import { checkCardSecret } from '../../customer-call/card-secret-check.js';
import { parseOrThrow } from '../../customer-call/validate.js';
import { hasPasscode, holderInformation, requireVisaFlow } from './visa-card.js';

/**
 * VISA GetHolderInformation (POST /api/visa/GetHolderInformation/{themeCode}/; x-flow-type
 * optional): the login (card number + passcode) and the read after activation. Checks: brand,
 * flow VISA, body, the captcha when a token is sent (the login screen sends one; the steps after
 * activation do not, docs/product/common.md#captcha), then card and passcode under the guessing
 * limits through the lookups' read-only fast path. Wrong number or passcode: 404 CARD_NOT_FOUND.
 * Cards with a passcode (passcode_set, active) answer their holder information.
 */
export async function getHolderInformation(deps: ServiceDeps, ctx: RequestContext, themeCode: unknown, body: unknown): Promise<HolderInformation> {
  const client = truncateAddress(ctx.clientAddress);
  const { brand, flows } = await requireBrandOfPath(deps.brands, themeCode);
  const flowType = requireVisaFlow(ctx.flowTypeHeader, flows, false);
  const request = parseOrThrow(holderInformationRequestSchema, body);
  const auditBase = { type: 'visa.login', brandId: brand.id, flowType, client };

  const token = request['g-recaptcha-response'];
  if (token !== undefined && token !== '' && !(await checkCaptcha(deps, token, ctx.clientAddress))) {
    await deps.audit.record({ ...auditBase, outcome: 'captcha_invalid' }, deps.now().toISOString());
    throw new AppError('CAPTCHA_INVALID');
  }

  const result = await checkCardSecret(deps, {
    cardNumber: request.cardNumber,
    secret: request.securityCode,
    secretKind: 'passcode',
    accepts: (card) => hasPasscode(card, brand.id),
    audit: auditBase,
    readAfter: (card) => holderInformation(deps.db, deps.crypto, card),
  });
  if (!result.ok) throw new AppError(result.code);
  return result.read;
}
