import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { type SettledPayout, type Settlement, settlePayouts as settle } from '../payout-batches/settle-payouts.js';
import { operatorCommandActor } from './operator-name.js';
import { inOperatorWords } from './service-refusals.js';

export { PAYOUT_KEY, type SettledPayout, type Settlement } from '../payout-batches/settle-payouts.js';

/** `tessera payouts mark-paid|mark-failed|return ID…` (payout-batches/settle-payouts.ts), with the operator as the actor. */
export function settlePayouts(deps: { db: Db; crypto: Crypto; now: () => Date; operator?: string }, keys: readonly string[], settlement: Settlement): Promise<SettledPayout[]> {
  return inOperatorWords(settle(deps, keys, settlement, operatorCommandActor(deps)));
}
