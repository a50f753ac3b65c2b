import { bicOfIban, isValidBic, isValidIbanChecksum, normalizeIban } from '@tessera/contracts';
import { z } from 'zod';
import type { Problems, SettingsOf } from './settings.js';

/** The operator's own account that SEPA payout files pay from (`tessera payouts export`). */
export const payoutSettings = {
  PAYOUT_DEBTOR_NAME: z.string().trim().min(1).max(70, 'at most 70 characters (SEPA)').optional(),
  PAYOUT_DEBTOR_IBAN: z.string().transform(normalizeIban).refine(isValidIbanChecksum, 'not a valid IBAN (checksum or length)').optional(),
  PAYOUT_DEBTOR_BIC: z.string().trim().toUpperCase().refine(isValidBic, 'not a valid BIC (8 or 11 characters)').optional(),
};

export type PayoutDebtor = { name: string; iban: string; bic: string };

/**
 * The payout account of a demo that configured none: named as what it is, with an IBAN of the
 * bank code TEST (valid checksum, no bank has it) and a BIC of the same shape. Refused in
 * production, so a file paid from it can never reach a real bank from there.
 */
export const DEMO_PAYOUT_DEBTOR = Object.freeze({ name: 'Tessera Demo — not a real account', iban: 'NL13TEST0123456789', bic: 'TESTNL2A' });

/**
 * The debtor of payout files; undefined when not configured (export then refuses). In demo mode
 * without PAYOUT_DEBTOR_*: DEMO_PAYOUT_DEBTOR.
 */
export function parsePayoutDebtor(
  e: SettingsOf<typeof payoutSettings>,
  mode: { isProduction: boolean; demoMode: boolean },
  problems: Problems,
): PayoutDebtor | undefined {
  if (mode.isProduction && e.PAYOUT_DEBTOR_IBAN === DEMO_PAYOUT_DEBTOR.iban) {
    problems.push('PAYOUT_DEBTOR_IBAN: the demo payout account is refused in production (set the real account payouts are paid from)');
  }
  if (mode.demoMode && !e.PAYOUT_DEBTOR_NAME && !e.PAYOUT_DEBTOR_IBAN && !e.PAYOUT_DEBTOR_BIC) {
    // The demo exports payout files out of the box, from an account that says what it is.
    return DEMO_PAYOUT_DEBTOR;
  }
  if (!e.PAYOUT_DEBTOR_NAME && !e.PAYOUT_DEBTOR_IBAN && !e.PAYOUT_DEBTOR_BIC) return undefined;
  if (!e.PAYOUT_DEBTOR_NAME) problems.push('PAYOUT_DEBTOR_NAME: required with PAYOUT_DEBTOR_IBAN (the account holder of the payout account)');
  if (!e.PAYOUT_DEBTOR_IBAN) problems.push('PAYOUT_DEBTOR_IBAN: required with PAYOUT_DEBTOR_NAME (the account payouts are paid from)');
  const bic = e.PAYOUT_DEBTOR_BIC ?? (e.PAYOUT_DEBTOR_IBAN ? bicOfIban(e.PAYOUT_DEBTOR_IBAN) : undefined);
  if (e.PAYOUT_DEBTOR_IBAN && !bic) problems.push('PAYOUT_DEBTOR_BIC: required when the bank of PAYOUT_DEBTOR_IBAN is not a known Dutch bank');
  return e.PAYOUT_DEBTOR_NAME && e.PAYOUT_DEBTOR_IBAN && bic ? { name: e.PAYOUT_DEBTOR_NAME, iban: e.PAYOUT_DEBTOR_IBAN, bic } : undefined;
}
