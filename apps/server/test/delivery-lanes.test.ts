import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { visaApi } from '@tessera/contracts';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app/build-app.js';
import { createDatabase, type Db, isPostgres } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import { findBrandByCode } from '../src/db/repositories/brands.js';
import { createOutboxWorker } from '../src/delivery/start.js';
import { recordWebhookEvent } from '../src/delivery/webhooks/events.js';
import type { OutboxWorker } from '../src/delivery/worker.js';
import { createLogger } from '../src/logger.js';
import { addWebhook } from '../src/operator/webhooks.js';
import { useTestApp } from './helpers/test-app.js';
import { webhookWorker } from './helpers/webhook-worker.js';
import { captcha, issueVisa } from './helpers/visa.js';

// Delivery lanes (docs/decisions/039): a webhook endpoint that answers its headers and then one
// byte a second (cut off only after WEBHOOK_TIMEOUT_SECONDS, 15 s) holds up neither a cardholder's
// SMS nor another brand's webhooks. The real server's worker (delivery/start.ts), real HTTP, real
// time; on PostgreSQL two servers (each its own database pool, app and worker) share the outbox.

const t = useTestApp();
const silent = createLogger({ logLevel: 'silent' });
const PROMPT_MS = 5000;

/** An endpoint on a free local port, answering as `answer` says; its `url` once started. */
abstract class LocalEndpoint {
  #server: Server | undefined;
  url = '';

  constructor(private readonly path: string) {}

  protected abstract answer(request: IncomingMessage, response: ServerResponse): void;

