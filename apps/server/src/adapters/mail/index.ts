import type { Config } from '../../config/index.js';
import type { Crypto } from '../../crypto/index.js';
import type { Executor } from '../../db/repositories/executor.js';
import { createLocalMailSender } from './local.js';
import type { MailSender } from './port.js';
import { createSmtpMailSender } from './smtp.js';

/** Picks the e-mail adapter the configuration names; config/ has already checked its keys. */
export function createMailSender(config: Config, local: { db: Executor; crypto: Crypto; now: () => Date }): MailSender {
  switch (config.mail.adapter) {
    case 'local':
      return createLocalMailSender(local);
    case 'smtp':
      return createSmtpMailSender({ ...config.mail.smtp!, from: config.mail.from });
  }
}
