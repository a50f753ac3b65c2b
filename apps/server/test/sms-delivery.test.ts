import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { devOutboxMessageSchema, visaApi } from '@tessera/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTwilioSmsSender } from '../src/adapters/sms/twilio.js';
import { buildApp } from '../src/app/build-app.js';
import { createDatabase } from '../src/db/database.js';
import { findBrandByCode } from '../src/db/repositories/brands.js';
import { enqueueMessage } from '../src/delivery/outbox.js';
import { DeliveryError } from '../src/delivery/port.js';
import { createOutboxWorker } from '../src/delivery/start.js';
import type { OutboxWorker } from '../src/delivery/worker.js';
import { createLogger } from '../src/logger.js';
import { demoCard } from './helpers/demo.js';
import { logSink } from './helpers/flows.js';
import { createTestApp, useTestApp } from './helpers/test-app.js';
import { captcha, visaRow } from './helpers/visa.js';

// SMS delivery: the Twilio adapter against a local HTTP server that plays Twilio's Messages API
// (https://www.twilio.com/docs/messaging/api/message-resource), the outbox worker with it, and
// the local adapter behind GET /dev/outbox (docs/product/common.md#sms-and-e-mail).

const ACCOUNT = `AC${'a1b2c3d4e5f60718'.repeat(2)}`;
const TOKEN = 'test-auth-token';
const log = logSink();
const logger = createLogger({ logLevel: 'trace' }, log.stream);

/** What the fake gateway answers to the n-th request (1-based). */
type Script = (n: number) => { status: number; body?: unknown; hang?: boolean };
interface Gateway {
  url: string;
  requests: { path: string; authorization: string | undefined; form: URLSearchParams }[];
  accepted: URLSearchParams[];
  script: Script;
}

let server: Server;
const gateway: Gateway = { url: '', requests: [], accepted: [], script: () => ({ status: 201 }) };
const hanging = new Set<ServerResponse>();

/** Listens on a free port of 18700–18799 (the range this suite may use). */
async function listen(s: Server): Promise<number> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const port = 18700 + Math.floor(Math.random() * 100);
    const ok = await new Promise<boolean>((resolve) => {
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (ok) return (s.address() as AddressInfo).port;
  }
  throw new Error('no free port in 18700–18799');
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      gateway.requests.push({ path: req.url ?? '', authorization: req.headers.authorization, form });
      const answer = gateway.script(gateway.requests.length);
      if (answer.hang) {
        hanging.add(res);
        return;
      }
      if (answer.status === 201) gateway.accepted.push(form);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body ?? { sid: `SM${'0'.repeat(32)}`, status: 'queued' }));
    });
  });
  gateway.url = `http://127.0.0.1:${await listen(server)}`;
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const twilio = (options: { timeoutMs?: number; apiUrl?: string } = {}) =>
  createTwilioSmsSender({
    apiUrl: options.apiUrl ?? gateway.url,
    accountSid: ACCOUNT,
    username: ACCOUNT,
    password: TOKEN,
    from: 'Tessera',
    messagingServiceSid: undefined,
    timeoutMs: options.timeoutMs ?? 2000,
  });
const sms = { channel: 'sms' as const, to: '+31612345601', text: '123456 is je activatiecode' };

function reset(script: Script) {
  gateway.requests = [];
  gateway.accepted = [];
  gateway.script = script;
}

async function failureOf(send: Promise<void>): Promise<DeliveryError> {
  try {
    await send;
  } catch (error) {
    if (error instanceof DeliveryError) return error;
    throw error;
  }
  throw new Error('expected the send to fail');
}

