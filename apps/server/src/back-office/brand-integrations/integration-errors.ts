import { IntegrationRefusal } from '../../brand-integrations/integration-refusal.js';
import { AppError } from '../../errors.js';
import { translatingRefusals } from '../../service-refusal.js';

/**
 * A key or webhook service's refusal in the back office's words (the services' own messages name
 * the operator's commands). Another brand's key, endpoint or delivery is NOT_FOUND, as an unknown one.
 */
export function inStaffWords<T>(work: Promise<T>): Promise<T> {
  return translatingRefusals(work, IntegrationRefusal, (refusal) => {
    switch (refusal.code) {
      case 'NO_SUCH_BRAND':
      case 'NO_SUCH_KEY':
      case 'NO_SUCH_WEBHOOK':
      case 'NO_SUCH_DELIVERY':
        return new AppError('NOT_FOUND');
      case 'URL_REFUSED':
        return new AppError('VALIDATION_ERROR', 'This URL cannot receive webhooks; nothing was added.', [{ path: 'url', message: refusal.message }]);
      case 'UNKNOWN_EVENT':
        return new AppError('VALIDATION_ERROR', 'Unknown event type; nothing was added.', [{ path: 'events', message: refusal.message }]);
      case 'WEBHOOK_REMOVED':
        return new AppError('WEBHOOK_REMOVED', 'This webhook endpoint was removed; it receives nothing more.');
      case 'WEBHOOK_SWITCHED_OFF':
        return new AppError('WEBHOOK_SWITCHED_OFF', 'This webhook endpoint is switched off after failing for days; switch it on first.');
      case 'NOT_RETRYABLE':
        return new AppError('DELIVERY_NOT_RETRYABLE', 'This delivery cannot be sent again: it was delivered, its content is no longer kept, or it is being sent right now.');
    }
  });
}
