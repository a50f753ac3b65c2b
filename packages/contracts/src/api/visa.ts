import { z } from 'zod';
import { DATE_SELECTOR_FIRST_YEAR, SUPPORTED_LANGUAGES } from '../constants.js';
import { isCountryCode } from '../countries.js';
import { cardTransactionsSchema } from './cards.js';
import { assetCodeField, brandIdParam, captchaField, cardNumberField, minorUnits, secretField } from './common.js';
import { newSecretField, oneTimeCodeField } from './reset.js';

/*
 * The VISA calls (docs/product/visa.md). Every refusal is 400 {code, message} with the codes listed
 * per call, or 404 CARD_NOT_FOUND where the call is a login; 403 FLOW_UNAVAILABLE when the brand
 * does not offer VISA; 404 THEME_NOT_FOUND for an unknown brand; 400 VALIDATION_ERROR with `fields`
 * for a malformed body; 429 RATE_LIMITED (with Retry-After) per client address.
 *
 * Card states (server): inactive → passcode_set (UseActivationCode) → active
 * (UpdateHolderInformation). A card in passcode_set may start the activation again (a new SMS
 * code, a new passcode): the cardholder who left before the review is not stuck.
 */

/** The language of the SMS (spec: `culture`); without it the Accept-Language header, then nl. */
export const cultureField = z.enum(SUPPORTED_LANGUAGES).optional();

/** A Visa card's state as the holder information tells it (an inactive card never gets this far). */
export const visaCardStatusSchema = z.enum(['passcode_set', 'active']);
export type VisaCardStatus = z.infer<typeof visaCardStatusSchema>;

/** An ISO 3166-1 alpha-2 country code in upper case (NL, BE, DE, …): nationality, country of birth. */
export const countryCodeField = z
  .string()
  .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 country code in upper case')
  .refine(isCountryCode, 'not an ISO 3166-1 country code');

/**
 * A date of birth as the date selector emits it: yyyy-mm-dd, a real calendar date, from 1920 on
 * (docs/product/visa.md#holder-information "years from the current year back to 1920"). The server
 * also refuses a date after today (VALIDATION_ERROR, field dateOfBirth). z.iso.date gives the API
 * document `format: date` with its pattern; the calendar check below is the server's own.
 */
export const dateOfBirthField = z.iso
  .date({ error: 'a real date as yyyy-mm-dd', abort: true })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'not a calendar date')
  .refine((value) => Number(value.slice(0, 4)) >= DATE_SELECTOR_FIRST_YEAR, `not before ${DATE_SELECTOR_FIRST_YEAR}`);

/**
 * The phone number a code was sent to, masked: every digit but the last 2 is `*`, a leading `+`
 * stays (+31612345601 → +*********01). Never the number itself (docs/product/visa.md).
 */
export function maskPhoneNumber(phoneNumber: string): string {
  const compact = phoneNumber.replace(/[^\d+]/g, '');
  const plus = compact.startsWith('+') ? '+' : '';
  const digits = compact.replace(/\D/g, '');
  if (digits.length <= 2) return `${plus}${'*'.repeat(digits.length)}`;
  return `${plus}${'*'.repeat(digits.length - 2)}${digits.slice(-2)}`;
}

/** A masked phone number as the server answers it: `+` optional, then `*`s, then 2 digits. */
export const maskedPhoneNumberField = z.string().regex(/^\+?\*+\d{2}$/, 'a masked phone number');

// ---------------------------------------------------------------------------------------------
// RequestActivationCode and requestrecovery: an SMS code to the holder's phone.

/**
 * POST /api/visa/RequestActivationCode/{themeCode} (x-flow-type VISA, captcha required) and
 * POST /api/visa/requestrecovery/{themeCode} (captcha required; x-flow-type optional, VISA when sent).
 *
 * Sends a new 6-digit one-time code by SMS (valid 10 minutes, 5 tries, single use; it replaces
 * any earlier code of the card). Refusals (400):
 * - CAPTCHA_INVALID: the token is missing, wrong or used;
 * - INVALID_TOKEN: no Visa card of this brand with this number (or the card is blocked);
 * - TOKEN_ALREADY_ACTIVATED (activation only): the card is active already;
 * - TOKEN_IS_NOT_ACTIVE (recovery only): the card is not active yet (activate it instead);
 * - TOO_MANY_REQUESTS: 3 codes were requested for this card in the last hour, or the card is in
 *   its guessing cool-down or locked by the operator.
 */
export const codeRequestSchema = z.object({
  'g-recaptcha-response': captchaField,
  cardNumber: cardNumberField,
  culture: cultureField,
});
export type CodeRequest = z.input<typeof codeRequestSchema>;

/**
 * docs/product/visa.md#one-time-sms-codes: the phone number the code was sent to, masked
 * (maskPhoneNumber).
 */
export const codeRequestResultSchema = z.object({
  phoneNumber: maskedPhoneNumberField,
});
export type CodeRequestResult = z.infer<typeof codeRequestResultSchema>;

// ---------------------------------------------------------------------------------------------
// UseActivationCode and userecovery: the code and the new passcode.

/**
 * POST /api/visa/UseActivationCode/{themeCode}/ (x-flow-type VISA; no captcha) and
 * POST /api/visa/userecovery/{themeCode}/ (x-flow-type optional). `securityCode` is the new
 * passcode. Refusals (400), in this order:
 * - SECURITY_CODE_INSECURE: the passcode breaks docs/product/common.md#passcodes (not 6
 *   letters/digits, or guessable). It is judged before the card: it uses nothing up and counts no
 *   guess; try another passcode with the same code;
 * - INVALID_TOKEN: wrong, expired or used code, a code sent for the other purpose, or no such
 *   card (activation: an inactive or passcode_set Visa card; recovery: an active one). A wrong
 *   code counts against the code's 5 tries and the card's guessing limits;
 * - TOO_MANY_REQUESTS: the card's guessing cool-down (5 wrong secrets) or operator lock.
 */
