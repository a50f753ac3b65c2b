/**
 * How a phone number and an e-mail address are written before they are blind-indexed, so the
 * value staff type and the value a cardholder gave meet in one index whatever their spelling.
 */

/** The country a phone number written without one is taken to be in: the portal's cardholders are Dutch. */
const DEFAULT_COUNTRY_CODE = '31';

/**
 * A phone number in E.164 form: "+31 6 1234 5601", "0031612345601" and "0612345601" are all
 * "+31612345601". Digits with no prefix are read as already international (31612345601). Null
 * when there are no digits at all: there is nothing to index.
 */
export function normalizePhoneNumber(input: string): string | null {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length === 0) return null;
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  if (digits.startsWith('0')) return `+${DEFAULT_COUNTRY_CODE}${digits.slice(1)}`;
  return `+${digits}`;
}

/** An e-mail address as it is indexed: trimmed and in lower case (no provider treats case as meaning). Null when empty. */
export function normalizeEmail(input: string | null | undefined): string | null {
  const value = input?.trim().toLowerCase() ?? '';
  return value.length > 0 ? value : null;
}

/** The last four digits of a card number (fewer when it is shorter), as the staff search finds it. */
export const lastFourOf = (cardNumber: string) => cardNumber.slice(-4);