describe('the Twilio adapter', () => {
  it('posts the message form-encoded to the account’s Messages resource with basic auth', async () => {
    reset(() => ({ status: 201 }));
    await twilio().send(sms);
    expect(gateway.requests).toHaveLength(1);
    const [request] = gateway.requests;
    expect(request!.path).toBe(`/2010-04-01/Accounts/${ACCOUNT}/Messages.json`);
    expect(request!.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64')}`);
    expect(Object.fromEntries(request!.form)).toEqual({ To: '+31612345601', Body: '123456 is je activatiecode', From: 'Tessera' });
  });

  it('uses a Messaging Service when one is configured', async () => {
    reset(() => ({ status: 201 }));
    const service = `MG${'f'.repeat(32)}`;
    await createTwilioSmsSender({ apiUrl: gateway.url, accountSid: ACCOUNT, username: ACCOUNT, password: TOKEN, from: undefined, messagingServiceSid: service, timeoutMs: 2000 }).send(sms);
    expect(Object.fromEntries(gateway.requests[0]!.form)).toEqual({ To: '+31612345601', Body: sms.text, MessagingServiceSid: service });
  });

  it('classifies failures as Twilio documents them, never quoting the number', async () => {
    const cases: [ReturnType<Script>, 'temporary' | 'permanent', string][] = [
      [{ status: 500 }, 'temporary', 'twilio 500'],
      [{ status: 503, body: { code: 20503, message: 'Service unavailable' } }, 'temporary', 'twilio 503 20503'],
      [{ status: 429, body: { code: 20429, message: 'Too many requests' } }, 'temporary', 'twilio 429 20429'],
      [{ status: 401, body: { code: 20003, message: 'Authenticate' } }, 'temporary', 'twilio 401 20003'],
      [{ status: 404, body: { code: 20404, message: 'The requested resource was not found' } }, 'temporary', 'twilio 404 20404'],
      [{ status: 400, body: { code: 21606, message: "The 'From' phone number provided is not a valid message-capable Twilio phone number" } }, 'temporary', 'twilio 400 21606'],
      [{ status: 400, body: { code: 21211, message: "The 'To' number +31612345601 is not a valid phone number." } }, 'permanent', 'twilio 400 21211'],
      [{ status: 400, body: { code: 21610, message: 'Attempt to send to unsubscribed recipient +31612345601' } }, 'permanent', 'twilio 400 21610'],
      [{ status: 400 }, 'permanent', 'twilio 400'],
    ];
    for (const [answer, kind, text] of cases) {
      reset(() => answer);
      const failure = await failureOf(twilio().send(sms));
      expect([failure.kind, failure.message], JSON.stringify(answer)).toEqual([kind, text]);
    }
  });

  it('counts a timeout and an unreachable gateway as temporary', async () => {
    reset(() => ({ status: 0, hang: true }));
    expect(await failureOf(twilio({ timeoutMs: 200 }).send(sms))).toMatchObject({ kind: 'temporary', message: 'twilio timeout' });
    const closed = createServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    expect(await failureOf(twilio({ apiUrl: `http://127.0.0.1:${port}` }).send(sms))).toMatchObject({ kind: 'temporary', message: 'twilio connection failed' });
  });
});

describe('SMS through the outbox worker and Twilio', () => {
  let clock = new Date('2030-08-01T09:00:00Z').getTime();
  const workers: OutboxWorker[] = [];

  const t = useTestApp(() => ({
    now: () => new Date(clock),
    env: {
      RATE_LIMIT_PER_MINUTE: '100000',
      TWILIO_ACCOUNT_SID: ACCOUNT,
      TWILIO_AUTH_TOKEN: TOKEN,
      SMS_FROM: 'Tessera',
      TWILIO_API_URL: gateway.url,
      SMS_TIMEOUT_SECONDS: '3',
    },
  }));
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop();
  });

  const worker = (db = t.db) => {
    const w = createOutboxWorker(t.config, { db, crypto: t.deps.crypto, logger, now: () => new Date(clock) });
    workers.push(w);
    return w;
  };
  const requestCode = (name: string) =>
    t.app.inject({
      method: 'POST',
      url: visaApi.requestActivationCode.build({ themeCode: 'demo' }),
      headers: { 'x-flow-type': 'VISA' },
      payload: { cardNumber: demoCard(name).number, 'g-recaptcha-response': captcha, culture: 'nl' },
    });
  const smsRows = (cardId: string) => t.db.selectFrom('outbox_messages').selectAll().where('card_id', '=', cardId).execute();

  it('configures the Twilio adapter from the environment', () => {
    expect(t.config.sms).toEqual({
      adapter: 'twilio',
      twilio: { apiUrl: gateway.url, accountSid: ACCOUNT, username: ACCOUNT, password: TOKEN, from: 'Tessera', messagingServiceSid: undefined, timeoutMs: 3000 },
    });
  });

  it('a gateway that fails twice (5xx, then a timeout) then accepts delivers the code exactly once', async () => {
    reset((n) => (n === 1 ? { status: 503 } : n === 2 ? { status: 0, hang: true } : { status: 201 }));
    expect((await requestCode('VISA_NEW_1')).statusCode).toBe(200);
    const card = await visaRow(t, 'VISA_NEW_1');
    const w = worker();

    expect(await w.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    clock += 30_000;
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    let [row] = await smsRows(card.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, last_error: 'twilio timeout' });
    clock += 60_000;
    expect(await w.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    clock += 3_600_000;
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    expect(gateway.requests).toHaveLength(3);
    expect(gateway.accepted).toHaveLength(1);
    expect(gateway.accepted[0]!.get('To')).toBe('+31612345601');
    expect(gateway.accepted[0]!.get('Body')).toMatch(/^\d{6} is je activatiecode voor je kaart van Tessera Demo\./);
    [row] = await smsRows(card.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, delivered_via: 'twilio', payload_ciphertext: null, recipient_hint: '+31*******01' });
  });

  it('a permanent refusal (invalid number) fails the message at once', async () => {
    reset(() => ({ status: 400, body: { code: 21211, message: "The 'To' number +31612345602 is not a valid phone number." } }));
    expect((await requestCode('VISA_NEW_2')).statusCode).toBe(200);
    expect(await worker().runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [row] = await smsRows((await visaRow(t, 'VISA_NEW_2')).id);
    expect(row).toMatchObject({ status: 'failed', last_error: 'twilio 400 21211', payload_ciphertext: null });
  });

  it('a server stopped between the commit and the delivery delivers after its restart (a second app and worker on the same database)', async () => {
    reset(() => ({ status: 201 }));
    // The first server answered the request (the message committed) and stopped before any
    // worker of it ran: nothing was sent.
    const recovery = await t.app.inject({
      method: 'POST',
      url: visaApi.requestRecovery.build({ themeCode: 'demo' }),
      payload: { cardNumber: demoCard('VISA_ACTIVE').number, 'g-recaptcha-response': captcha },
    });
    expect(recovery.statusCode).toBe(200);
    expect(gateway.requests).toHaveLength(0);

    // The restarted server: its own database connection, its own app and worker.
    const db = createDatabase(t.database.dialect === 'sqlite' ? { dialect: 'sqlite', file: t.database.file } : t.config.database);
    const restarted = await buildApp(t.config, { db, now: () => new Date(clock) });
    try {
      const w = worker(db);
      expect(await w.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(gateway.accepted).toHaveLength(1);
      expect(gateway.accepted[0]!.get('To')).toBe('+31612345610');
      expect(gateway.accepted[0]!.get('Body')).toMatch(/^\d{6} is je herstelcode/);
      await w.stop();
    } finally {
      await restarted.app.close();
    }
  });

  it('nothing is sent for a change that rolled back', async () => {
    reset(() => ({ status: 201 }));
    const demo = (await findBrandByCode(t.db, 'DEMO'))!;
    const card = await visaRow(t, 'VISA_NEW_2');
    const before = (await smsRows(card.id)).length;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueueMessage(trx, t.deps.crypto, { message: { channel: 'sms', to: '+31612345602', text: '654321 is je code' }, purpose: 'activation_code', brandId: demo.id, cardId: card.id }, new Date(clock).toISOString());
        await trx.updateTable('cards').set({ state: 'passcode_set' }).where('id', '=', card.id).execute();
        throw new Error('the change failed after queuing its message');
      }),
    ).rejects.toThrow('the change failed');
    expect(await smsRows(card.id)).toHaveLength(before);
    expect((await visaRow(t, 'VISA_NEW_2')).state).toBe('inactive');
    expect(await worker().runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(gateway.requests).toHaveLength(0);
  });

  it('logs carry no code, phone number or auth token', () => {
    expect(log.text()).toContain('message delivered');
    expect(log.text()).toContain('"via":"twilio"');
    for (const secret of ['31612345601', '31612345610', TOKEN, 'activatiecode', 'herstelcode']) expect(log.text(), secret).not.toContain(secret);
  });
});

