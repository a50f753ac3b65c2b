import { adjustBalance } from '../../adjust-balance.js';
import { expireBalances } from '../../expire-balances.js';
import { plainText } from '@tessera/contracts';
import { BLOCK_REASONS, type BlockReason } from '@tessera/contracts/admin';
import { blockCard, unblockCard } from '../../block-card.js';
import { cardNumberArgument } from '../card-number-argument.js';
import { findCards, showCard } from '../../show-card.js';
import { EXIT, UsageError } from '../context.js';
import { counted, minute, money, printListing, printTable } from '../table.js';
import type { CommandSpec } from './types.js';

const NUMBER_HELP = 'The card number may be written with spaces ("6064 0000 0000 0000 101" or 6064 0000 0000 0000 101).';

export const cardsShow: CommandSpec = {
  name: 'cards show',
  summary: 'everything about one card: state, balances, ledger, payouts, messages, audit',
  help: `Usage: tessera cards show NUMBER [--json]

Shows one card: brand, kind, state, masked number, expiry, block (since when, why), balances per
asset, the guessing counters and a running wait or lock, every ledger entry, the card it replaced
or was replaced by, payouts (IBAN hint only), registration, messages sent (masked recipients), and
the last 50 audit events. ${NUMBER_HELP} Shows no secret, name, IBAN or address.

Options:
  --json       print it as JSON
  -h, --help   show this help`,
  options: { json: { type: 'boolean' } },
  check(args) {
    if (args.positionals.length === 0) throw new UsageError('cards show needs the card number: tessera cards show NUMBER');
  },
  async run(ctx, args) {
    const card = await showCard(ctx, cardNumberArgument('cards show', args));
    if (args.values.json) {
      ctx.io.out(JSON.stringify(card, null, 2));
      return EXIT.ok;
    }
    const out = (label: string, value: string) => ctx.io.out(`${label.padEnd(14)}${value}`);
    out('card', `${card.masked} (${card.kind}, brand ${card.brand})`);
    out('state', card.blocked ? `${card.state}, BLOCKED since ${minute(card.blocked.at)} (${card.blocked.reason})` : card.state);
    out('balance', card.balances.map((b) => money(b.balance, b.assetCode)).join(', '));
    out('expires', card.expiresAt ?? 'never');
    out('issued', minute(card.createdAt));
    const imp = card.imported;
    if (imp) out('imported', `${imp.source ?? 'a file'}${imp.line === null ? '' : `, line ${imp.line}`}${imp.by ? `, by ${imp.by}` : ''} (audit event ${imp.eventId})`);
    const g = card.guessing;
    out('guessing', `${g.failedAttempts} wrong in a row${g.operatorLocked ? '; LOCKED (tessera cards unlock)' : ''}${g.coolingDownUntil ? `; waiting until ${minute(g.coolingDownUntil)}` : ''}`);
    if (card.replaces) out('replaces', card.replaces);
    if (card.replacedBy) out('replaced by', card.replacedBy);
    if (card.registeredAt) out('registered', minute(card.registeredAt));
    if (card.paidOutAt) out('paid out', minute(card.paidOutAt));
    ctx.io.out('');
    ctx.io.out(`Ledger (${card.ledger.length}):`);
    if (card.ledger.length > 0) printTable(ctx.io, [['WHEN', 'KIND', 'AMOUNT', 'REFERENCE'], ...card.ledger.map((e) => [minute(e.at), e.kind, money(e.amount, e.assetCode), e.reference])], [2]);
    ctx.io.out('');
    ctx.io.out(`Payouts (${card.payouts.length}):`);
    if (card.payouts.length > 0) printTable(ctx.io, [['ID', 'WHEN', 'STATUS', 'AMOUNT', 'FEE', 'IBAN'], ...card.payouts.map((p) => [p.id, minute(p.at), p.status, money(p.amount, p.assetCode), money(p.fee, p.assetCode), p.ibanHint])]);
    ctx.io.out('');
    ctx.io.out(`Messages (${card.messages.length}):`);
    if (card.messages.length > 0) printTable(ctx.io, [['ID', 'WHEN', 'CHANNEL', 'PURPOSE', 'STATUS', 'RECIPIENT'], ...card.messages.map((m) => [m.id, minute(m.at), m.channel, m.purpose, m.status, m.recipientHint])]);
    ctx.io.out('');
    ctx.io.out(`Audit, newest first (${card.audit.length}${card.audit.length === 50 ? '; "tessera audit list --card NUMBER --limit N" for more' : ''}):`);
    if (card.audit.length > 0) {
      printTable(ctx.io, [['WHEN', 'TYPE', 'OUTCOME', 'FLOW', 'WHO', 'DETAIL'], ...card.audit.map((e) => [minute(e.occurred_at), e.type, e.outcome, e.flow_type ?? '-', e.client ?? '-', (e.detail ?? '-').slice(0, 80)])]);
    }
    return EXIT.ok;
  },
};

