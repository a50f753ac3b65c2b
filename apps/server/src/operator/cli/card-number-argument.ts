import { OperatorError } from '../operator-error.js';
import { UsageError } from './context.js';
import type { ParsedArgs } from './commands/types.js';

/**
 * The card number of a command line: unquoted, its groups arrive as separate arguments
 * ("6064 0000 0000 0000 101" and 6064 0000 0000 0000 101 both work). The use case checks it further.
 */
export function cardNumberArgument(command: string, { positionals }: ParsedArgs): string {
  if (positionals.length === 0) throw new UsageError(`${command} needs the card number: tessera ${command} NUMBER`);
  const number = positionals.join('');
  if (!/^[\d\s-]+$/.test(number)) throw new OperatorError('That is not a card number: use digits only (spaces are fine).');
  return number;
}
