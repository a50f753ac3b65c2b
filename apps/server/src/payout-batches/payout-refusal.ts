import { ServiceRefusal } from '../service-refusal.js';

/**
 * What the payout batch services refuse, by code, with a message in the operator's words and the
 * problems one by one. The operator's tool prints message and problems; the back office answers
 * the code in its own words (back-office/payout-batches/payout-errors.ts). Nothing was written when
 * one is thrown: every service throws inside its transaction.
 */
export type PayoutRefusalCode =
  /** No batch has this id. */
  | 'NO_SUCH_BATCH'
  /** Writing a file again for the bank while the bank already reported on some of its payouts. */
  | 'BATCH_SETTLED'
  /** The batch's payouts are no longer the ones its file held. */
  | 'BATCH_INCOMPLETE'
  /** The file rebuilt now would differ from the one exported (a brand's name or the debtor changed). */
  | 'BATCH_FILE_CHANGED'
  /** A payout that a SEPA file cannot carry (not EUR, an invalid IBAN) or a file that breaks a SEPA or schema rule. */
  | 'FILE_INVALID'
  /** Another export or settlement changed these payouts while this one ran. */
  | 'CONCURRENT_CHANGE'
  /** Settling: some ids are unknown or in a status that cannot take the settlement. */
  | 'PAYOUT_STATUS';

export class PayoutRefusal extends ServiceRefusal<PayoutRefusalCode> {
  override name = 'PayoutRefusal';
}