export const cardsFind: CommandSpec = {
  name: 'cards find',
  summary: 'find a brand’s cards by the last three digits of their number',
  help: `Usage: tessera cards find --brand CODE --last DIGITS [--json]

Lists the cards of a brand whose number ends in these three digits (what the masked number shows,
XXXXXXXXXXXXXXXX101), with kind, state, block and balance: for a cardholder who cannot read out
the whole number. At most 50. Then "tessera cards show" needs the full number.

Options:
  --brand CODE    the brand's code (tessera brands list)
  --last DIGITS   the last three digits of the card number
  --json          print the cards as JSON
  -h, --help      show this help`,
  options: { brand: { type: 'string' }, last: { type: 'string' }, json: { type: 'boolean' } },
  check({ values, positionals }) {
    if (positionals.length > 0) throw new UsageError('cards find takes no arguments: tessera cards find --brand CODE --last DIGITS');
    if (typeof values.brand !== 'string' || values.brand === '') throw new UsageError('cards find needs --brand CODE');
    if (typeof values.last !== 'string' || !/^\d{3}$/.test(values.last)) throw new UsageError('cards find needs --last with the last three digits of the number');
  },
  async run(ctx, { values }) {
    const cards = await findCards(ctx, values.brand as string, values.last as string);
    const listed = printListing(ctx.io, cards, {
      json: values.json,
      none: `No card of brand ${values.brand as string} ends in ${values.last as string}.`,
      header: ['CARD', 'KIND', 'STATE', 'BALANCE', 'ISSUED'],
      row: (c) => [c.masked, c.kind, c.blocked ? `${c.state}, blocked` : c.state, c.balances.map((b) => money(b.balance, b.assetCode)).join(', '), minute(c.createdAt)],
    });
    if (listed) ctx.io.out(`${counted(cards.length, 'card')}${cards.length === 50 ? ' (the first 50)' : ''}.`);
    return EXIT.ok;
  },
};

export const cardsBlock: CommandSpec = {
  name: 'cards block',
  summary: 'stop a lost or stolen card (every flow refuses it; REPLACE stays possible)',
  help: `Usage: tessera cards block NUMBER --reason lost|stolen|fraud|other

Stops a card: every self-service flow then answers it as an unknown card would (balance, Visa
login, PIN, payout, reset, registration). REPLACE stays possible for its owner (who has the
security code) when the brand offers it, so the balance can move to a new card, except for a card
blocked for fraud. Blocking a blocked card changes nothing. "tessera cards unblock" undoes it.
${NUMBER_HELP}

Options:
  --reason R   lost, stolen, fraud or other (required)
  -h, --help   show this help`,
  options: { reason: { type: 'string' } },
  check(args) {
    if (args.positionals.length === 0) throw new UsageError('cards block needs the card number: tessera cards block NUMBER --reason R');
    if (!BLOCK_REASONS.includes(args.values.reason as BlockReason)) throw new UsageError(`cards block needs --reason, one of ${BLOCK_REASONS.join(', ')}`);
  },
  async run(ctx, args) {
    const result = await blockCard(ctx, cardNumberArgument('cards block', args), args.values.reason as BlockReason);
    ctx.io.out(
      result.changed
        ? `Blocked ${result.kind} card ${result.maskedNumber} (${result.reason}): self-service refuses it${result.reason === 'fraud' ? ', REPLACE too' : '; REPLACE can still move its balance to a new card'}.`
        : `The ${result.kind} card ${result.maskedNumber} was already blocked since ${minute(result.blockedAt)} (${result.reason}); nothing changed.`,
    );
    return EXIT.ok;
  },
};

export const cardsUnblock: CommandSpec = {
  name: 'cards unblock',
  summary: 'let a blocked card work again in the state it had',
  help: `Usage: tessera cards unblock NUMBER

Lifts a block set by "tessera cards block": the card works again in the state it had (an inactive
Visa card stays inactive; a replaced card stays replaced). ${NUMBER_HELP}

Options:
  -h, --help   show this help`,
  options: {},
  check(args) {
    if (args.positionals.length === 0) throw new UsageError('cards unblock needs the card number: tessera cards unblock NUMBER');
  },
  async run(ctx, args) {
    const result = await unblockCard(ctx, cardNumberArgument('cards unblock', args));
    ctx.io.out(
      result.changed
        ? `Unblocked ${result.kind} card ${result.maskedNumber} (blocked since ${minute(result.blockedAt)}, ${result.reason}).`
        : `The ${result.kind} card ${result.maskedNumber} was not blocked; nothing changed.`,
    );
    return EXIT.ok;
  },
};

