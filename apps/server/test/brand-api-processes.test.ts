import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyFor, eur } from './helpers/brand-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Money moving through the brand API from several server processes at once, on one database:
 * the card row lock, the refund counter and the idempotency claims must hold between processes,
 * not only inside one. On PostgreSQL two server processes share the test's schema; on SQLite
 * (one server process per database file is the supported shape) one process takes the same
 * parallel load.
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = path.join(serverDir, '..', '..');

let t: TestApp;
let key: string;
const servers: { child: ChildProcess; base: string }[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    // Reached at 127.0.0.1: the PIN frame, served on its own host only, gets another name.
    PIN_FRAME_URL: `http://pin.localhost:${port}`,
    CAPTCHA_PROVIDER: 'test',
    KEYS_FILE: path.join(t.dir, 'keys.json'),
    WEB_DIST: path.join(t.dir, 'web'),
    LOG_LEVEL: 'warn',
    API_RATE_LIMIT_PER_MINUTE: '100000',
    DATABASE_POOL_MAX: '10',
    ...(t.database.dialect === 'sqlite' ? { DATABASE_URL: `file:${t.database.file}` } : { DATABASE_URL: t.database.url, DATABASE_SCHEMA: t.database.schema }),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src', 'main.ts')], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not come up: ${stderr}`);
}

async function call(server: number, method: 'GET' | 'POST', url: string, body?: unknown, idempotencyKey: string = randomUUID()): Promise<{ status: number; json: Record<string, unknown>; replayed: boolean }> {
  const res = await fetch(`${servers[server % servers.length]!.base}${url}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body !== undefined && { 'content-type': 'application/json', 'idempotency-key': idempotencyKey }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown>, replayed: res.headers.get('idempotent-replayed') === 'true' };
}

async function ledgerSum(cardId: string): Promise<number> {
  const row = await t.db.selectFrom('ledger_entries').select((eb) => eb.fn.sum<number | string>('amount').as('total')).where('card_id', '=', cardId).executeTakeFirst();
  return Number(row?.total ?? 0);
}

async function issue(balance: number): Promise<string> {
  const res = await call(0, 'POST', '/api/v1/cards', { kind: 'giftcard', balance: eur(balance) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  key = await apiKeyFor(t);
  const count = t.database.dialect === 'postgres' ? 2 : 1;
  servers.push(...(await Promise.all(Array.from({ length: count }, startServer))));
}, 90_000);

afterAll(async () => {
  await Promise.all(
    servers.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await t?.close();
}, 30_000);

describe(`the brand API across server processes`, () => {
  it('runs on two processes on PostgreSQL (one on SQLite)', () => {
    expect(servers).toHaveLength(t.database.dialect === 'postgres' ? 2 : 1);
  });

  it('50 parallel redemptions of 10,00 on a 25,00 card: exactly 2 succeed and the balance is 5,00', async () => {
    const cardId = await issue(2500);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => call(i, 'POST', `/api/v1/cards/${cardId}/redemptions`, { amount: eur(1000) })));
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(2);
    expect(answers.filter((a) => a.status === 400 && a.json.code === 'BALANCE_TOO_LOW')).toHaveLength(48);
    expect(created.map((a) => (a.json.balanceAfter as { value: number }).value).sort((x, y) => x - y)).toEqual([500, 1500]);
    expect(await ledgerSum(cardId)).toBe(500);
    const card = await call(1, 'GET', `/api/v1/cards/${cardId}`);
    expect(card.json.balances).toEqual([eur(500)]);
  }, 60_000);

  it('50 parallel refunds of one redemption never refund more than it', async () => {
    const cardId = await issue(5000);
    const redemption = await call(0, 'POST', `/api/v1/cards/${cardId}/redemptions`, { amount: eur(3000) });
    expect(redemption.status).toBe(201);
    const id = redemption.json.id as string;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => call(i, 'POST', `/api/v1/redemptions/${id}/refunds`, { amount: eur(700) })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 400 && a.json.code === 'REFUND_EXCEEDS_REDEMPTION')).toHaveLength(46);
    const rest = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i, 'POST', `/api/v1/redemptions/${id}/refunds`, {})));
    expect(rest.filter((a) => a.status === 201).map((a) => (a.json.amount as { value: number }).value)).toEqual([200]);
    const row = await t.db.selectFrom('redemptions').select('refunded').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.refunded)).toBe(3000);
    expect(await ledgerSum(cardId)).toBe(5000);
  }, 60_000);

  it('one Idempotency-Key sent to every process at once moves the money once', async () => {
    const cardId = await issue(5000);
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call(i, 'POST', `/api/v1/cards/${cardId}/redemptions`, { amount: eur(100) }, idempotencyKey)));
    const fresh = answers.filter((a) => a.status === 201 && !a.replayed);
    expect(fresh).toHaveLength(1);
    for (const a of answers.filter((x) => x !== fresh[0])) {
      if (a.status === 201) expect(a.json).toEqual(fresh[0]!.json);
      else expect([a.status, a.json.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE']);
    }
    expect(await ledgerSum(cardId)).toBe(4900);
    const replay = await call(1, 'POST', `/api/v1/cards/${cardId}/redemptions`, { amount: eur(100) }, idempotencyKey);
    expect([replay.status, replay.replayed, replay.json]).toEqual([201, true, fresh[0]!.json]);
  }, 60_000);
});
