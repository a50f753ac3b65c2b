import { IDENTITY_PROVIDER, type FlowType, type IdentityProviders } from '@tessera/contracts';
import { IDIN_ISSUERS } from '../adapters/identity/issuers.js';
import { AppError } from '../errors.js';
import type { RequestContext, ServiceDeps } from '../deps.js';
import { requireBrandOfPath, requireOfferedFlowType } from '../customer-call/brand-gate.js';

/**
 * The flows that identify the cardholder at their bank (docs/product/payout.md#screens,
 * docs/product/identify.md#screens).
 */
export const IDENTITY_FLOW_TYPES = ['PAYOUT', 'IDENTIFY'] as const satisfies readonly FlowType[];
export type IdentityFlowType = (typeof IDENTITY_FLOW_TYPES)[number];

/**
 * The flow of an identity call: a known brand (404 THEME_NOT_FOUND), x-flow-type PAYOUT or
 * IDENTIFY (400 VALIDATION_ERROR otherwise), offered by the brand (403 FLOW_UNAVAILABLE), and bank
 * identity configured in this deployment (403 FLOW_UNAVAILABLE when IDENTITY_ADAPTER is off).
 */
export async function requireIdentityFlow(deps: ServiceDeps, ctx: RequestContext, themeCode: unknown) {
  const { brand, flows } = await requireBrandOfPath(deps.brands, themeCode);
  const flowType = requireOfferedFlowType(ctx.flowTypeHeader, IDENTITY_FLOW_TYPES, flows) as IdentityFlowType;
  if (deps.config.identity.adapter === 'off') throw new AppError('FLOW_UNAVAILABLE');
  return { brand, flowType };
}

/**
 * GET /api/Authentication/{themeCode}/providers (x-flow-type PAYOUT or IDENTIFY): the one provider
 * (IDIN) and its issuers, the seven iDIN banks, each with its BIC as id (what the session call's
 * `issuer` takes) and the name a cardholder knows.
 */
export async function listIdentityProviders(deps: ServiceDeps, ctx: RequestContext, themeCode: unknown): Promise<IdentityProviders> {
  await requireIdentityFlow(deps, ctx, themeCode);
  return [{ provider: IDENTITY_PROVIDER, issuers: IDIN_ISSUERS.map(({ id, name }) => ({ id, name })) }];
}
