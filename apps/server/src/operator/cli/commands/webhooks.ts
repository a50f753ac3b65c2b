import { WEBHOOK_EVENT_TYPES } from '../../../delivery/webhooks/events.js';
import { addWebhook, listWebhooks, removeWebhook, switchOnWebhook, webhookDeliveries, type WebhookListing } from '../../webhooks.js';
import { EXIT, UsageError } from '../context.js';
import { checkOneId, oneIdArgument } from '../id-argument.js';
import { minute, printListing } from '../table.js';
import { limitOf } from './outbox.js';
import type { CommandSpec } from './types.js';

/** What the commands' one id names, and the command that lists them. */
const WEBHOOK = { name: 'webhook', listedBy: 'tessera webhooks list' };

export const webhooksAdd: CommandSpec = {
  name: 'webhooks add',
  summary: 'send a brand’s events to a URL, signed (prints the signing secret once)',
  help: `Usage: tessera webhooks add --brand CODE --url URL [--events a,b]

Adds a webhook endpoint: the brand's events are POSTed to URL as JSON {type, timestamp, data},
signed as Standard Webhooks prescribes (headers webhook-id, webhook-timestamp, webhook-signature).
Prints the endpoint's id and its signing secret (whsec_…) once: give the secret to whoever runs
the receiver, which verifies every delivery with it. A delivery that is not answered with a 2xx is
retried for more than three days. In production the URL must be https and may not resolve to a
loopback, private or reserved address. See docs/brand-api.md.

Events: ${WEBHOOK_EVENT_TYPES.join(', ')}.

Options:
  --brand CODE    the brand's code (tessera brands list)
  --url URL       where to POST the events
  --events LIST   only these events, comma-separated (default: all of them)
  -h, --help      show this help`,
  options: { brand: { type: 'string' }, url: { type: 'string' }, events: { type: 'string' } },
  check({ values, positionals }) {
    if (positionals.length > 0) throw new UsageError('webhooks add takes no arguments: tessera webhooks add --brand CODE --url URL');
    if (typeof values.brand !== 'string' || values.brand === '') throw new UsageError('webhooks add needs --brand CODE');
    if (typeof values.url !== 'string' || values.url === '') throw new UsageError('webhooks add needs --url URL');
    if (values.events !== undefined && eventsOf(values.events).length === 0) throw new UsageError('webhooks add: --events needs at least one event type');
  },
  async run(ctx, { values }) {
    const added = await addWebhook(
      { ...ctx, production: ctx.config.isProduction },
      { brandCode: values.brand as string, url: values.url as string, ...(values.events !== undefined && { events: eventsOf(values.events) }) },
    );
    ctx.io.out(`Added webhook ${added.id} for brand ${added.brand}: ${added.url}`);
    ctx.io.out(`Events: ${added.events === 'all' ? 'all' : added.events.join(', ')}`);
    ctx.io.out(`Signing secret (shown this once): ${added.secret}`);
    return EXIT.ok;
  },
};

function eventsOf(value: unknown): string[] {
  return String(value)
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
}

export const webhooksList: CommandSpec = {
  name: 'webhooks list',
  summary: 'list webhook endpoints with their state (active, failing, switched off, removed)',
  help: `Usage: tessera webhooks list [--brand CODE] [--json]

Lists every webhook endpoint, oldest first: id, brand, URL, events, when added, its state and
how many deliveries wait for it and how many it missed. The state is "active"; "failing since T"
(no delivery since T; it is still tried, one delivery at a time, resting after each failure);
"switched off T" (it failed for 5 days without a delivery: nothing is sent to it until
"tessera webhooks switch-on ID"); or "removed T". MISSED counts deliveries that failed and can
still be sent (their content is kept OUTBOX_FAILED_CONTENT_DAYS). Secrets are never shown.

Options:
  --brand CODE   only this brand's endpoints
  --json         print the list as JSON
  -h, --help     show this help`,
  options: { brand: { type: 'string' }, json: { type: 'boolean' } },
  check({ positionals }) {
    if (positionals.length > 0) throw new UsageError('webhooks list takes no arguments; filter with --brand');
  },
  async run(ctx, { values }) {
    const hooks = await listWebhooks(ctx, values.brand as string | undefined);
    printListing(ctx.io, hooks, {
      json: values.json,
      none: 'No webhooks.',
      header: ['ID', 'BRAND', 'URL', 'EVENTS', 'ADDED', 'STATE', 'WAITING', 'MISSED'],
      row: (h) => [h.id, h.brand, h.url, h.events === 'all' ? 'all' : h.events.join(','), minute(h.createdAt), stateOf(h), String(h.waiting), String(h.missed)],
      right: [6, 7],
    });
    return EXIT.ok;
  },
};

