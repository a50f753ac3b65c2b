import { PayoutRefusal } from '../payout-batches/payout-refusal.js';
import { OperatorError } from './operator-error.js';

/** A payout service's refusal as the operator's tool prints it: its message (written for the operator) and problems. */
export async function asOperatorError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof PayoutRefusal) throw new OperatorError(error.message, error.problems);
    throw error;
  }
}
