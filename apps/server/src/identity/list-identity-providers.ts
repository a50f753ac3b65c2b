import { IDENTITY_PROVIDER, type FlowType, type IdentityProviders } from '@tessera/contracts';
import { IDIN_ISSUERS } from '../adapters/identity/issuers.js';
import type { CallGate } from '../customer-call/call-gate.js';
import type { ServiceDeps } from '../deps.js';

/**
 * The flows that identify the cardholder at their bank (docs/product/payout.md#screens,
 * docs/product/identify.md#screens).
 */
export const IDENTITY_FLOW_TYPES = ['PAYOUT', 'IDENTIFY'] as const satisfies readonly FlowType[];
export type IdentityFlowType = (typeof IDENTITY_FLOW_TYPES)[number];

/** The flow type of a call past IDENTITY_CALL_GATE, which lets no other through. */
export function identityFlowTypeOf(flowType: FlowType): IdentityFlowType {
  const found = IDENTITY_FLOW_TYPES.find((t) => t === flowType);
  if (!found) throw new Error(`an identity call with flow type ${flowType}`);
  return found;
}

/**
 * The gate of an identity call: a known brand (404 THEME_NOT_FOUND), x-flow-type PAYOUT or
 * IDENTIFY (400 VALIDATION_ERROR otherwise), offered by the brand (403 FLOW_UNAVAILABLE), and bank
 * identity configured in this deployment (403 FLOW_UNAVAILABLE when IDENTITY_ADAPTER is off).
 */
export const IDENTITY_CALL_GATE: CallGate = {
  brandIn: 'path',
  flowTypes: IDENTITY_FLOW_TYPES,
  available: (deps: ServiceDeps) => deps.config.identity.adapter !== 'off',
};

/**
 * GET /api/Authentication/{themeCode}/providers (x-flow-type PAYOUT or IDENTIFY): the one provider
 * (IDIN) and its issuers, the seven iDIN banks, each with its BIC as id (what the session call's
 * `issuer` takes) and the name a cardholder knows.
 */
export function listIdentityProviders(): IdentityProviders {
  return [{ provider: IDENTITY_PROVIDER, issuers: IDIN_ISSUERS.map(({ id, name }) => ({ id, name })) }];
}
