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

/**
 * One example of each request body a brand's developer writes first, shown by the reference page
 * and by generated clients, and sent by the contract test (test/openapi-contract.test.ts) to check
 * that the answer is one the document declares. Each parses with its schema
 * (test/openapi.test.ts): an example the server would refuse as malformed cannot stay.
 */
export const REQUEST_EXAMPLES: [z.ZodType, unknown][] = [
  [issueCardRequestSchema, { kind: 'giftcard', balance: { value: 2500, assetCode: 'EUR' }, expiresAt: '2031-12-31', recoveryCode: true }],
  [lookupRequestSchema, { cardNumber: '6064 0000 0000 0000 101' }],
  [redemptionRequestSchema, { amount: { value: 1000, assetCode: 'EUR' }, reference: 'order 1001', allowPartial: false }],
  [refundRequestSchema, { amount: { value: 400, assetCode: 'EUR' }, reference: 'return of order 1001' }],
  [loadRequestSchema, { amount: { value: 5000, assetCode: 'EUR' }, reference: 'top-up 77' }],
  [blockRequestSchema, { reason: 'lost' }],
  [giftCardLookupRequestSchema, { code: 'demo', giftCardNumber: '6064 0000 0000 0000 101', pinCode: '482913', 'g-recaptcha-response': 'test-token' }],
  [errorReportSchema, { id: '0f8fad5b-d9cb-469f-a165-70867728950e', code: 'RENDER', message: 'The balance screen failed to render.' }],
];

/** The request examples by the name of their schema in the document. */
export function requestExamplesByName(): Map<string, unknown> {
  const byName = new Map<string, unknown>();
  for (const [schema, example] of REQUEST_EXAMPLES) {
    const id = z.globalRegistry.get(schema)?.id;
    if (id) byName.set(id, example);
  }
  return byName;
}

let named = false;

/** Registers the names in zod's global registry, which the document's transform reads; once per process. */
export function nameApiSchemas(): void {
  if (named) return;
  named = true;
  for (const [schema, id] of NAMES) z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  for (const [schema, description] of DESCRIPTIONS) z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), description });
  for (const [schema, example] of REQUEST_EXAMPLES) z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), examples: [example] });
}
