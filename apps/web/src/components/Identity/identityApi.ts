import { useQuery } from '@tanstack/react-query';
import {
  FLOW_TYPE_HEADER,
  IDENTITY_PROVIDER,
  IDIN_BANKS,
  identityProvidersSchema,
  identitySessionResponseSchema,
  type FlowType,
  type IdentityIssuer,
  type IdentityProviders,
  type IdentitySessionRequest,
  type IdentitySessionResponse,
  appPaths,
  identityApi,
  stripCardNumber,
} from '@tessera/contracts';
import { apiRequest } from '../../lib/api';

/**
 * The two flows that identify with the bank (docs/product/payout.md#screens,
 * docs/product/identify.md#screens); the x-flow-type they send.
 */
export type IdentityFlowType = Extract<FlowType, 'PAYOUT' | 'IDENTIFY'>;

/**
 * GET /api/Authentication/{themeCode}/providers with the flow's x-flow-type
 * (docs/product/payout.md#calls).
 */
export function fetchIdentityProviders(themeCode: string, flowType: IdentityFlowType): Promise<IdentityProviders> {
  return apiRequest(identityApi.providers.build({ themeCode }), {
    headers: { [FLOW_TYPE_HEADER]: flowType },
    schema: import.meta.env.DEV ? identityProvidersSchema : undefined,
  });
}

export interface IdentityIssuers {
  /** The iDIN issuers (id = BIC, name), or null while the providers call runs. */
  issuers: readonly IdentityIssuer[] | null;
  /**
   * The providers call failed; docs/product/payout.md#bank-identity ignores that silently, the
   * screens fall back.
   */
  failed: boolean;
}

/** The iDIN issuers of the providers call. */
export function useIdentityIssuers(themeCode: string, flowType: IdentityFlowType): IdentityIssuers {
  const query = useQuery({
    queryKey: ['identity', 'providers', themeCode, flowType],
    queryFn: () => fetchIdentityProviders(themeCode, flowType),
    retry: 1,
    staleTime: 5 * 60 * 1000,
  });
  if (query.data) {
    const issuers = query.data.find((p) => p.provider === IDENTITY_PROVIDER)?.issuers ?? [];
    return { issuers, failed: false };
  }
  return { issuers: null, failed: query.isError };
}

/**
 * The issuers when the providers call failed: the Dutch banks the bank list marks as iDIN
 * issuers, named as that list names them (a name two banks share gets its BIC added).
 */
export function fallbackIssuers(): IdentityIssuer[] {
  const count = new Map<string, number>();
  for (const bank of IDIN_BANKS) count.set(bank.name, (count.get(bank.name) ?? 0) + 1);
  return IDIN_BANKS.map((bank) => ({
    id: bank.bic,
    name: (count.get(bank.name) ?? 0) > 1 ? `${bank.name} (${bank.bic})` : bank.name,
  }));
}

/** Only an http(s) address is followed: never a javascript: or data: URL from an answer. */
export function isSafeAuthorizationUrl(url: string): boolean {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/** What the session call binds to the identity session (docs/decisions/014, 2026-11-26). */
export interface IdentityCard {
  cardNumber: string;
  securityCode: string;
  /** PAYOUT: the IBAN to pay to (letters and digits, upper case). */
  bankAccountNumber?: string;
}

export interface IdentitySessionInput {
  themeCode: string;
  flowType: IdentityFlowType;
  /** The issuer's id: the bank's BIC. */
  issuer: string;
  /** The key of the stored flow state (identityEntry.ts). */
  state: string;
  /** The card (and IBAN), from page memory: sent here so that nothing secret waits in the browser for the return. */
  card: IdentityCard;
}

/**
 * POST /api/Authentication/{themeCode}/session (docs/product/payout.md): the bank comes back to the
 * portal's own /callback (window.location.origin + /callback), with `state` to find the stored flow
 * state. The card number, the security code and (PAYOUT) the IBAN go with it: the server checks
 * them and binds them to the session, so the customer call after the return needs only the
 * sessionId (docs/product/payout.md#the-card-bound-at-the-session-call).
 */
export function startIdentitySession(input: IdentitySessionInput): Promise<IdentitySessionResponse> {
  const body: IdentitySessionRequest = {
    provider: IDENTITY_PROVIDER,
    issuer: input.issuer,
    redirectUrl: `${window.location.origin}${appPaths.callback}`,
    state: input.state,
    cardNumber: stripCardNumber(input.card.cardNumber),
    securityCode: input.card.securityCode,
    ...(input.card.bankAccountNumber !== undefined && { bankAccountNumber: input.card.bankAccountNumber }),
  };
  return apiRequest(identityApi.session.build({ themeCode: input.themeCode }), {
    method: 'POST',
    body,
    headers: { [FLOW_TYPE_HEADER]: input.flowType },
    schema: import.meta.env.DEV ? identitySessionResponseSchema : undefined,
  });
}
