import type { CaptchaPort } from '../adapters/captcha/port.js';
import type { Config } from '../config.js';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';

/** What services need from the outside world, handed in by app.ts (and by tests). */
export interface ServiceDeps {
  db: Db;
  crypto: Crypto;
  captcha: CaptchaPort;
  config: Config;
  now: () => Date;
}

/** Facts about the request a service may record or act on; never the body. */
export interface RequestContext {
  clientAddress: string | undefined;
  /** The raw x-flow-type header, checked by the services that need it. */
  flowTypeHeader: string | undefined;
  userAgent: string | undefined;
}
