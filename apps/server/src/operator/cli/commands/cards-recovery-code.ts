import { issueRecoveryCode } from '../../issue-recovery-code.js';
import { EXIT, UsageError } from '../context.js';
import { cardNumberArgument } from '../card-number-argument.js';
import type { CommandSpec } from './types.js';

export const cardsRecoveryCode: CommandSpec = {
  name: 'cards recovery-code',
  summary: 'issue a new one-time recovery code for a gift card (RESET)',
  help: `Usage: tessera cards recovery-code NUMBER

Issues a new 6-digit recovery code for a gift card and prints it once. The cardholder uses it in
the brand's RESET flow to choose a new security code; it works once. Any earlier recovery code of
the card stops working. Tessera keeps only a keyed hash of the code: it cannot be shown again, so
hand it over now (it is not written to any log). The card number may be written with spaces
("6064 0000 0000 0000 107" or 6064 0000 0000 0000 107).

Refused (exit 1): an unknown number, a Visa card (Visa cards recover by SMS), a blocked
(replaced or stopped) card. A card locked after too many wrong codes gets its code, with a
reminder to run "tessera cards unlock NUMBER" as well.

Options:
  -h, --help   show this help`,
  options: {},
  check({ positionals }) {
    if (positionals.length === 0) {
      throw new UsageError('cards recovery-code needs the card number: tessera cards recovery-code NUMBER');
    }
  },
  async run(ctx, { positionals }) {
    const number = cardNumberArgument('cards recovery-code', { positionals, values: {} });
    const result = await issueRecoveryCode(ctx, number);
    ctx.io.out(`Recovery code for gift card ${result.maskedNumber} of brand ${result.brandCode}: ${result.recoveryCode}`);
    ctx.io.out(
      result.resetPath
        ? `It works once, at ${result.resetPath}; earlier recovery codes of this card no longer work. It cannot be shown again.`
        : `It works once; earlier recovery codes of this card no longer work. It cannot be shown again.`,
    );
    if (!result.resetPath) ctx.io.out(`Note: brand ${result.brandCode} does not offer the RESET flow; the code can be used once it does.`);
    if (result.refusingSecrets) {
      ctx.io.out('Note: the card refuses every code after too many wrong ones; run "tessera cards unlock NUMBER" too.');
    }
    return EXIT.ok;
  },
};
