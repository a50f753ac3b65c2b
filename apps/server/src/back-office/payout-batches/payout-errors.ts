import type { PayoutDebtor } from '../../payout-batches/payout-file.js';
import { PayoutRefusal } from '../../payout-batches/payout-refusal.js';
import type { ServiceDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { translatingRefusals } from '../../service-refusal.js';

/** Another brand's batch or payout answers exactly as an unknown one. */
export const batchNotFound = () => new AppError('NOT_FOUND', 'There is no such payout batch.');
export const payoutNotFound = () => new AppError('NOT_FOUND', 'There is no such payout.');

/** The account the files pay from; without one (outside demo mode, unconfigured) no file can be made. */
export function debtorOf(deps: Pick<ServiceDeps, 'config'>): PayoutDebtor {
  const debtor = deps.config.payoutDebtor;
  if (!debtor) throw new AppError('PAYOUT_ACCOUNT_MISSING', 'No payout account is configured (PAYOUT_DEBTOR_NAME, PAYOUT_DEBTOR_IBAN): ask the operator. Nothing was exported.');
  return debtor;
}

/**
 * A payout service's refusal in the back office's words (the service's own messages name the
 * operator's commands). What staff cannot cause or fix (a file that breaks a SEPA rule) stays an
 * internal error, logged with the service's message.
 */
export function inStaffWords<T>(work: Promise<T>): Promise<T> {
  return translatingRefusals(work, PayoutRefusal, (refusal) => {
    switch (refusal.code) {
      case 'NO_SUCH_BATCH':
        return batchNotFound();
      case 'BATCH_FILE_CHANGED':
        return new AppError(
          'BATCH_FILE_CHANGED',
          "This batch's file cannot be made again as it was exported: a brand's name or the payout account changed since. Ask the operator.",
        );
      case 'CONCURRENT_CHANGE':
        return new AppError('PAYOUT_STATUS_CONFLICT', 'These payouts were changed by someone else at the same time; nothing was changed. Reload and try again.');
      default:
        return refusal;
    }
  });
}
