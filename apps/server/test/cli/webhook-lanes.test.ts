import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { findBrandByCode } from '../../src/db/repositories/brands.js';
import { recordWebhookEvent } from '../../src/delivery/webhooks/events.js';
import type { WebhookLaneLimits } from '../../src/delivery/worker.js';
import { webhookWorker } from '../helpers/webhook-worker.js';
import { useCliTest } from './support.js';

// The webhook lane (docs/decisions/039): per endpoint a few deliveries at a time and one event
// of a card at a time; a failing endpoint's own backoff and single probe; switching off after 5
// days of failures, shown in `webhooks list`, and `webhooks switch-on` sending what was missed.

const c = useCliTest();
const SECOND = 1000;
const DAY = 86_400_000;

interface Arrival {
  type: string;
  data: { card?: string; n?: number };
}

/** A receiver: answers `status` after `delayMs`; notes what arrived and how many were in flight at once. */
class Receiver {
  status = 200;
  delayMs = 0;
  /** Never ends its answer (headers, then a byte now and then). */
  trickle = false;
  readonly arrived: Arrival[] = [];
  inFlight = 0;
  mostInFlight = 0;
  /** A card's events overlapping at this receiver. */
  overlaps = 0;
  readonly #cards = new Set<string>();
  #server: Server | undefined;
  url = '';

  constructor(readonly shared: { inFlight: number; most: number }) {}

