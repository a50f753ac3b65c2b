import { createWebhookSender, type WebhookSenderOptions } from '../../src/adapters/webhook/http-sender.js';
import type { Crypto } from '../../src/crypto/index.js';
import type { Executor } from '../../src/db/repositories/executor.js';
import { WEBHOOK_RETRY_POLICY } from '../../src/delivery/webhooks/retry-schedule.js';
import { OutboxWorker, type WebhookLaneLimits } from '../../src/delivery/worker.js';
import { createLogger } from '../../src/logger.js';

const silent = createLogger({ logLevel: 'silent' });

/**
 * An outbox worker for webhooks only, as the server runs it outside production (the real HTTP
 * sender, webhooks' own retry schedule), at the clock `now`: what a test runs rounds of or starts.
 */
export function webhookWorker({
  db,
  crypto,
  now = () => new Date(),
  timeoutMs = 5000,
  production = false,
  lookup,
  limits,
}: {
  db: Executor;
  crypto: Crypto;
  now?: () => Date;
  timeoutMs?: number;
  production?: boolean;
  lookup?: WebhookSenderOptions['lookup'];
  limits?: WebhookLaneLimits;
}): OutboxWorker {
  return new OutboxWorker({
    db,
    crypto,
    adapters: { webhook: createWebhookSender({ db, crypto, now, production, timeoutMs, ...(lookup && { lookup }) }) },
    retryPolicies: { webhook: WEBHOOK_RETRY_POLICY },
    logger: silent,
    now,
    pollIntervalMs: 60_000,
    maxAttempts: 3,
    retryBaseMs: 1000,
    retryMaxMs: 1000,
    ...(limits && { webhookLimits: limits }),
  });
}
