import { IntegrationRefusal } from '../brand-integrations/integration-refusal.js';
import { OperatorError } from './operator-error.js';

/** An API key or webhook service's refusal as the tool prints it: the service's own message and problems. */
export async function inOperatorWords<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof IntegrationRefusal) throw new OperatorError(error.message, error.problems);
    throw error;
  }
}