  async start(): Promise<void> {
    this.#server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const event = JSON.parse(body) as Arrival;
        this.arrived.push(event);
        const card = event.data.card;
        if (card !== undefined) {
          if (this.#cards.has(card)) this.overlaps += 1;
          this.#cards.add(card);
        }
        this.inFlight += 1;
        this.shared.inFlight += 1;
        this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
        this.shared.most = Math.max(this.shared.most, this.shared.inFlight);
        const finish = () => {
          this.inFlight -= 1;
          this.shared.inFlight -= 1;
          if (card !== undefined) this.#cards.delete(card);
        };
        if (this.trickle) {
          response.writeHead(200);
          response.flushHeaders();
          const drip = setInterval(() => response.write('.'), 200);
          response.on('close', () => {
            clearInterval(drip);
            finish();
          });
          return;
        }
        setTimeout(() => {
          finish();
          response.writeHead(this.status).end();
        }, this.delayMs);
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}/hooks`;
  }

  stop(): Promise<void> {
    this.#server?.closeAllConnections();
    return new Promise((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}

const shared = { inFlight: 0, most: 0 };
const receivers: Receiver[] = [];
afterAll(async () => {
  for (const r of receivers) await r.stop();
});

async function receiver(): Promise<Receiver> {
  const r = new Receiver(shared);
  await r.start();
  receivers.push(r);
  return r;
}

beforeEach(async () => {
  // Each test has its own endpoints and outbox.
  await c.t.db.deleteFrom('outbox_messages').where('channel', '=', 'webhook').execute();
  await c.t.db.updateTable('webhook_endpoints').set({ removed_at: new Date().toISOString() }).where('removed_at', 'is', null).execute();
  shared.most = 0;
});

async function addEndpoint(brand: 'DEMO' | 'ACME', url: string): Promise<string> {
  const added = await c.cli('webhooks', 'add', '--brand', brand, '--url', url);
  expect(added.code, added.stderr).toBe(0);
  return /Added webhook ([0-9a-f-]{36})/.exec(added.stdout)![1]!;
}

async function queue(brand: 'DEMO' | 'ACME', data: Arrival['data'], at: Date): Promise<void> {
  const brandId = (await findBrandByCode(c.t.db, brand))!.id;
  await c.t.db
    .transaction()
    .execute((trx) => recordWebhookEvent(trx, c.t.deps.crypto, { brandId, type: 'card.blocked', data, ...(data.card !== undefined && { cardId: `card-${data.card}` }) }, at.toISOString()));
}

/** One worker round for webhooks at the time given, as the server runs it (outside production). */
async function deliverAt(now: Date, options: { limits?: WebhookLaneLimits; timeoutMs?: number } = {}) {
  const worker = webhookWorker({ db: c.t.db, crypto: c.t.deps.crypto, now: () => now, ...options });
  const result = await worker.runOnce();
  await worker.stop();
  return result;
}

const endpointRow = (id: string) => c.t.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const listLine = async (id: string) => (await c.cli('webhooks', 'list')).stdout.split('\n').find((line) => line.startsWith(id)) ?? '';

describe('the webhook lane', () => {
  it('sends one endpoint at most 2 events at once, a card’s events one at a time in order, and at most `total` in all', async () => {
    const a = await receiver();
    const b = await receiver();
    // Long enough that every slot the limits allow is taken before the first answer comes.
    a.delayMs = 400;
    b.delayMs = 400;
    await addEndpoint('DEMO', a.url);
    await addEndpoint('ACME', b.url);
    const now = new Date();
    for (const [card, n] of [['x', 0], ['x', 1], ['y', 0], ['x', 2], ['z', 0], ['y', 1], ['w', 0]] as const) await queue('DEMO', { card, n }, now);
    for (let n = 0; n < 4; n++) await queue('ACME', { card: `acme-${n}`, n }, now);

    expect(await deliverAt(now, { limits: { perEndpoint: 2, total: 3 } })).toEqual({ sent: 11, retried: 0, failed: 0 });
    expect(a.arrived).toHaveLength(7);
    expect(b.arrived).toHaveLength(4);
    expect(a.mostInFlight).toBe(2);
    expect(b.mostInFlight).toBeLessThanOrEqual(2);
    expect(shared.most).toBe(3);
    expect(a.overlaps).toBe(0);
    expect(a.arrived.filter((e) => e.data.card === 'x').map((e) => e.data.n)).toEqual([0, 1, 2]);
    expect(a.arrived.filter((e) => e.data.card === 'y').map((e) => e.data.n)).toEqual([0, 1]);
  });

  it('rests a failing endpoint on its own backoff and probes it one event at a time; another endpoint is not held up', async () => {
    const failing = await receiver();
    const fine = await receiver();
    failing.status = 500;
    const failingId = await addEndpoint('DEMO', failing.url);
    await addEndpoint('ACME', fine.url);
    const t0 = new Date();
    for (let n = 0; n < 3; n++) {
      await queue('DEMO', { n }, t0);
      await queue('ACME', { n }, t0);
    }

    // Two go to the failing endpoint at once (it was healthy); both fail, and it rests 2 s.
    expect(await deliverAt(t0)).toEqual({ sent: 3, retried: 2, failed: 0 });
    expect(fine.arrived).toHaveLength(3);
    expect(failing.arrived).toHaveLength(2);
    expect(await endpointRow(failingId)).toMatchObject({ consecutive_failures: 2, failing_since: t0.toISOString(), paused_until: new Date(t0.getTime() + 2 * SECOND).toISOString() });
    expect(await listLine(failingId)).toMatch(/failing since \d{4}-\d\d-\d\d \d\d:\d\dZ\s+3\s+0$/);

    // Resting: its third event (never tried) waits.
    expect(await deliverAt(new Date(t0.getTime() + 1 * SECOND))).toEqual({ sent: 0, retried: 0, failed: 0 });
    // Then one probe at a time: it fails again and rests 4 s.
    expect(await deliverAt(new Date(t0.getTime() + 2 * SECOND))).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(failing.arrived).toHaveLength(3);
    expect((await endpointRow(failingId)).consecutive_failures).toBe(3);

    // It recovers: the probe goes through, the endpoint is healthy, and the rest follows at once.
    failing.status = 204;
    expect(await deliverAt(new Date(t0.getTime() + 6 * SECOND))).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(await endpointRow(failingId)).toMatchObject({ consecutive_failures: 0, failing_since: null, paused_until: null, switched_off_at: null });
    expect(await listLine(failingId)).toMatch(/\sactive\s+1\s+0$/);
  });

  it('cuts off an answer still trickling in at the deadline, as a failure of that endpoint only', async () => {
    const slow = await receiver();
    slow.trickle = true;
    const slowId = await addEndpoint('DEMO', slow.url);
    await queue('DEMO', { n: 0 }, new Date());
    const started = Date.now();
    expect(await deliverAt(new Date(), { timeoutMs: 1500 })).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await c.cli('webhooks', 'deliveries', slowId)).stdout).toMatch(/card\.blocked\s+msg_\w+\s+1\s+-\s+failed\s+no answer within 1\.5 s/);
    expect((await endpointRow(slowId)).consecutive_failures).toBe(1);
  });

  it('gives up a send in flight when the worker stops: tried again later, not counted against the endpoint', async () => {
    const slow = await receiver();
    slow.trickle = true;
    const slowId = await addEndpoint('DEMO', slow.url);
    await queue('DEMO', { n: 0 }, new Date());
    const worker = webhookWorker({ db: c.t.db, crypto: c.t.deps.crypto, timeoutMs: 15_000 });
    worker.start();
    for (let i = 0; i < 100 && slow.inFlight === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(slow.inFlight).toBe(1);
    const stopping = Date.now();
    await worker.stop();
    expect(Date.now() - stopping).toBeLessThan(2000);
    const message = await c.t.db.selectFrom('outbox_messages').selectAll().where('endpoint_id', '=', slowId).executeTakeFirstOrThrow();
    expect(message).toMatchObject({ status: 'pending', attempts: 1, last_error: 'interrupted: the server stopped', lease_until: null });
    expect(message.payload_ciphertext).not.toBeNull();
    expect(await endpointRow(slowId)).toMatchObject({ consecutive_failures: 0, failing_since: null });
    expect(await c.t.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', slowId).execute()).toEqual([]);
  });
});

describe('switching an endpoint off and on', () => {
  it('switches off an endpoint that failed for 5 days, holds its events unsent, and switch-on sends what it missed', async () => {
    const broken = await receiver();
    broken.status = 503;
    const id = await addEndpoint('DEMO', broken.url);
    const t0 = new Date();
    await queue('DEMO', { n: 0 }, t0);
    expect(await deliverAt(t0)).toEqual({ sent: 0, retried: 1, failed: 0 });

    // Nearly 5 days of failures: still tried.
    const almost = new Date(t0.getTime() + 5 * DAY - 60 * SECOND);
    expect(await deliverAt(almost)).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await endpointRow(id)).switched_off_at).toBeNull();

    // Five days on, another failure switches it off, audited as the system's doing.
    const t5 = new Date(t0.getTime() + 5 * DAY);
    await queue('DEMO', { n: 1 }, t5);
    const arrivedBefore = broken.arrived.length;
    expect(await deliverAt(t5)).toMatchObject({ sent: 0, retried: 1 });
    expect(broken.arrived).toHaveLength(arrivedBefore + 1);
    expect((await endpointRow(id)).switched_off_at).toBe(t5.toISOString());
    expect((await c.cli('audit', 'list', '--type', 'webhook.switch_off')).stdout).toMatch(/webhook\.switch_off\s+switched_off/);
    // Both events wait (the first for its next attempt), none was missed yet.
    expect(await listLine(id)).toMatch(/switched off \d{4}-\d\d-\d\d \d\d:\d\dZ\s+2\s+0$/);

    // Switched off: what is due is held, unsent, with its content kept; new events too.
    await queue('DEMO', { n: 2 }, t5);
    expect(await deliverAt(new Date(t5.getTime() + 10 * 60 * SECOND))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(broken.arrived).toHaveLength(arrivedBefore + 1);
    const held = await c.t.db.selectFrom('outbox_messages').selectAll().where('endpoint_id', '=', id).execute();
    expect(held).toHaveLength(3);
    for (const m of held) expect(m).toMatchObject({ status: 'failed', last_error: 'the webhook endpoint is switched off' });
    for (const m of held) expect(m.payload_ciphertext).not.toBeNull();
    expect(await listLine(id)).toMatch(/switched off .*\s+0\s+3$/);

    // The receiver is fixed; the operator switches the endpoint on: audited, and all three go out.
    broken.status = 200;
    expect(await c.cli('webhooks', 'switch-on', id)).toMatchObject({ code: 0, stdout: `Switched webhook ${id} on; 3 missed deliveries will be sent again.` });
    expect(await c.cli('webhooks', 'switch-on', id)).toMatchObject({ code: 0, stdout: `Webhook ${id} is not switched off; nothing changed.` });
    expect((await c.cli('audit', 'list', '--type', 'webhook.switch_on')).stdout).toMatch(/webhook\.switch_on\s+switched_on/);
    const later = new Date(t5.getTime() + DAY);
    expect(await deliverAt(later)).toEqual({ sent: 3, retried: 0, failed: 0 });
    expect(broken.arrived.slice(-3).map((e) => e.data.n).sort()).toEqual([0, 1, 2]);
    expect(await listLine(id)).toMatch(/\sactive\s+0\s+0$/);
  });

  it('refuses to switch on an unknown or removed endpoint, and changes nothing', async () => {
    const r = await receiver();
    const id = await addEndpoint('DEMO', r.url);
    expect((await c.cli('webhooks', 'switch-on', id)).stdout).toBe(`Webhook ${id} is not switched off; nothing changed.`);
    expect(await c.cli('webhooks', 'remove', id)).toMatchObject({ code: 0 });
    const removed = await c.cli('webhooks', 'switch-on', id);
    expect(removed.code).toBe(1);
    expect(removed.stderr).toContain(`Webhook ${id} was removed; it cannot be switched on.`);
    const unknown = await c.cli('webhooks', 'switch-on', '00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no webhook with id');
    expect((await c.cli('webhooks', 'switch-on')).code).toBe(2);
    const help = await c.cli('webhooks', 'switch-on', '--help');
    expect(help).toMatchObject({ code: 0 });
    expect(help.stdout).toContain('Usage: tessera webhooks switch-on ID');
  });
});
