import { ServiceRefusal, translatingRefusals } from '../service-refusal.js';
import { OperatorError } from './operator-error.js';

/**
 * A service's refusal (API keys, webhooks, payout batches) as the tool prints it: the service's
 * own message, written for the operator, and its problems.
 */
export function inOperatorWords<T>(work: Promise<T>): Promise<T> {
  return translatingRefusals(work, ServiceRefusal, (refusal) => new OperatorError(refusal.message, refusal.problems));
}
