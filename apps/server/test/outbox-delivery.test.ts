import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmtpMailSender } from '../src/adapters/mail/smtp.js';
import { HousekeepingSweeper } from '../src/app/housekeeping.js';
import { findBrandByCode } from '../src/db/repositories/brands.js';
import { claimMessage } from '../src/db/repositories/outbox.js';
import { composeReplacementCardEmail } from '../src/delivery/emails/replacement-card.js';
import type { OutgoingMessage } from '../src/delivery/message.js';
import { enqueueMessage } from '../src/delivery/outbox.js';
import { DeliveryError, type DeliveryPort } from '../src/delivery/port.js';
import { OutboxSignal } from '../src/delivery/signal.js';
import { OutboxWorker, type OutboxWorkerOptions, retryDelayMs } from '../src/delivery/worker.js';
import { createLogger } from '../src/logger.js';
import { leaves, parseMime, smtpReply, startSmtpServer, type TestSmtpServer } from './helpers/smtp.js';
import { logSink } from './helpers/flows.js';
import { useTestApp } from './helpers/test-app.js';

// Everything the worker logs in this file, as raw text.
const log = logSink();
const logger = createLogger({ logLevel: 'trace' }, log.stream);

const CARD_NUMBER = '6064100000000000777';
const SECURITY_CODE = 'Zq81Lm';
const RECIPIENT = 'jan.de.vries@example.nl';
const T0 = new Date('2030-01-01T10:00:00.000Z');

const t = useTestApp();
let acmeId: string;
let clock: Date;
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  acmeId = (await findBrandByCode(t.db, 'ACME'))!.id;
});

let servers: TestSmtpServer[] = [];
let workers: OutboxWorker[] = [];
beforeEach(async () => {
  clock = T0;
  // Each test starts from an empty outbox.
  await t.db.deleteFrom('outbox_messages').execute();
});
afterEach(async () => {
  for (const worker of workers) await worker.stop();
  for (const server of servers) await server.close();
  workers = [];
  servers = [];
});

async function smtpServer(...args: Parameters<typeof startSmtpServer>): Promise<TestSmtpServer> {
  const server = await startSmtpServer(...args);
  servers.push(server);
  return server;
}

function smtpSender(server: TestSmtpServer): DeliveryPort {
  return createSmtpMailSender({
    host: '127.0.0.1',
    port: server.port,
    secure: false,
    requireTls: false,
    auth: undefined,
    timeoutMs: 5000,
    from: { name: undefined, address: 'no-reply@tessera.test' },
  });
}

function worker(adapters: OutboxWorkerOptions['adapters'], options: Partial<OutboxWorkerOptions> = {}): OutboxWorker {
  const w = new OutboxWorker({
    db: t.db,
    crypto: t.deps.crypto,
    adapters,
    logger,
    now,
    pollIntervalMs: 60_000,
    maxAttempts: 10,
    retryBaseMs: 30_000,
    retryMaxMs: 3_600_000,
    ...options,
  });
  workers.push(w);
  return w;
}

async function queueReplacementEmail(dedupeKey?: string): Promise<string> {
  const message = await composeReplacementCardEmail(t.db, {
    brandId: acmeId,
    culture: 'nl',
    to: RECIPIENT,
    cardNumber: CARD_NUMBER,
    securityCode: SECURITY_CODE,
    balances: [{ value: 3500, assetCode: 'EUR' }],
    expiresAt: '2099-12-31',
  });
  return queue(message, 'replacement_card', dedupeKey);
}

