import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '@tessera/contracts';
import { ApiError } from '../src/lib/api';
import { errorMessage, type ErrorTable } from '../src/lib/errorMessages';
import { lookupErrors } from '../src/components/CardLookupForm/CardLookupForm';
import { identityCustomerErrors } from '../src/components/Identity/identityCustomerErrors';
import {
  activationCodeErrors,
  activationPasscodeErrors,
  loginErrors,
  recoveryPasscodeErrors,
  recoveryRequestErrors,
} from '../src/flows/visa/errors';
import { recoveryErrors } from '../src/flows/reset/errors';
import { replaceErrors } from '../src/flows/replace/errors';
import { payoutCustomerErrors } from '../src/flows/payout/errors';
import { texts } from './utils';

/** A refusal as the server answers it: the code with the status the contract gives it, or another. */
const refused = (code: ErrorCode, status: number = ERROR_STATUS[code]) => new ApiError(status, code, 'refused');
/** An answer without an error body (a proxy, the rate limit's plain 429, a crash). */
const bare = (status: number) => new ApiError(status, null, `HTTP ${status}`);
const noAnswer = new ApiError(0, null, 'network error');
const unreadable = new ApiError(200, 'INVALID_RESPONSE', 'the answer did not match its schema');
const notACall = new TypeError('a bug, not a call');

type Case = [name: string, error: unknown, expected: string];

/** The failures every table is asked about, besides the codes it names itself. */
const commonFailures: Array<[name: string, error: unknown]> = [
  ['no answer', noAnswer],
  ['bare 400', bare(400)],
  ['unnamed 400 code (VALIDATION_ERROR)', refused('VALIDATION_ERROR')],
  ['bare 404', bare(404)],
  ['429 rate limit', refused('RATE_LIMITED')],
  ['500', refused('INTERNAL_ERROR')],
  ['bare 502', bare(502)],
  ['unreadable answer', unreadable],
  ['not a call error', notACall],
];

/** A table's own cases, then each common failure it does not name itself, expecting `otherwise`. */
const casesWith = (own: Case[], otherwise: string): Case[] => [
  ...own,
  ...commonFailures.filter(([name]) => !own.some(([ownName]) => ownName === name)).map(([name, error]): Case => [name, error, otherwise]),
];

/**
 * Each call's table against docs/product/common.md#error-codes (and the screens' tests), row by
 * row.
 */
