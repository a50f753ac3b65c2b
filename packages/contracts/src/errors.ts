import { z } from 'zod';

/**
 * Every error code the API answers, with its HTTP status. The spec's business codes answer 400;
 * the web app maps the same codes to translation keys.
 */
export const ERROR_STATUS = {
  // docs/product/common.md#error-codes business refusals
  SECURITY_CODE_INSECURE: 400,
  TOKEN_ALREADY_ACTIVATED: 400,
  TOO_MANY_REQUESTS: 400,
  INVALID_TOKEN: 400,
  TOKEN_IS_NOT_ACTIVE: 400,
  BALANCE_TOO_LOW: 400,
  USER_CANCELLED: 400,
  CARD_ALREADY_REGISTERED: 400,
  RECOVERY_CODE_NOT_FOUND: 400,
  // docs/product/common.md#error-codes
  VALIDATION_ERROR: 400,
  CAPTCHA_INVALID: 400,
  FLOW_UNAVAILABLE: 403,
  THEME_NOT_FOUND: 404,
  /** docs/decisions/014: the identity session is unknown, expired, used, or of another brand or flow. */
  IDENTITY_SESSION_INVALID: 400,
  /** docs/decisions/014: the identity provider answered an error other than a cancel. */
  IDENTITY_FAILED: 400,
  /** docs/decisions/014: the IBAN's bank is not the bank the cardholder identified with. */
  IBAN_BANK_MISMATCH: 400,
  /** Wrong card number or wrong secret: never says which. */
  CARD_NOT_FOUND: 404,
  NOT_FOUND: 404,
  /**
   * A repeat of a money-moving call with other parameters than the call that moved the money (another
   * e-mail address for a replacement, another IBAN for a payout): refused, nothing changes.
   */
  IDEMPOTENCY_CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** A body that is not JSON (a form, text, or no Content-Type) on a call that takes JSON. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The request line and headers together exceed what the server reads (16 KiB). */
  HEADERS_TOO_LARGE: 431,
  // The brand API (/api/v1, docs/brand-api.md): the brand's own systems, not the cardholder.
  /** No, an unknown or a revoked API key. */
  UNAUTHORIZED: 401,
  /** The API key lacks the scope the call needs. */
  FORBIDDEN: 403,
  /** A POST without an Idempotency-Key header (1 to 255 characters). */
  IDEMPOTENCY_KEY_REQUIRED: 400,
  /** The Idempotency-Key was used before with another request; nothing changes. */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** The first request with this Idempotency-Key still runs. */
  IDEMPOTENCY_KEY_IN_USE: 409,
  /** Blocked, replaced, paid out, inactive or expired: the card cannot be used now. */
  CARD_NOT_ACTIVE: 400,
  REFUND_EXCEEDS_REDEMPTION: 400,
  /** An unknown redemption, or one of another brand's card. */
  REDEMPTION_NOT_FOUND: 404,
  // The back office (/admin/api): 401 UNAUTHORIZED without a session, 403 FORBIDDEN for what the role may not do.
  /** Revoking the last admin grant on all brands: someone must be left to grant the rest. */
  LAST_ADMIN: 409,
  /** Resending a replacement e-mail for a card that was never replaced and is not a replacement. */
  NO_REPLACEMENT: 409,
  /** Resending a replacement e-mail whose card was replaced again since, or is blocked. */
  REPLACEMENT_NOT_ACTIVE: 409,
  /** Resending a replacement e-mail while the earlier one still waits in the outbox (it may still arrive). */
  REPLACEMENT_PENDING: 409,
  /** Approving or rejecting an adjustment one proposed oneself: a second person must, whatever one's roles. */
  FOUR_EYES_REQUIRED: 403,
  /** Approving or rejecting an adjustment, or releasing or rejecting a held payout, that was decided already. */
  ALREADY_DECIDED: 409,
  /** Proposing an adjustment with a reference this card's earlier proposal has, for another amount or reason. */
  REFERENCE_REUSED: 409,
  /** Exporting a batch of a brand that has no pending payouts: nothing is exported. */
  NO_PENDING_PAYOUTS: 409,
  /** Settling a payout whose status cannot take it (marking a pending payout paid, returning an unpaid one). */
  PAYOUT_STATUS_CONFLICT: 409,
  /** A batch's file rebuilt now would differ from the one exported (a brand's name or the payout account changed). */
  BATCH_FILE_CHANGED: 409,
  /** Sending to, retrying a delivery of, or switching on a webhook endpoint that was removed. */
  WEBHOOK_REMOVED: 409,
  /** Sending a test event to, or retrying a delivery of, an endpoint switched off after days of failures: switch it on first. */
  WEBHOOK_SWITCHED_OFF: 409,
  /** Retrying a webhook delivery that was sent, whose content was erased, or that is being sent right now. */
  DELIVERY_NOT_RETRYABLE: 409,
  /** No payout account (PAYOUT_DEBTOR_*) is configured: no payout file can be made. */
  PAYOUT_ACCOUNT_MISSING: 503,
  /** A brand draft the brand file checks refuse: `problems` lists each with its dotted path; nothing is stored. */
  INVALID_BRAND: 400,
  /** Publishing a brand without a draft, or with a draft equal to what is published: nothing changes. */
  NOTHING_TO_PUBLISH: 409,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** VALIDATION_ERROR lists the offending fields. */
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** INVALID_BRAND lists the brand file's problems by dotted path (`translations.nl.balance__title`). */
  problems: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