async function queue(message: OutgoingMessage, purpose: string, dedupeKey?: string): Promise<string> {
  await t.db.transaction().execute((trx) =>
    enqueueMessage(
      trx,
      t.deps.crypto,
      { message, purpose, brandId: acmeId, cardId: null, ...(dedupeKey && { dedupeKey }) },
      clock.toISOString(),
    ),
  );
  const row = await t.db.selectFrom('outbox_messages').select('id').orderBy('created_at', 'desc').orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

const rowOf = (id: string) => t.db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('SMTP delivery of the replacement e-mail', () => {
  it('arrives with a text part, an HTML part, the card data and the inline logo, and nothing remote', async () => {
    const server = await smtpServer();
    const id = await queueReplacementEmail();
    const result = await worker({ email: smtpSender(server) }).runOnce();
    expect(result).toEqual({ sent: 1, retried: 0, failed: 0 });

    expect(server.received).toHaveLength(1);
    const mail = server.received[0]!;
    expect(mail.to).toEqual([RECIPIENT]);
    expect(mail.from).toBe('no-reply@tessera.test');
    const root = parseMime(mail.raw);
    expect(root.headers.get('to')).toContain(RECIPIENT);
    expect(root.headers.get('from')).toContain('Acme Cadeaukaart');
    expect(root.headers.get('auto-submitted')).toBe('auto-generated');
    // the outbox message's id: a retry of the same message is recognisably the same e-mail
    expect(root.headers.get('message-id')).toBe(`<${id}@tessera.test>`);

    const parts = leaves(root);
    const text = parts.find((p) => p.contentType === 'text/plain');
    const html = parts.find((p) => p.contentType === 'text/html');
    const logo = parts.find((p) => p.contentType.startsWith('image/'));
    expect(text, 'text part').toBeDefined();
    expect(html, 'HTML part').toBeDefined();
    expect(logo, 'logo part').toBeDefined();
    for (const part of [text!, html!]) {
      const body = part.body.toString('utf8');
      expect(body).toContain('6064 1000 0000 0000 777');
      expect(body).toContain(SECURITY_CODE);
      expect(body).toContain('€ 35,00');
      expect(body).toContain('31-12-2099');
    }
    const htmlBody = html!.body.toString('utf8');
    const cid = /<img[^>]+src="cid:([^"]+)"/.exec(htmlBody)?.[1];
    expect(cid).toBeDefined();
    expect(logo!.headers.get('content-id')).toBe(`<${cid}>`);
    expect(logo!.contentType).toBe('image/png');
    expect(logo!.body.subarray(1, 4).toString('latin1')).toBe('PNG');
    // No remote image, no link of any kind.
    expect(htmlBody).not.toMatch(/(src|href|background)\s*=\s*"(?!cid:)/i);
    expect(htmlBody).not.toMatch(/https?:\/\//);

    // Sent: recorded, and the payload is gone.
    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'sent',
      payload_ciphertext: null,
      delivered_via: 'smtp',
      sent_at: T0.toISOString(),
      attempts: 1,
      lease_until: null,
      last_error: null,
    });
    // A second round sends nothing more.
    expect(await worker({ email: smtpSender(server) }).runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(server.received).toHaveLength(1);
  });

  it('retries a temporary refusal (4xx) with backoff and delivers exactly once', async () => {
    const server = await smtpServer({ onRcpt: (_address, n) => (n <= 2 ? smtpReply(451, '4.3.0 Try again later') : undefined) });
    const id = await queueReplacementEmail();
    const w = worker({ email: smtpSender(server) });

    expect(await w.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    let row = await rowOf(id);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.next_attempt_at).toBe(new Date(T0.getTime() + 30_000).toISOString());
    expect(row.last_error).toMatch(/^smtp \w+ RCPT TO 451 4\.3\.0$/);
    expect(row.payload_ciphertext).not.toBeNull();
    expect(row.lease_until).toBeNull();

    // Not due yet: nothing is tried.
    advance(29_000);
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(server.recipientsTried).toHaveLength(1);

    advance(1_000);
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    row = await rowOf(id);
    expect(row.attempts).toBe(2);
    expect(row.next_attempt_at).toBe(new Date(clock.getTime() + 60_000).toISOString());

    advance(60_000);
    expect(await w.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    advance(3_600_000);
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    expect(server.recipientsTried).toHaveLength(3);
    expect(server.received).toHaveLength(1);
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, payload_ciphertext: null, last_error: null });
  });

  it('marks a permanent refusal (5xx) failed at once, erases the payload and never retries', async () => {
    const server = await smtpServer({ onRcpt: () => smtpReply(550, '5.1.1 <jan.de.vries@example.nl>: no such user') });
    const id = await queueReplacementEmail();
    const w = worker({ email: smtpSender(server) });
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, payload_ciphertext: null, lease_until: null });
    expect(row.last_error).toMatch(/^smtp \w+ RCPT TO 550 5\.1\.1$/);
    // The server's reply quoted the address; the stored error does not.
    expect(row.last_error).not.toContain('example.nl');

    advance(24 * 3_600_000);
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(server.recipientsTried).toHaveLength(1);
    expect(server.received).toHaveLength(0);
    expect(log.text()).toContain('message failed for good');
  });

  it('gives up after the maximum number of attempts, keeping the content for a retry until housekeeping erases it', async () => {
    const server = await smtpServer({ onRcpt: () => smtpReply(421, '4.7.0 Busy') });
    const id = await queueReplacementEmail();
    const w = worker({ email: smtpSender(server) }, { maxAttempts: 3 });
    expect((await w.runOnce()).retried).toBe(1);
    advance(30_000);
    expect((await w.runOnce()).retried).toBe(1);
    advance(60_000);
    expect((await w.runOnce()).failed).toBe(1);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    // Given up, not refused: the encrypted content stays for "tessera outbox retry".
    expect(row.payload_ciphertext).not.toBeNull();
    expect(row.last_error).toMatch(/gave up after 3 attempts/);
    advance(3_600_000);
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const sweep = (days: number) =>
      new HousekeepingSweeper(t.config, { db: t.db, logger, now: () => new Date(clock.getTime() + days * 24 * 3_600_000) }).runOnce();
    expect((await sweep(6)).failedMessageContents).toBe(0);
    expect((await rowOf(id)).payload_ciphertext).not.toBeNull();
    expect((await sweep(7)).failedMessageContents).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'failed', payload_ciphertext: null });
  });

  it('counts an unreachable server as temporary', async () => {
    const server = await smtpServer();
    const port = server.port;
    await server.close();
    servers = [];
    const id = await queueReplacementEmail();
    const sender = createSmtpMailSender({
      host: '127.0.0.1',
      port,
      secure: false,
      requireTls: false,
      auth: undefined,
      timeoutMs: 2000,
      from: { name: undefined, address: 'no-reply@tessera.test' },
    });
    expect(await worker({ email: sender }).runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const row = await rowOf(id);
    expect(row.status).toBe('pending');
    expect(row.last_error).toMatch(/^smtp (ECONNECTION|ESOCKET|ETIMEDOUT)/);
  });
});

