import { IDIN_BANKS } from '@tessera/contracts';

/**
 * The iDIN issuers (docs/product/payout.md#iban: ABN Amro, ASN, Bunq, ING, Rabobank, RegioBank and
 * SNS), identified by their BIC as iDIN names issuers. The bank list spells names as the
 * Betaalvereniging registers them (upper case, and SNS Bank under its new name "ASN BANK", which
 * would show ASN twice); cardholders pick from the names they know from their bank card.
 */
const DISPLAY_NAMES: Record<string, string> = {
  ABNANL2A: 'ABN AMRO',
  ASNBNL21: 'ASN Bank',
  BUNQNL2A: 'bunq',
  INGBNL2A: 'ING',
  RABONL2U: 'Rabobank',
  RBRBNL21: 'RegioBank',
  SNSBNL2A: 'SNS',
};

export interface IdinIssuer {
  /** The bank's BIC. */
  id: string;
  name: string;
}

export const IDIN_ISSUERS: readonly IdinIssuer[] = IDIN_BANKS.map((bank) => ({ id: bank.bic, name: DISPLAY_NAMES[bank.bic] ?? bank.name }));

const byBic = new Map(IDIN_ISSUERS.map((issuer) => [issuer.id, issuer]));

/** The iDIN issuer with this BIC, or undefined (exact, upper case). */
export function idinIssuer(bic: string | undefined): IdinIssuer | undefined {
  return bic === undefined ? undefined : byBic.get(bic);
}
