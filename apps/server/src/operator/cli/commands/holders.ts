import { eraseHolder, exportHolder } from '../../holders.js';
import { cardNumberArgument } from '../card-number-argument.js';
import { EXIT, UsageError } from '../context.js';
import { minute } from '../table.js';
import type { CommandSpec, ParsedArgs } from './types.js';

const needsNumber = (name: string) => (args: ParsedArgs) => {
  if (args.positionals.length === 0) throw new UsageError(`${name} needs the card number: tessera ${name} NUMBER`);
};

export const holdersExport: CommandSpec = {
  name: 'holders export',
  summary: 'everything held about a Visa cardholder, as JSON (access request)',
  help: `Usage: tessera holders export NUMBER

Prints, as JSON, everything Tessera holds about the holder of this Visa card, for a data subject
access request: the holder data decrypted (name, phone, e-mail, address, birth data,
nationality), and the card as "tessera cards show" reports it (balances, ledger, messages with
masked recipients, audit trail). Not the PIN (a credential). Audited (holder.export). The output
holds personal data: send it to the cardholder only, and do not keep it.

Options:
  -h, --help   show this help`,
  options: {},
  check: needsNumber('holders export'),
  async run(ctx, args) {
    ctx.io.out(JSON.stringify(await exportHolder(ctx, cardNumberArgument('holders export', args)), null, 2));
    return EXIT.ok;
  },
};

export const holdersErase: CommandSpec = {
  name: 'holders erase',
  summary: 'erase a Visa cardholder’s personal data (deletion request)',
  help: `Usage: tessera holders erase NUMBER

For a data deletion request: erases the holder's name, phone, e-mail, address, birth data and
nationality, and the content of messages still queued to them. Kept: the ledger, the masked card
references and the audit trail (the issuer's books). Afterwards the card cannot be activated or
recovered by SMS (no phone number); an active card keeps working with its passcode. Running it
again changes nothing. Audited (holder.erase).

Options:
  -h, --help   show this help`,
  options: {},
  check: needsNumber('holders erase'),
  async run(ctx, args) {
    const result = await eraseHolder(ctx, cardNumberArgument('holders erase', args));
    ctx.io.out(
      result.erased
        ? `Erased the holder data of ${result.maskedNumber}${result.messagesErased > 0 ? ` and ${result.messagesErased} queued message${result.messagesErased === 1 ? '' : 's'}` : ''}.`
        : `The holder data of ${result.maskedNumber} was erased before (${minute(result.erasedAt)}); nothing changed.`,
    );
    return EXIT.ok;
  },
};
