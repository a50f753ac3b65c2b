import { IntegrationRefusal } from '../../brand-integrations/integration-refusal.js';
import { AppError } from '../../errors.js';

/**
 * A key or webhook service's refusal in the back office's words (the services' own messages name
 * the operator's commands). Another brand's key, endpoint or delivery is NOT_FOUND, as an unknown one.
 */
export async function inStaffWords<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof IntegrationRefusal)) throw error;
    switch (error.code) {
      case 'NO_SUCH_BRAND':
      case 'NO_SUCH_KEY':
      case 'NO_SUCH_WEBHOOK':
      case 'NO_SUCH_DELIVERY':
        throw new AppError('NOT_FOUND');
      case 'URL_REFUSED':
        throw new AppError('VALIDATION_ERROR', 'This URL cannot receive webhooks; nothing was added.', [{ path: 'url', message: error.message }]);
      case 'UNKNOWN_EVENT':
        throw new AppError('VALIDATION_ERROR', 'Unknown event type; nothing was added.', [{ path: 'events', message: error.message }]);
      case 'WEBHOOK_REMOVED':
        throw new AppError('WEBHOOK_REMOVED', 'This webhook endpoint was removed; it receives nothing more.');
      case 'WEBHOOK_SWITCHED_OFF':
        throw new AppError('WEBHOOK_SWITCHED_OFF', 'This webhook endpoint is switched off after failing for days; switch it on first.');
      case 'NOT_RETRYABLE':
        throw new AppError('DELIVERY_NOT_RETRYABLE', 'This delivery cannot be sent again: it was delivered, its content is no longer kept, or it is being sent right now.');
    }
  }
}
