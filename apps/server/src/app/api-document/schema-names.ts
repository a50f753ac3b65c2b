import {
  activationResultSchema,
  apiErrorSchema,
  balanceSchema,
  blockCardRequestSchema,
  blockCardResultSchema,
  captchaField,
  captchaKeySchema,
  cardTransactionSchema,
  codeRequestResultSchema,
  codeRequestSchema,
  errorReportAnswerSchema,
  errorReportSchema,
  giftCardLookupRequestSchema,
  giftCardSchema,
  holderInformationRequestSchema,
  holderInformationSchema,
  identifyCustomerRequestSchema,
  identifyCustomerResponseSchema,
  identityIssuerSchema,
  identityProvidersSchema,
  identitySessionRequestSchema,
  identitySessionResponseSchema,
  moneySchema,
  payoutBalanceSchema,
  payoutCustomerRequestSchema,
  payoutCustomerResponseSchema,
  payoutLookupRequestSchema,
  pinRequestSchema,
  pinRetrievalSchema,
  recoveryRequestSchema,
  replaceCardRequestSchema,
  replacementSchema,
  themeSchema,
  translationsSchema,
  updateHolderInformationRequestSchema,
  useCodeRequestSchema,
} from '@tessera/contracts';
import { z } from 'zod';
import {
  blockRequestSchema,
  cardSchema,
  issueCardRequestSchema,
  issuedCardSchema,
  loadRequestSchema,
  loadSchema,
  lookupRequestSchema,
  redemptionRequestSchema,
  redemptionSchema,
  refundRequestSchema,
  refundSchema,
  transactionSchema,
  transactionsSchema,
} from '../../brand-api/schemas.js';

/**
 * The names the API document gives the contracts' schemas: the very instances the routes validate
 * and answer with, so each becomes one entry of components.schemas that the operations reference
 * (a generated client gets a Card and a Money type) and cannot drift from what the server checks.
 * A schema used both in requests and answers gets two entries where the two differ (`…Input` for
 * the request side: api-document/finish.ts).
 */
const NAMES: [z.ZodType, string][] = [
  [apiErrorSchema, 'Error'],
  [moneySchema, 'Money'],
  // The brand API (/api/v1).
  [cardSchema, 'Card'],
  [issuedCardSchema, 'IssuedCard'],
  [issueCardRequestSchema, 'IssueCardRequest'],
  [lookupRequestSchema, 'CardLookupRequest'],
  [redemptionRequestSchema, 'RedemptionRequest'],
  [redemptionSchema, 'Redemption'],
  [refundRequestSchema, 'RefundRequest'],
  [refundSchema, 'Refund'],
  [loadRequestSchema, 'LoadRequest'],
  [loadSchema, 'Load'],
  [transactionSchema, 'Transaction'],
  [transactionsSchema, 'TransactionPage'],
  [blockRequestSchema, 'BlockRequest'],
  // The portal's calls.
  [themeSchema, 'Theme'],
  [translationsSchema, 'Translations'],
  [captchaKeySchema, 'CaptchaKey'],
  [errorReportSchema, 'ErrorReport'],
  [errorReportAnswerSchema, 'ErrorReportReceipt'],
  [giftCardLookupRequestSchema, 'GiftCardLookupRequest'],
  [giftCardSchema, 'GiftCard'],
  [balanceSchema, 'Balance'],
  [payoutBalanceSchema, 'PayoutBalance'],
  [cardTransactionSchema, 'CardTransaction'],
  [blockCardRequestSchema, 'BlockCardRequest'],
  [blockCardResultSchema, 'BlockedCard'],
  [recoveryRequestSchema, 'SecurityResetRequest'],
  [replaceCardRequestSchema, 'ReplaceCardRequest'],
  [replacementSchema, 'Replacement'],
  // Identity (iDIN) and the PAYOUT and IDENTIFY customer calls.
  [payoutLookupRequestSchema, 'PayoutLookupRequest'],
  [identityIssuerSchema, 'IdentityIssuer'],
  [identityProvidersSchema, 'IdentityProviders'],
  [identitySessionRequestSchema, 'IdentitySessionRequest'],
  [identitySessionResponseSchema, 'IdentitySession'],
  [payoutCustomerRequestSchema, 'PayoutCustomerRequest'],
  [payoutCustomerResponseSchema, 'RecordedPayout'],
  [identifyCustomerRequestSchema, 'IdentifyCustomerRequest'],
  [identifyCustomerResponseSchema, 'IdentifiedCard'],
  // VISA.
  [codeRequestSchema, 'VisaCodeRequest'],
  [codeRequestResultSchema, 'VisaCodeSent'],
  [useCodeRequestSchema, 'VisaUseCodeRequest'],
  [activationResultSchema, 'VisaActivation'],
  [holderInformationRequestSchema, 'VisaHolderInformationRequest'],
  [updateHolderInformationRequestSchema, 'VisaHolderInformationUpdate'],
  [holderInformationSchema, 'VisaHolderInformation'],
  [pinRequestSchema, 'VisaPinRequest'],
  [pinRetrievalSchema, 'VisaPinRetrieval'],
];

/** What the document says of a field that the contracts leave bare (they stay small in the web app's bundle). */
const DESCRIPTIONS: [z.ZodType, string][] = [
  [
    captchaField,
    'The captcha token (GET /api/Utility/Recaptcha says which captcha and its key): required where the call says so, ' +
      'refused with 400 CAPTCHA_INVALID when missing, wrong or already used (a token works once). Judged after the body.',
  ],
];

let named = false;

/** Registers the names in zod's global registry, which the document's transform reads; once per process. */
export function nameApiSchemas(): void {
  if (named) return;
  named = true;
  for (const [schema, id] of NAMES) z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  for (const [schema, description] of DESCRIPTIONS) z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), description });
}