  async start(): Promise<void> {
    this.#server = createServer((request, response) => this.answer(request, response));
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}${this.path}`;
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}

/** Answers 200 with its headers at once, then one byte a second, and never ends. */
class Trickler extends LocalEndpoint {
  readonly requests: number[] = [];
  inFlight = 0;
  mostInFlight = 0;
  readonly #open = new Set<ServerResponse>();

  constructor() {
    super('/slow');
  }

  protected answer(request: IncomingMessage, response: ServerResponse): void {
    request.resume();
    this.requests.push(Date.now());
    this.inFlight += 1;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    this.#open.add(response);
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.flushHeaders();
    const drip = setInterval(() => response.write('.'), 1000);
    response.on('close', () => {
      clearInterval(drip);
      this.inFlight -= 1;
      this.#open.delete(response);
    });
  }
}

/** Answers 204 at once and notes when each event arrived. */
class Healthy extends LocalEndpoint {
  readonly arrived: { at: number; body: string }[] = [];

  constructor() {
    super('/hooks');
  }

  protected answer(request: IncomingMessage, response: ServerResponse): void {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      this.arrived.push({ at: Date.now(), body });
      response.writeHead(204).end();
    });
  }
}

/** Another server on the same database: its own pool, app and worker (PostgreSQL only). */
interface SecondServer {
  db: Db;
  built: BuiltApp;
  worker: OutboxWorker;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  // The trickler first: its connections close, so the workers' sends to it end at once.
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups.length = 0;
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('delivery lanes', () => {
  it('a trickling endpoint with 30 events queued delays neither an activation SMS nor another brand’s webhooks', { timeout: 60_000 }, async () => {
    const trickler = new Trickler();
    const healthy = new Healthy();
    await trickler.start();
    await healthy.start();
    const deps = { db: t.db, crypto: t.deps.crypto, now: () => new Date(), production: false };
    const slow = await addWebhook(deps, { brandCode: 'DEMO', url: trickler.url });
    await addWebhook(deps, { brandCode: 'ACME', url: healthy.url });
    const demo = (await findBrandByCode(t.db, 'DEMO'))!;
    const acme = (await findBrandByCode(t.db, 'ACME'))!;

    // The servers: this app's worker, and on PostgreSQL a second server on the same database.
    const workers: OutboxWorker[] = [createOutboxWorker(t.config, { db: t.db, crypto: t.deps.crypto, logger: silent, signal: t.deps.outbox })];
    let second: SecondServer | undefined;
    if (t.database.dialect === 'postgres') {
      const db = createDatabase(t.config.database);
      const built = await buildApp(t.config, { db, logger: silent });
      second = { db, built, worker: createOutboxWorker(t.config, { db, crypto: built.deps.crypto, logger: silent, signal: built.deps.outbox }) };
      workers.push(second.worker);
    }
    cleanups.push(async () => {
      if (second) {
        await second.built.app.close();
        await second.db.destroy();
      }
    });
    cleanups.push(async () => {
      for (const worker of workers) await worker.stop();
    });
    cleanups.push(() => healthy.stop());
    cleanups.push(() => trickler.stop());
    expect(t.config.webhooks.timeoutMs).toBe(15_000);

    // 30 events for the trickling endpoint, then the servers start sending.
    await t.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 30; i++) {
        await recordWebhookEvent(trx, t.deps.crypto, { brandId: demo.id, type: 'card.blocked', data: { n: i } }, new Date().toISOString());
      }
    });
    for (const worker of workers) worker.start();
    await until('the trickling endpoint is being sent to', async () => (trickler.inFlight > 0 ? true : undefined), PROMPT_MS);

    // A cardholder asks for the VISA activation code (on the second server when there is one).
    const card = await issueVisa(t);
    const app = second?.built.app ?? t.app;
    const asked = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: visaApi.requestActivationCode.build({ themeCode: 'demo' }),
      headers: { 'x-flow-type': 'VISA' },
      payload: { cardNumber: card.number, 'g-recaptcha-response': captcha, culture: 'nl' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sms = await until(
      'the activation SMS is delivered',
      () => t.db.selectFrom('outbox_messages').selectAll().where('card_id', '=', card.id).where('channel', '=', 'sms').where('status', '=', 'sent').executeTakeFirst(),
      PROMPT_MS,
    );
    expect(sms.purpose).toBe('activation_code');
    expect(Date.now() - asked).toBeLessThan(PROMPT_MS);
    const delivered = await t.db.selectFrom('local_mailbox').select('id').where('channel', '=', 'sms').execute();
    expect(delivered.length).toBeGreaterThan(0);

    // Another brand's event, queued now, reaches its healthy endpoint as promptly.
    const queued = Date.now();
    await t.db.transaction().execute((trx) => recordWebhookEvent(trx, t.deps.crypto, { brandId: acme.id, type: 'card.blocked', data: { healthy: true } }, new Date().toISOString()));
    t.deps.outbox.wake();
    const arrival = await until('the healthy endpoint’s event arrives', async () => healthy.arrived[0], PROMPT_MS);
    expect(arrival.at - queued).toBeLessThan(PROMPT_MS);
    expect(JSON.parse(arrival.body)).toMatchObject({ type: 'card.blocked', data: { healthy: true } });

    // All the while the trickling endpoint held only its own slots (2 per server), and most of
    // its events still wait: it is cut off only after 15 s.
    expect(trickler.mostInFlight).toBeLessThanOrEqual(2 * workers.length);
    const waiting = await t.db.selectFrom('outbox_messages').select('id').where('endpoint_id', '=', slow.id).where('status', '=', 'pending').execute();
    expect(waiting.length).toBeGreaterThanOrEqual(30 - 2 * workers.length);
  });
});

describe('migration 022', () => {
  it('gives webhook events queued before it their endpoint, and the lane sends one queued without it', async () => {
    const healthy = new Healthy();
    await healthy.start();
    cleanups.push(() => healthy.stop());
    await t.db.deleteFrom('outbox_messages').execute();
    const acme = (await findBrandByCode(t.db, 'ACME'))!;
    await t.db.updateTable('webhook_endpoints').set({ removed_at: new Date().toISOString() }).where('removed_at', 'is', null).execute();
    const endpoint = await addWebhook({ db: t.db, crypto: t.deps.crypto, now: () => new Date(), production: false }, { brandCode: 'ACME', url: healthy.url });
    const queue = (n: number) => t.db.transaction().execute((trx) => recordWebhookEvent(trx, t.deps.crypto, { brandId: acme.id, type: 'card.blocked', data: { n } }, new Date().toISOString()));
    await queue(0);

    // Back to the release before 022 and forward again: the column is filled from the dedupe key.
    const schema = isPostgres(t.db) ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]!.s : undefined;
    const migrator = new Migrator({ db: t.db, provider: migrationProvider, ...(schema && { migrationTableSchema: schema }) });
    const down = await migrator.migrateTo('018_staff_card_search');
    expect(down.error).toBeUndefined();
    // Later migrations are undone first: 022 is among those undone, whatever follows it.
    expect(down.results?.map((r) => r.migrationName)).toContain('022_delivery_lanes');
    await migrateToLatest(t.db);
    expect(await t.db.selectFrom('outbox_messages').select(['endpoint_id', 'channel']).execute()).toEqual([{ endpoint_id: endpoint.id, channel: 'webhook' }]);

    // One queued by a replica of the previous release during a rolling upgrade has none: still sent.
    await queue(1);
    await t.db.updateTable('outbox_messages').set({ endpoint_id: null }).where('endpoint_id', '=', endpoint.id).where('attempts', '=', 0).execute();
    const worker = webhookWorker({ db: t.db, crypto: t.deps.crypto });
    cleanups.push(() => worker.stop());
    expect(await worker.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(healthy.arrived.map((a) => (JSON.parse(a.body) as { data: { n: number } }).data.n).sort()).toEqual([0, 1]);
  });
});
