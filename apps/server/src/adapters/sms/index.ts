import type { Config } from '../../config/index.js';
import type { Crypto } from '../../crypto/index.js';
import type { Executor } from '../../db/repositories/executor.js';
import { createLocalSmsSender } from './local.js';
import type { SmsSender } from './port.js';
import { createTwilioSmsSender } from './twilio.js';

/** Picks the SMS adapter the configuration names; config/ has already checked its keys. */
export function createSmsSender(config: Config, local: { db: Executor; crypto: Crypto; now: () => Date }): SmsSender {
  switch (config.sms.adapter) {
    case 'local':
      return createLocalSmsSender(local);
    case 'twilio':
      return createTwilioSmsSender(config.sms.twilio!);
  }
}
