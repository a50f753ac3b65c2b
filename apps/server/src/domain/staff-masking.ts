import { maskIban } from '@tessera/contracts';

/**
 * What staff may see of a cardholder's contact data and of free text written by others (audit
 * details): enough to recognise it on the phone, never the whole value. PCI DSS lets a card
 * number show at most its last four; staff see its last three, as the portal shows them.
 */

/** j***@example.com: the first character and the domain. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/** +316******01: the country code and one more digit, then only the last two. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 6) return '***';
  return `+${digits.slice(0, 3)}${'*'.repeat(digits.length - 5)}${digits.slice(-2)}`;
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
/** An IBAN as text may hold it, grouped in fours or not. */
const IBAN = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]){10,30}\b/g;
/**
 * Seven or more digits in a row, also when single spaces separate them: a card number, a phone
 * number, an account. Dashes do not join runs, so dates and times ("2026-11-28") stay readable.
 */
const LONG_DIGITS = /\+?\d(?: ?\d){6,}/g;

/**
 * Free text (an audit event's detail) with every e-mail address, IBAN and long run of digits
 * masked. Details are written by code that names cards by their masked number and payouts by
 * their IBAN hint, but an operator's reason or an older event may quote anything.
 */
export function maskPersonalData(text: string): string {
  return text
    .replace(EMAIL, (address) => maskEmail(address))
    .replace(IBAN, (iban) => maskIban(iban))
    .replace(LONG_DIGITS, (run) => {
      const digits = run.replace(/\D/g, '');
      return `${'*'.repeat(Math.max(0, digits.length - 2))}${digits.slice(-2)}`;
    });
}
