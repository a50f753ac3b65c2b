import type { PayoutIbanCheck } from '@tessera/contracts';

export type IbanRefusal = Extract<PayoutIbanCheck, { ok: false }>['reason'];

/**
 * What a VALIDATION_ERROR on `bankAccountNumber` says when checkPayoutIban refuses an IBAN: the
 * PAYOUT customer call and the PAYOUT session call that binds an IBAN (docs/decisions/014) say
 * the same.
 */
export const IBAN_MESSAGES: Record<IbanRefusal, string> = {
  format: 'a Dutch IBAN: NL, 2 digits, 4 letters, 10 digits',
  checksum: 'the IBAN is not valid (check digits)',
  unknown_bank: 'no Dutch bank has this bank code',
  no_idin: 'this bank does not offer iDIN',
};

export const IBAN_BANK_MISMATCH_MESSAGE = 'The bank account must be at the bank you identified with.';