describe('the local SMS adapter (embedded default)', () => {
  it('delivers into the local outbox that GET /dev/outbox shows, newest first; ?to= filters', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    try {
      expect(t.config.sms).toEqual({ adapter: 'local', twilio: undefined });
      for (const name of ['VISA_NEW_1', 'VISA_NEW_2']) {
        const res = await t.app.inject({
          method: 'POST',
          url: visaApi.requestActivationCode.build({ themeCode: 'demo' }),
          headers: { 'x-flow-type': 'VISA', 'accept-language': 'en-GB,en;q=0.9' },
          payload: { cardNumber: demoCard(name).number, 'g-recaptcha-response': captcha },
        });
        expect(res.statusCode).toBe(200);
      }
      const w = createOutboxWorker(t.config, { db: t.db, crypto: t.deps.crypto, logger });
      expect(await w.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
      await w.stop();
      const outbox = z.array(devOutboxMessageSchema).parse((await t.app.inject({ url: '/dev/outbox?to=%2B31612345602' })).json());
      expect(outbox).toEqual([
        { id: expect.any(String), channel: 'sms', to: '+31612345602', body: expect.stringMatching(/^\d{6} is your activation code for your Tessera Demo card\./), createdAt: expect.any(String) },
      ]);
      const row = await t.db.selectFrom('outbox_messages').selectAll().where('recipient_hint', '=', '+31*******02').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'sent', delivered_via: 'local' });
      expect((await t.app.inject({ url: '/dev/outbox' })).json()).toHaveLength(2);
    } finally {
      await t.close();
    }
  });
});
