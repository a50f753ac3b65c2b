import { CARD_NUMBER_MAX_DIGITS, CARD_NUMBER_MIN_DIGITS, stripCardNumber } from '@tessera/contracts';
import type { TFunction } from '../../lib/translator';

/** Whether a typed card number (separators allowed) has as many digits as a card number, and nothing else. */
export function isCompleteCardNumber(value: string): boolean {
  const digits = stripCardNumber(value);
  return /^\d+$/.test(digits) && digits.length >= CARD_NUMBER_MIN_DIGITS && digits.length <= CARD_NUMBER_MAX_DIGITS;
}

/** What keeps a typed card number from being sent, as the field and the error summary say it; null when nothing does. */
export function cardNumberProblem(t: TFunction, value: string): string | null {
  if (!stripCardNumber(value)) return t('card__number_error_required');
  if (!isCompleteCardNumber(value)) return t('card__number_error_length', { min: CARD_NUMBER_MIN_DIGITS, max: CARD_NUMBER_MAX_DIGITS });
  return null;
}

/**
 * The problem a form shows at its card number field: after a submit, any; before, a length error
 * once the field has been left with something typed, so that nobody is told off while typing.
 */
export function shownCardNumberError(problem: string | null, value: string, { submitted, touched }: { submitted: boolean; touched: boolean }): string | null {
  return submitted || (touched && stripCardNumber(value)) ? problem : null;
}
