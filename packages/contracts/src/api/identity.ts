import { z } from 'zod';
import { NL_IBAN_PATTERN, normalizeIban } from '../iban.js';
import { captchaField, cardNumberField, minorUnits, assetCodeField, secretField } from './common.js';

/**
 * Bank identity (iDIN) and the PAYOUT and IDENTIFY customer calls (docs/product/payout.md
 * "Identity", "PAYOUT customer call", "IDENTIFY customer call"; docs/decisions/014).
 */

/** The one identity provider the spec names. */
export const IDENTITY_PROVIDER = 'IDIN';

/** An identity session lives 10 minutes from the session call. */
export const IDENTITY_SESSION_TTL_MS = 10 * 60 * 1000;

/** POST /api/Payout/ (x-flow-type PAYOUT): the shared card form's body, as the gift card lookup. */
export const payoutLookupRequestSchema = z.object({
  code: z.string().min(1).max(64),
  giftCardNumber: cardNumberField,
  pinCode: secretField,
  'g-recaptcha-response': captchaField,
});
export type PayoutLookupRequest = z.input<typeof payoutLookupRequestSchema>;

/** An iDIN issuer: `id` is the bank's BIC (as iDIN names issuers), `name` what the cardholder reads. */
export const identityIssuerSchema = z.object({ id: z.string(), name: z.string() });
export type IdentityIssuer = z.infer<typeof identityIssuerSchema>;

/** GET /api/Authentication/{themeCode}/providers (x-flow-type PAYOUT or IDENTIFY). */
export const identityProvidersSchema = z.array(
  z.object({ provider: z.literal(IDENTITY_PROVIDER), issuers: z.array(identityIssuerSchema) }),
);
export type IdentityProviders = z.infer<typeof identityProvidersSchema>;

/** A Dutch IBAN as typed: spaces stripped, upper case, then NL + 2 digits + 4 letters + 10 digits. */
export const payoutIbanField = z
  .string()
  .max(64)
  .transform(normalizeIban)
  .pipe(z.string().regex(NL_IBAN_PATTERN, 'a Dutch IBAN: NL, 2 digits, 4 letters, 10 digits'));

/**
 * The card fields of a call that may carry them or not (the session call; the customer calls when
 * the session has the card bound): the number and the security code come together or not at all.
 */
function cardFieldsTogether(body: { cardNumber?: unknown; securityCode?: unknown }, ctx: z.RefinementCtx): void {
  if ((body.cardNumber === undefined) === (body.securityCode === undefined)) return;
  const missing = body.cardNumber === undefined ? 'cardNumber' : 'securityCode';
  ctx.addIssue({ code: 'custom', path: [missing], message: 'cardNumber and securityCode come together' });
}

/**
 * `schema` with a refinement. Marked free of side effects (and the optional fields written
 * `z.optional(field)`, not `field.optional()`, a method call a bundler must keep) so that a bundle
 * that imports this module for something else (the web app takes constants and types from it)
 * drops the schemas: building a zod object probes `new Function`, which the web app's CSP refuses
 * and reports.
 */
/* @__NO_SIDE_EFFECTS__ */
function refined<T extends z.ZodType>(schema: T, check: (value: z.output<T>, ctx: z.RefinementCtx) => void): T {
  return schema.superRefine(check);
}

/**
 * POST /api/Authentication/{themeCode}/session (x-flow-type PAYOUT or IDENTIFY).
 * `redirectUrl` must be the portal's own `/callback` (PUBLIC_URL + /callback); `state` is the
 * web app's key of its stored flow state, handed back on the return.
 *
 * Optional (docs/decisions/014, 2026-11-26): `cardNumber` and `securityCode` (together), and for
 * PAYOUT `bankAccountNumber` with them. The server checks them under the guessing limits and binds
 * the card (and the IBAN) to the session, so the customer call needs only `sessionId` and the web
 * app keeps no card secret in browser storage during the bank trip.
 */
export const identitySessionRequestSchema = refined(
  z.object({
    provider: z.literal(IDENTITY_PROVIDER),
    issuer: z.string().min(1).max(16),
    redirectUrl: z.string().min(1).max(512),
    state: z
      .string()
      .min(8)
      .max(128)
      .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only'),
    cardNumber: z.optional(cardNumberField),
    securityCode: z.optional(secretField),
    bankAccountNumber: z.optional(payoutIbanField),
  }),
  (body, ctx) => {
    cardFieldsTogether(body, ctx);
    if (body.bankAccountNumber !== undefined && body.cardNumber === undefined && body.securityCode === undefined) {
      ctx.addIssue({ code: 'custom', path: ['bankAccountNumber'], message: 'only with cardNumber and securityCode' });
    }
  },
);
export type IdentitySessionRequest = z.infer<typeof identitySessionRequestSchema>;

export const identitySessionResponseSchema = z.object({ authorizationUrl: z.string() });
export type IdentitySessionResponse = z.infer<typeof identitySessionResponseSchema>;

/** The sessionId the return endpoint appends to redirectUrl: 43 base64url characters. */
export const identitySessionIdField = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only');

/**
 * POST /api/Authentication/{themeCode}/customer with x-flow-type PAYOUT. The spec's body has all
 * four fields; `cardNumber`, `securityCode` (together) and `bankAccountNumber` may be left out when
 * the session call bound them to the session (docs/decisions/014, 2026-11-26).
 */
export const payoutCustomerRequestSchema = refined(
  z.object({
    cardNumber: z.optional(cardNumberField),
    securityCode: z.optional(secretField),
    sessionId: identitySessionIdField,
    bankAccountNumber: z.optional(payoutIbanField),
  }),
  cardFieldsTogether,
);
export type PayoutCustomerRequest = z.input<typeof payoutCustomerRequestSchema>;

/** The recorded payout: what the bank will transfer, the fee kept, and the IBAN masked. */
export const payoutCustomerResponseSchema = z.object({
  payout: minorUnits,
  fee: minorUnits,
  assetCode: assetCodeField,
  /** NL91ABNA******4300 */
  bankAccountNumber: z.string(),
});
export type PayoutCustomerResponse = z.infer<typeof payoutCustomerResponseSchema>;

/**
 * POST /api/Authentication/{slug}/customer?sessionId=… with x-flow-type IDENTIFY. The spec's body
 * has both fields; `{}` will do when the session call bound the card (docs/decisions/014,
 * 2026-11-26).
 */
export const identifyCustomerRequestSchema = refined(
  z.object({
    cardNumber: z.optional(cardNumberField),
    securityCode: z.optional(secretField),
  }),
  cardFieldsTogether,
);
export type IdentifyCustomerRequest = z.input<typeof identifyCustomerRequestSchema>;
export const identifyCustomerQuerySchema = z.object({ sessionId: identitySessionIdField });

/**
 * The registered card: its number in full, as the cardholder typed it
 * (docs/product/identify.md#screens success).
 */
export const identifyCustomerResponseSchema = z.object({ cardNumber: z.string() });
export type IdentifyCustomerResponse = z.infer<typeof identifyCustomerResponseSchema>;
