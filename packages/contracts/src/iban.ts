import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import nlBankList from './data/nl-banks.json' with { type: 'json' };

/**
 * IBANs and Dutch banks (docs/product/payout.md). Pure: the checksum comes from
 * ibantools, the Dutch bank codes from the Betaalvereniging's BIC list (data/nl-banks.json, its
 * origin in data/nl-banks.SOURCE.md). The server checks a payout's IBAN with these, and the
 * portal's IBAN field can use the same.
 */

export interface NlBank {
  /** The 4-letter bank identifier: positions 5–8 of a Dutch IBAN (INGB). */
  code: string;
  name: string;
  bic: string;
  /** Whether the bank is an iDIN issuer (identity check before a payout). */
  idin: boolean;
}

export const NL_BANKS: readonly NlBank[] = nlBankList;

const byCode = new Map(NL_BANKS.map((b) => [b.code, b]));

/** The iDIN issuers among the Dutch banks, in the list's order (by code). */
export const IDIN_BANKS: readonly NlBank[] = NL_BANKS.filter((b) => b.idin);

/**
 * docs/product/payout.md#iban: spaces stripped and upper case (what a cardholder typed, as the IBAN
 * field keeps it).
 */
export function normalizeIban(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** Groups of 4, as the IBAN field shows it: NL91 ABNA 0417 1643 00. */
export function formatIban(input: string): string {
  return normalizeIban(input).replace(/(.{4})(?=.)/g, '$1 ');
}

/** A full Dutch IBAN's shape (docs/product/payout.md#iban): NL, 2 digits, 4 letters, 10 digits. */
export const NL_IBAN_PATTERN = /^NL\d{2}[A-Z]{4}\d{10}$/;

/** The bank of a Dutch IBAN (or of its first 8 characters), or undefined when the code is unknown. */
export function nlBankOf(iban: string): NlBank | undefined {
  const match = /^NL\d{2}([A-Z]{4})/.exec(normalizeIban(iban));
  return match ? byCode.get(match[1]!) : undefined;
}

/** The BIC of an IBAN's bank when the bank list knows it (Dutch IBANs only). */
export function bicOfIban(iban: string): string | undefined {
  return nlBankOf(iban)?.bic;
}

export function isValidBic(bic: string): boolean {
  return isValidBIC(bic.trim().toUpperCase());
}

/** Any country's IBAN with a correct checksum and that country's length and format. */
export function isValidIbanChecksum(input: string): boolean {
  const iban = electronicFormatIBAN(input);
  return iban !== null && isValidIBAN(iban);
}

export type PayoutIbanCheck =
  | { ok: true; iban: string; bank: NlBank }
  /**
   * format: not NL + 2 digits + 4 letters + 10 digits; checksum: the check digits do not match;
   * unknown_bank: no Dutch bank has that code; no_idin: the bank is not an iDIN issuer.
   */
  | { ok: false; reason: 'format' | 'checksum' | 'unknown_bank' | 'no_idin'; bank?: NlBank };

/**
 * Whether a payout may go to this IBAN (docs/product/payout.md): a Dutch IBAN, correct checksum,
 * a known bank code, and a bank that is an iDIN issuer (the cardholder identified at that bank).
 */
export function checkPayoutIban(input: string): PayoutIbanCheck {
  const iban = normalizeIban(input);
  if (!NL_IBAN_PATTERN.test(iban)) return { ok: false, reason: 'format' };
  if (!isValidIBAN(iban)) return { ok: false, reason: 'checksum' };
  const bank = nlBankOf(iban);
  if (!bank) return { ok: false, reason: 'unknown_bank' };
  if (!bank.idin) return { ok: false, reason: 'no_idin', bank };
  return { ok: true, iban, bank };
}

/**
 * The IBAN as operators see it in lists and logs: country, check digits and bank code, then
 * only the last 4 characters (NL91ABNA******4300). The account number itself stays hidden.
 */
export function maskIban(input: string): string {
  const iban = normalizeIban(input);
  if (iban.length <= 12) return '*'.repeat(iban.length);
  return iban.slice(0, 8) + '*'.repeat(iban.length - 12) + iban.slice(-4);
}
