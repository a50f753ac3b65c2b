import { emailField } from '@tessera/contracts';
import { type ResendReplacementResult, ResendRefusal, resendReplacementOf } from '../card-commands/resend-replacement.js';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { findCardByNumberIndex } from '../db/repositories/cards.js';
import { operatorCardNumber } from './operator-card.js';
import { operatorCommandActor } from './operator-name.js';
import { OperatorError } from './operator-error.js';

export type { ResendReplacementResult } from '../card-commands/resend-replacement.js';

/**
 * `tessera cards resend-replacement NUMBER [--email ADDRESS]`: the card command
 * (card-commands/resend-replacement.ts) for the card with this number, by the operator. NUMBER is
 * the replaced (old) card or its replacement (new) card. Refused (OperatorError, nothing
 * written): a malformed number or address, an unknown card, and every refusal of the command.
 */
export async function resendReplacementCard(
  deps: { db: Db; crypto: Crypto; now: () => Date; operator?: string },
  cardNumber: string,
  options: { email?: string } = {},
): Promise<ResendReplacementResult> {
  const { masked, indexes } = operatorCardNumber(deps.crypto, cardNumber);
  let email: string | undefined;
  if (options.email !== undefined) {
    const parsed = emailField.safeParse(options.email);
    // The address is not repeated: the operator has it, and output may end up in a ticket.
    if (!parsed.success) throw new OperatorError(`The address given with --email is not valid: ${parsed.error.issues[0]?.message ?? 'not an e-mail address'}.`);
    email = parsed.data;
  }
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const card = await findCardByNumberIndex(trx, indexes);
      if (!card) throw new OperatorError(`No card with number ${masked} exists.`);
      return resendReplacementOf(deps, trx, card, operatorCommandActor(deps), deps.now(), email === undefined ? {} : { email });
    });
  } catch (error) {
    if (error instanceof ResendRefusal) throw new OperatorError(error.message);
    throw error;
  }
}