export const cardsAdjust: CommandSpec = {
  name: 'cards adjust',
  summary: 'correct a card’s balance with an adjustment ledger entry',
  help: `Usage: tessera cards adjust NUMBER --amount MINOR --reason TEXT [--reference REF]

Books one "adjustment" entry in the card's ledger, in minor units of the card's asset
(--amount -500 takes EUR 5.00 off, --amount 250 adds EUR 2.50). The balance never goes below zero.
With --reference the same correction run twice books once (another amount with the same
reference is refused). Audited as card.adjust with the reason, by operator.
This is the break-glass path: staff propose adjustments in the back office, where a second
person approves them (four eyes). ${NUMBER_HELP}

Options:
  --amount MINOR     a whole number of minor units, not 0 (negative takes off)
  --reason TEXT      why (kept in the audit trail; required)
  --reference REF    an id of this correction (a ticket number) that makes a repeat harmless
  -h, --help         show this help`,
  options: { amount: { type: 'string' }, reason: { type: 'string' }, reference: { type: 'string' } },
  check(args) {
    if (args.positionals.length === 0) throw new UsageError('cards adjust needs the card number: tessera cards adjust NUMBER --amount MINOR --reason TEXT');
    const amount = Number(args.values.amount);
    if (typeof args.values.amount !== 'string' || !/^-?\d{1,9}$/.test(args.values.amount) || amount === 0) {
      throw new UsageError('cards adjust needs --amount, a whole number of minor units other than 0 (-500 takes 5.00 off)');
    }
    if (typeof args.values.reason !== 'string' || args.values.reason.trim().length < 3) throw new UsageError('cards adjust needs --reason with why (at least 3 characters)');
    // The reason is kept in the audit trail and shown by `audit` and the back office.
    if (!plainText().safeParse(args.values.reason).success) throw new UsageError('cards adjust: --reason may not hold control characters (escape sequences, tabs, line breaks)');
    if (args.values.reference !== undefined && !/^[\w.:-]{1,64}$/.test(args.values.reference as string)) {
      throw new UsageError('cards adjust: --reference takes letters, digits and . _ : - (at most 64)');
    }
  },
  async run(ctx, args) {
    const result = await adjustBalance(ctx, cardNumberArgument('cards adjust', args), {
      amount: Number(args.values.amount),
      reason: (args.values.reason as string).trim(),
      reference: args.values.reference as string | undefined,
    });
    ctx.io.out(
      result.booked
        ? `Adjusted ${result.maskedNumber} by ${money(result.amount, result.assetCode)}: balance ${money(result.balanceBefore, result.assetCode)} → ${money(result.balanceAfter, result.assetCode)}.`
        : `This adjustment (${result.reference}) was booked before; balance ${money(result.balanceAfter, result.assetCode)}; nothing booked again.`,
    );
    return EXIT.ok;
  },
};

export const cardsExpireBalances: CommandSpec = {
  name: 'cards expire-balances',
  summary: 'book the balances of gift cards past their grace period as expired',
  help: `Usage: tessera cards expire-balances [--dry-run] [--json]

A gift card whose validity ended more than 365 days ago (the grace period; the portal then shows
the expired text) loses what it still holds: one "expiry" ledger entry per asset takes its
balance to zero, audited per card (card.expiry). Running it again books nothing more. Visa cards
are not touched. Prints each card (masked) and the totals per brand and asset.

Options:
  --dry-run    print what would be booked; book nothing
  --json       print the result as JSON
  -h, --help   show this help`,
  options: { 'dry-run': { type: 'boolean' }, json: { type: 'boolean' } },
  check({ positionals }) {
    if (positionals.length > 0) throw new UsageError('cards expire-balances takes no arguments');
  },
  async run(ctx, { values }) {
    const result = await expireBalances(ctx, { dryRun: values['dry-run'] === true });
    if (values.json) {
      ctx.io.out(JSON.stringify(result, null, 2));
      return EXIT.ok;
    }
    const verb = result.dryRun ? 'Dry run, nothing booked: would expire' : 'Expired';
    if (result.expired.length === 0) {
      ctx.io.out(`No balances past their grace period${result.dryRun ? ' (dry run)' : ''}.`);
      return EXIT.ok;
    }
    printTable(ctx.io, [['CARD', 'BRAND', 'EXPIRED', 'AMOUNT'], ...result.expired.map((e) => [e.card, e.brand, e.expiresAt.slice(0, 10), money(e.amount, e.assetCode)])], [3]);
    const totals = new Map<string, number>();
    for (const e of result.expired) totals.set(`${e.brand} ${e.assetCode}`, (totals.get(`${e.brand} ${e.assetCode}`) ?? 0) + e.amount);
    ctx.io.out(`${verb} ${result.expired.length} balance${result.expired.length === 1 ? '' : 's'}: ${[...totals].map(([key, sum]) => `${key.split(' ')[0]} ${money(sum, key.split(' ')[1]!)}`).join(', ')}.`);
    return EXIT.ok;
  },
};
