import { listAuditTrail } from '../../audit-trail.js';
import { EXIT, UsageError } from '../context.js';
import { counted, minute, printListing } from '../table.js';
import { limitOf } from './outbox.js';
import type { CommandSpec } from './types.js';

/** 2030-01-31 or 2030-01-31T10:00[:00[.000]]Z: what --since takes. */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z)?$/;

export const auditList: CommandSpec = {
  name: 'audit list',
  summary: 'list audit events by card, type and time',
  help: `Usage: tessera audit list [--card NUMBER] [--type TYPE] [--since DATE] [--limit N] [--json]

Lists audit events, newest first: when, type, outcome, brand, card (masked), flow, who (a
customer call's truncated address, or operator:NAME for a command), and detail. Events hold no
card number or secret. Answers "why was my code refused" (--card with the number the cardholder
gives: wrong_secret, refused_cooldown, refused_locked) and "who changed this" (operator:NAME).

Options:
  --card NUMBER   only this card's events (the number is found by its keyed index)
  --type TYPE     only this type (card.unlock), or types starting with it when it ends in a dot (card.)
  --since DATE    events at or after 2030-01-31 or 2030-01-31T10:00Z (UTC)
  --limit N       at most N events (default 100)
  --json          print the events as JSON
  -h, --help      show this help`,
  options: { card: { type: 'string' }, type: { type: 'string' }, since: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
  check({ values, positionals }) {
    if (positionals.length > 0) throw new UsageError('audit list takes no arguments; filter with --card, --type, --since');
    if (values.since !== undefined && (!ISO_MOMENT.test(values.since as string) || Number.isNaN(Date.parse(values.since as string)))) {
      throw new UsageError('audit list: --since takes a date (2030-01-31) or a UTC time (2030-01-31T10:00Z)');
    }
    if (values.type !== undefined && !/^[a-z_.]{1,64}$/.test(values.type as string)) throw new UsageError('audit list: --type takes an event type such as card.unlock, or a prefix such as card.');
    limitOf(values.limit);
  },
  async run(ctx, { values }) {
    const since = values.since === undefined ? undefined : new Date(Date.parse(values.since as string)).toISOString();
    const events = await listAuditTrail(ctx, { cardNumber: values.card as string | undefined, type: values.type as string | undefined, since, limit: limitOf(values.limit) });
    const listed = printListing(ctx.io, events, {
      json: values.json,
      asJson: ({ card_last3: _last3, card_id: _id, ...e }) => e,
      none: 'No audit events match.',
      header: ['WHEN', 'TYPE', 'OUTCOME', 'BRAND', 'CARD', 'FLOW', 'WHO', 'DETAIL'],
      row: (e) => [minute(e.occurred_at), e.type, e.outcome, e.brand_code ?? '-', e.card ?? '-', e.flow_type ?? '-', e.client ?? '-', (e.detail ?? '-').replace(/\s+/g, ' ').slice(0, 120)],
    });
    if (listed) ctx.io.out(`${counted(events.length, 'event')}.`);
    return EXIT.ok;
  },
};
