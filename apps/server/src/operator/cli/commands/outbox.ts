import { listMessages, OUTBOX_STATUSES, type OutboxStatus, retryMessage, showMessage } from '../../outbox-messages.js';
import { maskCardNumber } from '@tessera/contracts';
import { EXIT, UsageError } from '../context.js';
import { oneIdArgument } from '../id-argument.js';
import { counted, minute, printListing } from '../table.js';
import type { CommandSpec } from './types.js';

const card = (last3: string | null) => (last3 ? maskCardNumber(last3) : '-');
/** What the commands' one id names, and the command that lists them. */
const MESSAGE = { name: 'message', listedBy: 'tessera outbox list' };

export const outboxList: CommandSpec = {
  name: 'outbox list',
  summary: 'list e-mails and SMS messages: pending and failed ones by default',
  help: `Usage: tessera outbox list [--status pending|sent|failed] [--limit N] [--json]

Lists messages, newest first: id, when queued, channel, purpose, brand, card (masked), recipient
(masked: j***@example.nl, +31******01), status, attempts, the next attempt of a pending one, and the
last error (codes only). Without --status: the pending and failed ones, which are the ones to look
at. The content of a message is never shown.

Options:
  --status STATUS   only messages with this status
  --limit N         at most N messages (default 100)
  --json            print the list as JSON
  -h, --help        show this help`,
  options: { status: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
  check({ values, positionals }) {
    if (positionals.length > 0) throw new UsageError('outbox list takes no arguments; filter with --status');
    if (values.status !== undefined && !OUTBOX_STATUSES.includes(values.status as OutboxStatus)) {
      throw new UsageError(`outbox list: --status must be one of ${OUTBOX_STATUSES.join(', ')}`);
    }
    limitOf(values.limit);
  },
  async run(ctx, { values }) {
    const statuses = values.status ? [values.status as OutboxStatus] : (['pending', 'failed'] as const);
    const messages = await listMessages(ctx, statuses, limitOf(values.limit));
    const listed = printListing(ctx.io, messages, {
      json: values.json,
      asJson: ({ card_last3, ...m }) => ({ ...m, card: card_last3 ? maskCardNumber(card_last3) : null }),
      none: `No ${statuses.join(' or ')} messages.`,
      header: ['ID', 'QUEUED', 'CHANNEL', 'PURPOSE', 'BRAND', 'CARD', 'RECIPIENT', 'STATUS', 'ATTEMPTS', 'NEXT ATTEMPT', 'LAST ERROR'],
      row: (m) => [
        m.id,
        minute(m.created_at),
        m.channel,
        m.purpose,
        m.brand_code ?? '-',
        card(m.card_last3),
        m.recipient_hint,
        m.status,
        String(m.attempts),
        m.status === 'pending' ? minute(m.next_attempt_at) : '-',
        m.last_error ?? '-',
      ],
      right: [8],
    });
    if (listed) ctx.io.out(`${counted(messages.length, 'message')}.`);
    return EXIT.ok;
  },
};

/** --limit: 1 to 10 000, 100 when absent. */
export function limitOf(value: unknown): number {
  if (value === undefined) return 100;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10_000) throw new UsageError('--limit takes a whole number from 1 to 10000');
  return n;
}

export const outboxShow: CommandSpec = {
  name: 'outbox show',
  summary: 'show one message: status, attempts, errors, whether it can be retried',
  help: `Usage: tessera outbox show ID [--json]

Shows what Tessera knows of one message (never its content): channel, purpose, brand, card
(masked), recipient (masked), status, attempts, next attempt, last error, when it was sent and by
which adapter, and whether its encrypted content is still held (then "tessera outbox retry ID"
can send it again).

Options:
  --json       print it as JSON
  -h, --help   show this help`,
  options: { json: { type: 'boolean' } },
  check: oneIdArgument('outbox show', MESSAGE),
  async run(ctx, { positionals, values }) {
    const m = await showMessage(ctx, positionals[0]!);
    if (values.json) {
      const { card_last3, ...rest } = m;
      ctx.io.out(JSON.stringify({ ...rest, card: card_last3 ? maskCardNumber(card_last3) : null }, null, 2));
      return EXIT.ok;
    }
    const lines: [string, string][] = [
      ['id', m.id],
      ['channel', m.channel],
      ['purpose', m.purpose],
      ['brand', m.brand_code ?? '-'],
      ['card', card(m.card_last3)],
      ['recipient', m.recipient_hint],
      ['status', m.status],
      ['attempts', String(m.attempts)],
      ['queued', minute(m.created_at)],
      ['next attempt', m.status === 'pending' ? minute(m.next_attempt_at) : '-'],
      ['last error', m.last_error ?? '-'],
      ['sent', m.sent_at ? `${minute(m.sent_at)} via ${m.delivered_via}` : '-'],
      ['content', m.has_content ? 'held, encrypted (can be retried)' : 'erased'],
    ];
    for (const [label, value] of lines) ctx.io.out(`${label.padEnd(13)}${value}`);
    return EXIT.ok;
  },
};

export const outboxRetry: CommandSpec = {
  name: 'outbox retry',
  summary: 'send a pending or failed message again at the next round',
  help: `Usage: tessera outbox retry ID

Sends a message again within OUTBOX_POLL_INTERVAL_MS (2 s) of a running server:
  pending   waiting for its next attempt after temporary failures: it skips the wait (say, the
            relay is back)
  failed    given up after OUTBOX_MAX_ATTEMPTS: queued again from attempt 0, while its
            content is held (OUTBOX_FAILED_CONTENT_DAYS, 7 days)
Refused: a sent message; a message refused by the recipient's server (its content is erased at
once); an SMS whose one-time code no longer works (expired, used or replaced: the cardholder asks
for a new one); a lost replacement card e-mail whose content is erased ("tessera cards
resend-replacement" sends it anew). Audited as outbox.retry.

Options:
  -h, --help   show this help`,
  options: {},
  check: oneIdArgument('outbox retry', MESSAGE),
  async run(ctx, { positionals }) {
    const { message, from, wasDueAt } = await retryMessage(ctx, positionals[0]!);
    ctx.io.out(
      from === 'failed'
        ? `Queued ${message.channel} ${message.id} (${message.purpose} to ${message.recipient_hint}) again: a running server sends it within seconds.`
        : `${message.channel} ${message.id} (${message.purpose} to ${message.recipient_hint}) is due now instead of ${minute(wasDueAt)}: a running server sends it within seconds.`,
    );
    return EXIT.ok;
  },
};
