import { unlockCard } from '../../unlock-card.js';
import { EXIT, UsageError } from '../context.js';
import { cardNumberArgument } from '../card-number-argument.js';
import type { CommandSpec } from './types.js';

export const cardsUnlock: CommandSpec = {
  name: 'cards unlock',
  summary: 'lift the lock on a card after too many wrong codes',
  help: `Usage: tessera cards unlock NUMBER

After 100 wrong secrets in a row a card refuses self-service until the operator unlocks it; after
every 5 it waits (30 minutes, then 2 hours, then 24 hours). This lifts the lock, ends a running wait and resets the count of
wrong attempts. The card number may be written with spaces ("6064 0000 0000 0000 101" or
6064 0000 0000 0000 101). A blocked (replaced) card stays blocked.

Options:
  -h, --help   show this help`,
  options: {},
  check({ positionals }) {
    if (positionals.length === 0) throw new UsageError('cards unlock needs the card number: tessera cards unlock NUMBER');
  },
  async run(ctx, { positionals }) {
    const number = cardNumberArgument('cards unlock', { positionals, values: {} });
    const result = await unlockCard(ctx, number);
    const card = `${result.kind} card ${result.maskedNumber} of brand ${result.brandCode}`;
    const cleared = `${result.failedAttempts} wrong attempt${result.failedAttempts === 1 ? '' : 's'} cleared`;
    if (result.wasOperatorLocked) ctx.io.out(`Unlocked ${card}: it was locked; ${cleared}.`);
    else if (result.wasCoolingDownUntil) ctx.io.out(`Unlocked ${card}: it was waiting until ${result.wasCoolingDownUntil}; ${cleared}.`);
    else ctx.io.out(`The ${card} was not locked; ${cleared}.`);
    if (result.state === 'blocked') ctx.io.out('Note: the card is blocked (replaced or stopped); self-service still refuses it.');
    return EXIT.ok;
  },
};