function stateOf(hook: WebhookListing): string {
  switch (hook.health.state) {
    case 'active':
      return 'active';
    case 'failing':
      return `failing since ${minute(hook.health.since)}`;
    case 'switched_off':
      return `switched off ${minute(hook.health.since)}`;
    case 'removed':
      return `removed ${minute(hook.health.since)}`;
  }
}

export const webhooksSwitchOn: CommandSpec = {
  name: 'webhooks switch-on',
  summary: 'switch a switched-off webhook endpoint on again and resend what it missed',
  help: `Usage: tessera webhooks switch-on ID

An endpoint that failed for 5 days without one delivery is switched off: nothing is sent to it
and its events are kept, unsent ("tessera webhooks list" shows it, with how many it missed).
Once the receiver works again, this switches it on: it receives events again, and the missed
deliveries whose content is still held (OUTBOX_FAILED_CONTENT_DAYS) are sent again, oldest
first. Audited (webhook.switch_on). An endpoint that is not switched off is left as it is.

Options:
  -h, --help   show this help`,
  options: {},
  check: oneIdArgument('webhooks switch-on', WEBHOOK),
  async run(ctx, { positionals }) {
    const id = positionals[0]!;
    const { switchedOn, requeued } = await switchOnWebhook({ ...ctx, production: ctx.config.isProduction }, id);
    ctx.io.out(switchedOn ? `Switched webhook ${id} on; ${requeued} missed deliver${requeued === 1 ? 'y' : 'ies'} will be sent again.` : `Webhook ${id} is not switched off; nothing changed.`);
    return EXIT.ok;
  },
};

export const webhooksRemove: CommandSpec = {
  name: 'webhooks remove',
  summary: 'stop sending to a webhook endpoint (its history stays)',
  help: `Usage: tessera webhooks remove ID

Stops the endpoint: nothing more is sent to it, including events already queued for it. Its
delivery history stays ("tessera webhooks deliveries ID").

Options:
  -h, --help   show this help`,
  options: {},
  check: oneIdArgument('webhooks remove', WEBHOOK),
  async run(ctx, { positionals }) {
    const { removed } = await removeWebhook({ ...ctx, production: ctx.config.isProduction }, positionals[0]!);
    ctx.io.out(removed ? `Removed webhook ${positionals[0]!}.` : `Webhook ${positionals[0]!} was removed before; nothing changed.`);
    return EXIT.ok;
  },
};

export const webhooksDeliveries: CommandSpec = {
  name: 'webhooks deliveries',
  summary: 'the delivery attempts of one webhook endpoint, newest first',
  help: `Usage: tessera webhooks deliveries ID [--limit N] [--json]

Lists the endpoint's delivery attempts, newest first: when, event type and id, attempt number,
the HTTP status the receiver answered, the outcome, why it failed, and how long it took. An event
still waiting for its next attempt shows in "tessera outbox list".

Options:
  --limit N   at most N attempts (default 100)
  --json      print them as JSON
  -h, --help  show this help`,
  options: { limit: { type: 'string' }, json: { type: 'boolean' } },
  check({ values, positionals }) {
    checkOneId('webhooks deliveries', positionals, WEBHOOK);
    limitOf(values.limit);
  },
  async run(ctx, { values, positionals }) {
    const deliveries = await webhookDeliveries(ctx, positionals[0]!, limitOf(values.limit));
    printListing(ctx.io, deliveries, {
      json: values.json,
      none: 'No deliveries yet.',
      header: ['WHEN', 'EVENT', 'EVENT ID', 'ATTEMPT', 'STATUS', 'OUTCOME', 'ERROR', 'MS'],
      row: (d) => [minute(d.created_at), d.event_type, d.event_id, String(d.attempt), d.status_code === null ? '-' : String(d.status_code), d.outcome, d.error ?? '-', String(d.duration_ms)],
      right: [3, 7],
    });
    return EXIT.ok;
  },
};
