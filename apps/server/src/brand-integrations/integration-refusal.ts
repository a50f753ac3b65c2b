import { ServiceRefusal } from '../service-refusal.js';

/**
 * What the API key and webhook services refuse, by code, with a message in the operator's words
 * and the problems one by one. The operator's tool prints message and problems (operator/); the
 * back office answers the code in its own words (back-office/brand-integrations/). Nothing was
 * written when one is thrown.
 */
export type IntegrationRefusalCode =
  /** No brand has this code. */
  | 'NO_SUCH_BRAND'
  /** No API key has this id (of this brand, when the caller names one). */
  | 'NO_SUCH_KEY'
  /** No webhook endpoint has this id (of this brand, when the caller names one). */
  | 'NO_SUCH_WEBHOOK'
  /** No delivery of this endpoint has this id. */
  | 'NO_SUCH_DELIVERY'
  /** The URL cannot be a webhook endpoint (not https in production, a private address, …). */
  | 'URL_REFUSED'
  /** An event type no endpoint can subscribe to. */
  | 'UNKNOWN_EVENT'
  /** The endpoint was removed: it receives nothing more. */
  | 'WEBHOOK_REMOVED'
  /** The endpoint is switched off after days of failures: switch it on first. */
  | 'WEBHOOK_SWITCHED_OFF'
  /** The delivery was sent, its content is erased, or a worker is sending it now. */
  | 'NOT_RETRYABLE';

export class IntegrationRefusal extends ServiceRefusal<IntegrationRefusalCode> {
  override name = 'IntegrationRefusal';
}