export const useCodeRequestSchema = z.object({
  cardNumber: cardNumberField,
  otcNumber: oneTimeCodeField,
  securityCode: newSecretField,
});
export type UseCodeRequest = z.input<typeof useCodeRequestSchema>;

/** UseActivationCode's answer: the card is now `passcode_set`; next, GetHolderInformation and the review. */
export const activationResultSchema = z.object({
  status: z.literal('passcode_set'),
});
export type ActivationResult = z.infer<typeof activationResultSchema>;

// ---------------------------------------------------------------------------------------------
// Holder information: the login (GetHolderInformation) and the review (UpdateHolderInformation).

/**
 * The holder information (docs/product/visa.md#holder-information), the answer of
 * GetHolderInformation, UpdateHolderInformation and userecovery.
 * - `status`: passcode_set (the review is still to do: the web app shows the review mode) or
 *   active (read-only);
 * - `holderName`, `address`, `email`: shown in full: the cardholder proved the card with its
 *   passcode and reviews these; `address`/`email` are null when the issuer has none;
 * - `phoneNumber`: MASKED like a code request's answer (only the last 2 digits). It is where
 *   recovery codes go; whoever learns a passcode must not learn where to intercept the next one,
 *   and nothing on the screens edits it;
 * - `nationality`, `countryOfBirth` (ISO 3166-1 alpha-2), `dateOfBirth` (yyyy-mm-dd): null until
 *   the review stores them;
 * - `currency` (ISO 4217) and `balance` (minor units) of the card's own asset;
 * - `transactions`: the card's latest ledger entries, newest first (at most CARD_HISTORY_LENGTH).
 */
export const holderInformationSchema = z.object({
  status: visaCardStatusSchema,
  holderName: z.string(),
  address: z.object({ addressLine1: z.string(), city: z.string(), postalCode: z.string() }).nullable(),
  email: z.string().nullable(),
  phoneNumber: maskedPhoneNumberField,
  nationality: z.string().nullable(),
  countryOfBirth: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  currency: assetCodeField,
  balance: minorUnits,
  transactions: cardTransactionsSchema,
});
export type HolderInformation = z.infer<typeof holderInformationSchema>;

/** What proves the cardholder of an active or passcode_set card: the number and the passcode. */
const cardAndPasscode = { cardNumber: cardNumberField, securityCode: secretField };

/**
 * POST /api/visa/GetHolderInformation/{themeCode}/ (x-flow-type optional): the login, and the
 * read after activation. `securityCode` is the passcode. The captcha token is verified when it is
 * sent (the login screen sends it; the steps after activation do not): a sent but bad token is
 * CAPTCHA_INVALID. Wrong number or passcode: 404 CARD_NOT_FOUND (never says which); the guessing
 * cool-down: 400 TOO_MANY_REQUESTS. Cards in passcode_set or active answer.
 */
export const holderInformationRequestSchema = z.object({
  ...cardAndPasscode,
  'g-recaptcha-response': captchaField,
});
export type HolderInformationRequest = z.input<typeof holderInformationRequestSchema>;

/**
 * PUT /api/visa/UpdateHolderInformation/{themeCode}/ (x-flow-type VISA): stores the reviewed birth
 * date, country of birth and nationality and makes a passcode_set card active. Wrong number or
 * passcode: 404 CARD_NOT_FOUND. On an active card the same values again answer 200 (a repeated
 * submit); different values answer 400 TOKEN_ALREADY_ACTIVATED (the review happens once).
 */
export const updateHolderInformationRequestSchema = z.object({
  ...cardAndPasscode,
  dateOfBirth: dateOfBirthField,
  countryOfBirth: countryCodeField,
  nationality: countryCodeField,
});
export type UpdateHolderInformationRequest = z.input<typeof updateHolderInformationRequestSchema>;

// ---------------------------------------------------------------------------------------------
// The PIN.

/**
 * POST /api/visa/getPin/{themeCode} (x-flow-type VISA). `code` is the brand's code
 * (docs/product/visa.md); it must name the brand of the path (its code or slug). Active cards only;
 * wrong number or passcode: 404 CARD_NOT_FOUND; cool-down: 400 TOO_MANY_REQUESTS.
 */
export const pinRequestSchema = z.object({
  code: brandIdParam,
  ...cardAndPasscode,
});
export type PinRequest = z.input<typeof pinRequestSchema>;

/**
 * getPin's answer (docs/product/visa.md#pin). The frame's source is
 * `${pinFrameURL}?key=${key}` (encode the key); once it has loaded (~500 ms) the portal posts
 * `{operation: 'view-pin', controlId}` to it with targetOrigin = new URL(pinFrameURL).origin;
 * `{operation: 'hide-pin'}` hides the PIN again. The key works once and for 60 seconds: showing
 * the PIN again needs a new getPin.
 */
export const pinRetrievalSchema = z.object({
  pinFrameURL: z.string(),
  key: z.string(),
  controlId: z.string(),
});
export type PinRetrieval = z.infer<typeof pinRetrievalSchema>;

/** The message the portal posts to the PIN frame. */
export const pinFrameMessageSchema = z.discriminatedUnion('operation', [
  z.object({ operation: z.literal('view-pin'), controlId: z.string() }),
  z.object({ operation: z.literal('hide-pin') }),
]);
export type PinFrameMessage = z.infer<typeof pinFrameMessageSchema>;
