import { resendReplacementCard } from '../../resend-replacement-card.js';
import { EXIT, UsageError } from '../context.js';
import { cardNumberArgument } from '../card-number-argument.js';
import type { CommandSpec } from './types.js';

export const cardsResendReplacement: CommandSpec = {
  name: 'cards resend-replacement',
  summary: 'e-mail a replacement card again, with a new security code (lost e-mail)',
  help: `Usage: tessera cards resend-replacement NUMBER [--email ADDRESS]

Sends the e-mail that brings a replacement card (REPLACE) again, for when the first one was lost:
it failed for good (the outbox erased its content) or never reached the cardholder. NUMBER is the
number of the replaced (old) card or of the replacement (new) card, with or without spaces
("6064 0000 0000 0000 108" or 6064 0000 0000 0000 108).

In one transaction it:
  - gives the replacement card a new security code: the code in the earlier e-mail stops working,
    and the card's count of wrong codes (and any lock they caused) is cleared;
  - queues a new replacement e-mail (the new card's number and new code, its balance now, the
    brand, the language of the replacement) to the address the cardholder gave, or to ADDRESS;
  - with --email, stores ADDRESS as the replacement's address: a repeated replace call of the old
    card then answers that address;
  - records the audit event card.replacement_resend.

The new security code is never shown: it is only in the e-mail. A running server sends the e-mail
within seconds (its outbox worker); follow it in outbox_messages with the printed message id.

Refused (exit 1, nothing written): an unknown number; a card that was never replaced and is not a
replacement; a replacement card that was replaced again since (the command names the latest
replacement to use instead); a blocked replacement card; a replacement e-mail of the card that is
still pending in the outbox (it may still arrive: wait until it is sent or has failed); an
ADDRESS that is not an e-mail address.

Options:
  --email ADDRESS   send to ADDRESS instead of the stored address, and store it
  -h, --help        show this help`,
  options: { email: { type: 'string' } },
  check({ positionals }) {
    if (positionals.length === 0) {
      throw new UsageError('cards resend-replacement needs the card number: tessera cards resend-replacement NUMBER [--email ADDRESS]');
    }
  },
  async run(ctx, { positionals, values }) {
    const number = cardNumberArgument('cards resend-replacement', { positionals, values: {} });
    const email = typeof values.email === 'string' ? values.email : undefined;
    const result = await resendReplacementCard(ctx, number, email === undefined ? {} : { email });
    ctx.io.out(
      `Queued a new replacement e-mail for gift card ${result.newMaskedNumber} of brand ${result.brandCode} ` +
        `(the replacement of ${result.oldMaskedNumber}) to ${result.recipientHint}, in ${result.culture}: outbox message ${result.messageId}`,
    );
    const cleared = result.failedAttemptsCleared > 0 ? ` ${result.failedAttemptsCleared} wrong attempt${result.failedAttemptsCleared === 1 ? '' : 's'} cleared.` : '';
    ctx.io.out(`The card has a new security code, sent only in this e-mail; the code in the earlier e-mail no longer works.${cleared}`);
    if (result.wasOperatorLocked) ctx.io.out('The card was locked after too many wrong codes; the lock is lifted with the new code.');
    if (result.addressChanged) {
      ctx.io.out(
        `The stored address is now ${result.recipientHint}: a repeated replace call of ${result.oldMaskedNumber} must name it (another address is refused).`,
      );
    }
    if (result.previous) {
      const error = result.previous.lastError ? `, ${result.previous.lastError}` : '';
      ctx.io.out(`The earlier e-mail: ${result.previous.status}${error} (${result.previous.updatedAt}).`);
    }
    return EXIT.ok;
  },
};
