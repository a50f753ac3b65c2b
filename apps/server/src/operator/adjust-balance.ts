import { adjustLockedBalance, type AdjustOutcome } from '../card-commands/adjust-balance.js';
import { CardCommandRefusal } from '../card-commands/card-command-refusal.js';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { changeOperatorCard } from './operator-card.js';
import { OperatorError } from './operator-error.js';
import { operatorCommandActor } from './operator-name.js';

export interface AdjustResult extends AdjustOutcome {
  maskedNumber: string;
}

/**
 * `tessera cards adjust NUMBER --amount -500 --reason TEXT`: books one `adjustment` ledger entry in
 * the card's asset (card-commands/adjust-balance.ts). The balance never goes below zero; the same
 * `--reference` books once, and a repeat with another amount is refused.
 */
export function adjustBalance(
  deps: { db: Db; crypto: Crypto; now: () => Date; operator?: string },
  cardNumber: string,
  input: { amount: number; reason: string; reference?: string },
): Promise<AdjustResult> {
  return changeOperatorCard(deps, cardNumber, async (locked, masked) => {
    try {
      return { maskedNumber: masked, ...(await adjustLockedBalance(deps, locked, input, operatorCommandActor(deps))) };
    } catch (error) {
      // Thrown on inside the transaction: the refusal rolls back as the command's did.
      if (!(error instanceof CardCommandRefusal)) throw error;
      if (error.code === 'REFERENCE_REUSED') {
        throw new OperatorError(`The reference ${input.reference} was used for another adjustment (${error.amount} on another card or amount); nothing was booked.`);
      }
      if (error.code === 'BALANCE_TOO_LOW') {
        throw new OperatorError(
          `The balance of ${masked} is ${error.amount} ${locked.card.asset_code} (minor units): an adjustment of ${input.amount} would take it below zero; nothing was booked.`,
        );
      }
      throw error;
    }
  });
}