describe('leases', () => {
  it('two workers racing on the same messages send each one once', async () => {
    const server = await smtpServer({ dataDelayMs: 50 });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await queueReplacementEmail(`race-${i}`));
    const a = worker({ email: smtpSender(server) });
    const b = worker({ email: smtpSender(server) });
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(ra.sent + rb.sent).toBe(4);
    expect(server.received).toHaveLength(4);
    for (const id of ids) expect((await rowOf(id)).status).toBe('sent');
  });

  it('a claim is won by exactly one of two concurrent claimers', async () => {
    const id = await queueReplacementEmail();
    const at = clock.toISOString();
    const lease = new Date(clock.getTime() + 60_000).toISOString();
    const results = await Promise.all([claimMessage(t.db, id, at, lease), claimMessage(t.db, id, at, lease)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('a message whose worker died mid-send is taken over once its lease has run out', async () => {
    const server = await smtpServer();
    const id = await queueReplacementEmail();
    // Worker A claimed it and died before sending.
    const leaseUntil = new Date(clock.getTime() + 5 * 60_000).toISOString();
    expect(await claimMessage(t.db, id, clock.toISOString(), leaseUntil)).toBeDefined();

    const b = worker({ email: smtpSender(server) }, { leaseMs: 5 * 60_000 });
    advance(4 * 60_000);
    expect(await b.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(server.received).toHaveLength(0);
    advance(60_001);
    expect(await b.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(server.received).toHaveLength(1);
  });

  it('a worker whose lease was taken over does not overwrite the new owner', async () => {
    const id = await queueReplacementEmail();
    let release!: () => void;
    const slow: DeliveryPort = {
      via: 'slow',
      channel: 'email',
      send: () => new Promise<void>((resolve) => (release = resolve)),
    };
    const a = worker({ email: slow }, { leaseMs: 1000 });
    const running = a.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Meanwhile the lease runs out and worker B fails it for good.
    advance(2000);
    const failing: DeliveryPort = {
      via: 'failing',
      channel: 'email',
      send: () => Promise.reject(new DeliveryError('permanent', 'refused')),
    };
    expect(await worker({ email: failing }).runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    release();
    expect((await running).sent).toBe(1);
    // A's late "sent" did not overwrite B's outcome, and A logged the duplicate window.
    expect((await rowOf(id)).status).toBe('failed');
    expect(log.text()).toContain('message delivered after its lease ran out');
  });
});

describe('the worker', () => {
  it('leaves messages of a channel without an adapter pending', async () => {
    const server = await smtpServer();
    const id = await queue({ channel: 'sms', to: '+31612345601', text: 'Je code is 123456' }, 'activation_code');
    expect(await worker({ email: smtpSender(server) }).runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 0, lease_until: null });
  });

  it('sends at once when a service wakes it, and stops cleanly', async () => {
    const server = await smtpServer();
    const signal = new OutboxSignal();
    const w = worker({ email: smtpSender(server) }, { signal, pollIntervalMs: 3_600_000 });
    w.start();
    // The first round ran on start; nothing was queued then.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await queueReplacementEmail();
    signal.wake();
    for (let i = 0; i < 100 && server.received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.received).toHaveLength(1);
    await w.stop();
    // Stopped: a wake does nothing any more.
    await queueReplacementEmail('after-stop');
    signal.wake();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.received).toHaveLength(1);
  });

  it('treats an unexpected adapter error as temporary and records no detail of it', async () => {
    const id = await queueReplacementEmail();
    const broken: DeliveryPort = {
      via: 'broken',
      channel: 'email',
      send: () => Promise.reject(new TypeError(`cannot send to ${RECIPIENT}`)),
    };
    expect(await worker({ email: broken }).runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await rowOf(id)).last_error).toBe('unexpected TypeError');
  });

  it('backs off exponentially up to the cap', () => {
    expect([1, 2, 3, 4, 5, 8, 20, 200].map((n) => retryDelayMs(n, 30_000, 3_600_000))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('logs', () => {
  it('never carry the card number, the security code, the address or the subject', () => {
    expect(log.text()).toContain('message delivered');
    expect(log.text()).toContain('j***@example.nl');
    expect(log.text()).toContain('"purpose":"replacement_card"');
    expect(log.text()).toMatch(/"messageId":"[0-9a-f-]{36}"/);
    const compact = log.text().replace(/\s/g, '');
    for (const secret of [CARD_NUMBER, SECURITY_CODE, RECIPIENT, 'Je nieuwe kaart', 'Je code is', '123456']) {
      expect(compact, secret).not.toContain(secret.replace(/\s/g, ''));
    }
  });
});
