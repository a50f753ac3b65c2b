import type { CaptchaPort } from './adapters/captcha/port.js';
import type { Config } from './config/index.js';
import type { Crypto } from './crypto/index.js';
import type { Db } from './db/database.js';
import type { AuditWriter } from './db/repositories/audit.js';
import type { OutboxSignal } from './delivery/signal.js';
import type { BrandCache } from './customer-call/brand-cache.js';
import type { Metrics } from './metrics.js';

/** What services need from the outside world, handed in by app/build-app.ts (and by tests). */
export interface ServiceDeps {
  db: Db;
  /** Brands and their flows, read at most every BRAND_CACHE_TTL_MS (customer-call/brand-cache.ts). */
  brands: BrandCache;
  /** Audit events outside a transaction, group-committed (db/repositories/audit.ts). */
  audit: AuditWriter;
  crypto: Crypto;
  captcha: CaptchaPort;
  config: Config;
  now: () => Date;
  /** Call `outbox.wake()` after committing a transaction that queued a message (delivery/outbox.ts). */
  outbox: OutboxSignal;
  /** Prometheus metrics of this app (GET /metrics). */
  metrics: Metrics;
}

/** Facts about the request a service may record or act on; never the body. */
export interface RequestContext {
  clientAddress: string | undefined;
  /** The raw x-flow-type header, checked by the services that need it. */
  flowTypeHeader: string | undefined;
  userAgent: string | undefined;
  /** The Accept-Language header: the language of messages the server writes to the cardholder. */
  acceptLanguage?: string | undefined;
}
