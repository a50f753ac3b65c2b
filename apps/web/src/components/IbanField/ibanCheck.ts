import { NL_IBAN_PATTERN, isValidIbanChecksum, nlBankOf, type NlBank } from '@tessera/contracts';

/** The longest IBAN any country has; the field takes no more characters than this. */
export const IBAN_MAX_LENGTH = 34;
/** A Dutch IBAN: NL, 2 check digits, 4-letter bank code, 10-digit account number. */
export const NL_IBAN_LENGTH = 18;
/** Bank detection starts once this many characters are typed (docs/product/payout.md#iban). */
export const BANK_DETECTION_LENGTH = 8;

/** NL, 2 digits and 4 upper-case letters: the part of a Dutch IBAN that names the bank. */
const NL_BANK_PREFIX = /^NL\d{2}[A-Z]{4}$/;

/**
 * What the IBAN field keeps of what was typed (docs/product/payout.md#iban: spaces stripped, upper
 * case). Other separators people copy along (dots, dashes) go too; an IBAN is letters and digits
 * only.
 */
export function cleanIbanInput(input: string): string {
  return input.replace(/[^0-9A-Za-z]/g, '').toUpperCase().slice(0, IBAN_MAX_LENGTH);
}

export type IbanStatus =
  /** Nothing typed. */
  | { kind: 'empty' }
  /** Fewer than 8 characters that still can become a Dutch IBAN: nothing to say yet. */
  | { kind: 'typing' }
  /** Starts with a country code other than NL: payouts go to Dutch accounts only. */
  | { kind: 'notDutch' }
  /** Cannot be a Dutch IBAN: wrong characters where digits or letters belong, or too long. */
  | { kind: 'format' }
  /** NL + 2 digits + 4 letters, but no Dutch bank has that code (spec: bank code incorrect). */
  | { kind: 'bankCodeIncorrect' }
  /** A known bank, but a bank code is required and this is another bank (spec: wrong bank). */
  | { kind: 'wrongBank'; bank: NlBank; expected: NlBank }
  /** A known bank without iDIN, or not among the providers' issuers (spec: bank not available). */
  | { kind: 'bankUnavailable'; bank: NlBank }
  /** The bank is fine; the account number is not complete yet. */
  | { kind: 'incomplete'; bank: NlBank }
  /** All 18 characters, but the check digits do not match (a typing error). */
  | { kind: 'checksum'; bank: NlBank }
  /** Complete and correct, but the issuers are still loading: not yet known to be available. */
  | { kind: 'checking'; bank: NlBank; iban: string }
  /** Complete, correct, and the bank identifies with iDIN: the payout may start. */
  | { kind: 'valid'; bank: NlBank; iban: string };

export interface IbanCheckOptions {
  /**
   * BICs of the iDIN issuers the providers call listed (docs/product/payout.md#rules: "a matching
   * provider issuer"). `null` while they are loading; `'idin-flag'` when the call failed
   * (docs/product/payout.md#bank-identity: provider failures are ignored), so the bank list's own
   * iDIN flag decides.
   */
  issuers: ReadonlySet<string> | null | 'idin-flag';
  /**
   * A bank the payout must go to, fixed before the IBAN is typed (4-letter code). When set and the
   * IBAN's bank differs, the wrong-bank message names the expected bank. See AmountScreen for
   * when the PAYOUT flow sets it.
   */
  requiredBankCode?: string | null;
}

/**
 * The IBAN field's rules (docs/product/payout.md), in the order a cardholder meets them:
 * country, bank code (from 8 characters on), the required bank, iDIN availability, length,
 * checksum (mod 97, not only the pattern). `value` is what cleanIbanInput keeps.
 */
export function checkIban(value: string, { issuers, requiredBankCode }: IbanCheckOptions): IbanStatus {
  if (!value) return { kind: 'empty' };
  if (/^[A-Z]{2}/.test(value) && !value.startsWith('NL')) return { kind: 'notDutch' };
  if (value.length < BANK_DETECTION_LENGTH) {
    return fitsPrefix(value) ? { kind: 'typing' } : { kind: 'format' };
  }
  if (!NL_BANK_PREFIX.test(value.slice(0, BANK_DETECTION_LENGTH))) return { kind: 'format' };
  const bank = nlBankOf(value);
  if (!bank) return { kind: 'bankCodeIncorrect' };
  if (requiredBankCode && bank.code !== requiredBankCode) {
    const expected = nlBankOf(`NL00${requiredBankCode}`);
    if (expected) return { kind: 'wrongBank', bank, expected };
  }
  if (!bank.idin) return { kind: 'bankUnavailable', bank };
  if (issuers instanceof Set && !issuers.has(bank.bic)) return { kind: 'bankUnavailable', bank };
  const account = value.slice(BANK_DETECTION_LENGTH);
  if (!/^\d*$/.test(account) || value.length > NL_IBAN_LENGTH) return { kind: 'format' };
  if (value.length < NL_IBAN_LENGTH) return { kind: 'incomplete', bank };
  if (!NL_IBAN_PATTERN.test(value) || !isValidIbanChecksum(value)) return { kind: 'checksum', bank };
  if (issuers === null) return { kind: 'checking', bank, iban: value };
  return { kind: 'valid', bank, iban: value };
}

/** Whether fewer than 8 characters can still grow into NL + 2 digits + 4 letters. */
function fitsPrefix(value: string): boolean {
  const shape = ['N', 'L', 'd', 'd', 'A', 'A', 'A', 'A'];
  return [...value].every((char, index) => {
    const want = shape[index];
    if (want === 'd') return /\d/.test(char);
    if (want === 'A') return /[A-Z]/.test(char);
    return char === want;
  });
}

/**
 * Which statuses speak up while the cardholder types, and which wait until the field is left: the
 * bank checks start at 8 characters (docs/product/payout.md#iban), a character that can never fit
 * and a wrong checksum show at once; an unfinished IBAN is only pointed out once the cardholder
 * moves on.
 */
export function isLiveStatus(status: IbanStatus): boolean {
  switch (status.kind) {
    case 'notDutch':
    case 'format':
    case 'bankCodeIncorrect':
    case 'wrongBank':
    case 'bankUnavailable':
    case 'checksum':
      return true;
    default:
      return false;
  }
}
