import { ERROR_STATUS, type ErrorCode } from '@tessera/contracts';

export interface FieldProblem {
  path: string;
  message: string;
}

/** The one error type services throw; the global handler turns it into {code, message}. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = defaultMessage(code),
    readonly fields?: FieldProblem[],
    /** INVALID_BRAND: the brand file's problems by dotted path. */
    readonly problems?: FieldProblem[],
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  VALIDATION_ERROR: 'The request is not valid.',
  CAPTCHA_INVALID: 'The bot check failed; please try again.',
  FLOW_UNAVAILABLE: 'This brand does not offer this service.',
  THEME_NOT_FOUND: 'Unknown brand.',
  CARD_NOT_FOUND: 'The card number or code is not correct.',
  TOO_MANY_REQUESTS: 'Too many attempts; please try again later.',
  SECURITY_CODE_INSECURE: 'The new code must be 6 letters or digits and not easy to guess.',
  RECOVERY_CODE_NOT_FOUND: 'The card number or recovery code is not correct, or the recovery code was used.',
  BALANCE_TOO_LOW: 'The balance is too low to replace this card.',
  NOT_FOUND: 'Not found.',
  IDEMPOTENCY_CONFLICT: 'This card was already handled with other details; nothing was changed.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  RATE_LIMITED: 'Too many requests; please slow down.',
  INTERNAL_ERROR: 'Something went wrong on our side.',
};

function defaultMessage(code: ErrorCode): string {
  return MESSAGES[code] ?? code;
}