const tables: Array<[table: string, ErrorTable<string>, cases: Case[]]> = [
  [
    'card lookup (BALANCE, REPLACE, PAYOUT, IDENTIFY)',
    lookupErrors,
    casesWith(
      [
        ['wrong card or code (CARD_NOT_FOUND 404)', refused('CARD_NOT_FOUND'), 'invalidCard'],
        ['bare 404', bare(404), 'invalidCard'],
        ['FLOW_UNAVAILABLE', refused('FLOW_UNAVAILABLE'), 'unavailable'],
        ['FLOW_UNAVAILABLE with a 400', refused('FLOW_UNAVAILABLE', 400), 'generic__error_text'],
        ['TOO_MANY_REQUESTS with a 403', refused('TOO_MANY_REQUESTS', 403), 'generic__too_many_requests'],
        ['CAPTCHA_INVALID with a 404', refused('CAPTCHA_INVALID', 404), 'invalidCard'],
        ['TOO_MANY_REQUESTS', refused('TOO_MANY_REQUESTS'), 'generic__too_many_requests'],
        ['429 rate limit', refused('RATE_LIMITED'), 'generic__too_many_requests'],
        ['CAPTCHA_INVALID', refused('CAPTCHA_INVALID'), 'captcha'],
        ['no answer', noAnswer, 'generic__network_error'],
      ],
      'generic__error_text',
    ),
  ],
  [
    'VISA RequestActivationCode',
    activationCodeErrors,
    casesWith(
      [
        ['TOKEN_ALREADY_ACTIVATED', refused('TOKEN_ALREADY_ACTIVATED'), 'visa__error_already_active'],
        ['TOO_MANY_REQUESTS', refused('TOO_MANY_REQUESTS'), 'visa__error_too_many_requests'],
        ['INVALID_TOKEN', refused('INVALID_TOKEN'), 'visa__error_card_number'],
        ['CAPTCHA_INVALID', refused('CAPTCHA_INVALID'), 'captcha'],
        ['TOKEN_ALREADY_ACTIVATED with a 500', refused('TOKEN_ALREADY_ACTIVATED', 500), 'visa__error_card_number'],
        ['unnamed 400 code (VALIDATION_ERROR)', refused('VALIDATION_ERROR'), 'visa__error_generic'],
        ['bare 400', bare(400), 'visa__error_generic'],
        ['429 rate limit', refused('RATE_LIMITED'), 'visa__error_too_many_requests'],
        ['FLOW_UNAVAILABLE (403)', refused('FLOW_UNAVAILABLE'), 'visa__error_card_number'],
        ['no answer', noAnswer, 'visa__error_generic'],
        ['not a call error', notACall, 'visa__error_generic'],
      ],
      'visa__error_card_number',
    ),
  ],
  [
    'VISA requestrecovery',
    recoveryRequestErrors,
    casesWith(
      [
        ['TOKEN_IS_NOT_ACTIVE', refused('TOKEN_IS_NOT_ACTIVE'), 'visa__error_not_active'],
        ['TOO_MANY_REQUESTS', refused('TOO_MANY_REQUESTS'), 'visa__error_too_many_requests'],
        ['INVALID_TOKEN', refused('INVALID_TOKEN'), 'visa__login_error'],
        ['CAPTCHA_INVALID', refused('CAPTCHA_INVALID'), 'captcha'],
        ['TOKEN_ALREADY_ACTIVATED', refused('TOKEN_ALREADY_ACTIVATED'), 'visa__error_generic'],
        ['429 rate limit', refused('RATE_LIMITED'), 'visa__error_too_many_requests'],
      ],
      'visa__error_generic',
    ),
  ],
  [
    'VISA login (GetHolderInformation)',
    loginErrors,
    casesWith(
      [
        ['wrong card or passcode (CARD_NOT_FOUND 404)', refused('CARD_NOT_FOUND'), 'visa__login_error'],
        ['bare 404', bare(404), 'visa__login_error'],
        ['TOO_MANY_REQUESTS', refused('TOO_MANY_REQUESTS'), 'visa__error_too_many_requests'],
        ['429 rate limit', refused('RATE_LIMITED'), 'visa__error_too_many_requests'],
        ['CAPTCHA_INVALID', refused('CAPTCHA_INVALID'), 'captcha'],
        ['INVALID_TOKEN', refused('INVALID_TOKEN'), 'visa__error_generic'],
      ],
      'visa__error_generic',
    ),
  ],
  [
    'VISA UseActivationCode',
    activationPasscodeErrors,
    casesWith(
      [
        ['SECURITY_CODE_INSECURE', refused('SECURITY_CODE_INSECURE'), 'insecure'],
        ['no answer', noAnswer, 'network'],
        ['INVALID_TOKEN', refused('INVALID_TOKEN'), 'failed'],
        ['TOO_MANY_REQUESTS', refused('TOO_MANY_REQUESTS'), 'failed'],
      ],
      'failed',
    ),
  ],
  [
    'VISA userecovery',
    recoveryPasscodeErrors,
    casesWith(
      [
        ['SECURITY_CODE_INSECURE', refused('SECURITY_CODE_INSECURE'), 'insecure'],
        ['no answer', noAnswer, 'network'],
        ['INVALID_TOKEN', refused('INVALID_TOKEN'), 'visa__reset_code_error'],
        ['INVALID_TOKEN with a 403', refused('INVALID_TOKEN', 403), 'visa__error_generic'],
        ['TOO_MANY_REQUESTS', refused('TOO_MANY_REQUESTS'), 'visa__error_too_many_requests'],
        ['TOO_MANY_REQUESTS with a 403', refused('TOO_MANY_REQUESTS', 403), 'visa__error_too_many_requests'],
        ['429 rate limit', refused('RATE_LIMITED'), 'visa__error_too_many_requests'],
      ],
      'visa__error_generic',
    ),
  ],
  [
    'RESET recovery',
    recoveryErrors,
    casesWith(
      [
        ['SECURITY_CODE_INSECURE', refused('SECURITY_CODE_INSECURE'), 'insecure'],
        ['RECOVERY_CODE_NOT_FOUND', refused('RECOVERY_CODE_NOT_FOUND'), 'otcNotFound'],
        ['CAPTCHA_INVALID', refused('CAPTCHA_INVALID'), 'captcha'],
        ['no answer', noAnswer, 'network'],
        ['TOO_MANY_REQUESTS', refused('TOO_MANY_REQUESTS'), 'errorPage'],
      ],
      'errorPage',
    ),
  ],
  [
    'REPLACE replacement',
    replaceErrors,
    casesWith(
      [
        ['BALANCE_TOO_LOW', refused('BALANCE_TOO_LOW'), 'balanceTooLow'],
        ['BALANCE_TOO_LOW with a 409', refused('BALANCE_TOO_LOW', 409), 'failed'],
        ['IDEMPOTENCY_CONFLICT (409)', refused('IDEMPOTENCY_CONFLICT'), 'alreadyReplaced'],
        ['IDEMPOTENCY_CONFLICT with a 400', refused('IDEMPOTENCY_CONFLICT', 400), 'failed'],
        ['bare 409', bare(409), 'failed'],
        ['no answer', noAnswer, 'errorPage'],
        ['TOO_MANY_REQUESTS', refused('TOO_MANY_REQUESTS'), 'failed'],
      ],
      'failed',
    ),
  ],
  [
    'PAYOUT and IDENTIFY customer call',
    identityCustomerErrors,
    casesWith(
      [
        ['USER_CANCELLED', refused('USER_CANCELLED'), 'cancelled'],
        ['USER_CANCELLED with a 401', refused('USER_CANCELLED', 401), 'cancelled'],
        ['USER_CANCELLED with a 403', refused('USER_CANCELLED', 403), 'failed'],
        ['CARD_ALREADY_REGISTERED', refused('CARD_ALREADY_REGISTERED'), 'alreadyRegistered'],
        ['CARD_ALREADY_REGISTERED with a 401', refused('CARD_ALREADY_REGISTERED', 401), 'alreadyRegistered'],
        ['IDENTITY_SESSION_INVALID', refused('IDENTITY_SESSION_INVALID'), 'failed'],
        ['IDENTITY_FAILED', refused('IDENTITY_FAILED'), 'failed'],
        ['IBAN_BANK_MISMATCH', refused('IBAN_BANK_MISMATCH'), 'failed'],
        ['bare 401', bare(401), 'failed'],
        // Only PAYOUT moves money: IDENTIFY never answers it, and would show it as any failure.
        ['IDEMPOTENCY_CONFLICT (409)', refused('IDEMPOTENCY_CONFLICT'), 'failed'],
      ],
      'failed',
    ),
  ],
  [
    'PAYOUT customer call',
    payoutCustomerErrors,
    casesWith(
      [
        ['IDEMPOTENCY_CONFLICT (409)', refused('IDEMPOTENCY_CONFLICT'), 'alreadyPaidOut'],
        ['IDEMPOTENCY_CONFLICT with a 400', refused('IDEMPOTENCY_CONFLICT', 400), 'failed'],
        ['bare 409', bare(409), 'failed'],
        ['USER_CANCELLED', refused('USER_CANCELLED'), 'cancelled'],
        ['USER_CANCELLED with a 401', refused('USER_CANCELLED', 401), 'cancelled'],
        ['CARD_ALREADY_REGISTERED', refused('CARD_ALREADY_REGISTERED'), 'alreadyRegistered'],
        ['CARD_ALREADY_REGISTERED with a 401', refused('CARD_ALREADY_REGISTERED', 401), 'alreadyRegistered'],
        ['IDENTITY_SESSION_INVALID', refused('IDENTITY_SESSION_INVALID'), 'failed'],
        ['IBAN_BANK_MISMATCH', refused('IBAN_BANK_MISMATCH'), 'failed'],
      ],
      'failed',
    ),
  ],
];

