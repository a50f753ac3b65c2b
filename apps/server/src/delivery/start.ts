import type { Logger } from 'pino';
import { createMailSender } from '../adapters/mail/index.js';
import { createSmsSender } from '../adapters/sms/index.js';
import { createWebhookSender } from '../adapters/webhook/http-sender.js';
import type { Config } from '../config/index.js';
import type { Crypto } from '../crypto/index.js';
import type { Executor } from '../db/repositories/executor.js';
import type { OutboxSignal } from './signal.js';
import { WEBHOOK_RETRY_POLICY } from './webhooks/retry-schedule.js';
import { OutboxWorker } from './worker.js';

/**
 * The outbox worker as the configuration describes it: e-mail through SMTP or the local mailbox,
 * SMS through the Twilio gateway or the local mailbox, webhook events over HTTP(S) with their own
 * retries (over three days).
 */
export function createOutboxWorker(
  config: Config,
  deps: { db: Executor; crypto: Crypto; logger: Logger; signal?: OutboxSignal; now?: () => Date },
): OutboxWorker {
  const now = deps.now ?? (() => new Date());
  return new OutboxWorker({
    db: deps.db,
    crypto: deps.crypto,
    adapters: {
      email: createMailSender(config, { db: deps.db, crypto: deps.crypto, now }),
      sms: createSmsSender(config, { db: deps.db, crypto: deps.crypto, now }),
      webhook: createWebhookSender({ db: deps.db, crypto: deps.crypto, now, production: config.isProduction, timeoutMs: config.webhooks.timeoutMs }),
    },
    retryPolicies: { webhook: WEBHOOK_RETRY_POLICY },
    logger: deps.logger.child({ component: 'outbox' }),
    now,
    pollIntervalMs: config.outbox.pollIntervalMs,
    maxAttempts: config.outbox.maxAttempts,
    retryBaseMs: config.outbox.retryBaseMs,
    retryMaxMs: config.outbox.retryMaxMs,
    // Longer than one SMTP send (connection, greeting and socket timeouts) or SMS request can take (config/).
    leaseMs: config.outbox.leaseMs,
    ...(deps.signal && { signal: deps.signal }),
  });
}