describe.each(tables)('error table: %s', (_name, table, cases) => {
  it.each(cases.map(([name, error, expected]) => [name, expected, error] as const))('%s → %s', (_case, expected, error) => {
    expect(errorMessage(error, table)).toBe(expected);
  });

  it('names only message keys the default translations have, or outcomes the screen handles', () => {
    const entries = [...Object.values(table.answers), table.otherStatus, table.fallback].filter((v): v is string => !!v);
    const keys = entries.filter((entry) => entry.includes('__'));
    for (const key of keys) {
      expect(texts.en, key).toHaveProperty([key]);
      expect(texts.nl, key).toHaveProperty([key]);
    }
  });
});

describe('errorMessage', () => {
  const table: ErrorTable<string> = {
    answers: { '400 TOO_MANY_REQUESTS': 'code with status', 429: 'status', TOO_MANY_REQUESTS: 'code', 0: 'no answer' },
    otherStatus: 'other status',
    fallback: 'fallback',
  };

  it('reads a code with its status, then the status, then the code alone', () => {
    expect(errorMessage(new ApiError(400, 'TOO_MANY_REQUESTS', ''), table)).toBe('code with status');
    expect(errorMessage(new ApiError(429, 'TOO_MANY_REQUESTS', ''), table)).toBe('status');
    expect(errorMessage(new ApiError(403, 'TOO_MANY_REQUESTS', ''), table)).toBe('code');
  });

  it('gives otherStatus to any unnamed status but 400, and the fallback to the rest', () => {
    expect(errorMessage(bare(403), table)).toBe('other status');
    expect(errorMessage(refused('VALIDATION_ERROR'), table)).toBe('fallback');
    expect(errorMessage(noAnswer, table)).toBe('no answer');
    expect(errorMessage(notACall, table)).toBe('fallback');
    expect(errorMessage(noAnswer, { answers: {}, otherStatus: 'other status', fallback: 'fallback' })).toBe('other status');
    expect(errorMessage(bare(403), { answers: {}, fallback: 'fallback' })).toBe('fallback');
  });
});
