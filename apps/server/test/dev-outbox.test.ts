import { Writable } from 'node:stream';
import { devOutboxMessageSchema } from '@tessera/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findBrandByCode } from '../src/db/repositories/brands.js';
import { composeReplacementCardEmail } from '../src/delivery/emails/replacement-card.js';
import type { OutgoingMessage } from '../src/delivery/message.js';
import { enqueueMessage } from '../src/delivery/outbox.js';
import { createOutboxWorker } from '../src/delivery/start.js';
import { createLogger } from '../src/logger.js';
import { createTestApp, useTestApp } from './helpers/test-app.js';

const sink = new Writable({
  write(_chunk, _encoding, done) {
    done();
  },
});
const logger = createLogger({ logLevel: 'info' }, sink);
const outboxSchema = z.array(devOutboxMessageSchema);

describe('GET /dev/outbox in demo mode', () => {
  const t = useTestApp();
  let clock = new Date('2030-03-01T09:00:00.000Z');
  const now = () => clock;
  let demoId: string;

  beforeAll(async () => {
    demoId = (await findBrandByCode(t.db, 'DEMO'))!.id;
  });

  const queue = (message: OutgoingMessage, purpose: string) =>
    t.db
      .transaction()
      .execute((trx) => enqueueMessage(trx, t.deps.crypto, { message, purpose, brandId: demoId, cardId: null }, clock.toISOString()));

  it('is empty before anything was delivered', async () => {
    const res = await t.app.inject({ url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('shows what the local adapter delivered, newest first, decrypted; ?to= filters', async () => {
    expect(t.config.mail.adapter).toBe('local');
    const worker = createOutboxWorker(t.config, { db: t.db, crypto: t.deps.crypto, logger, now });

    const email = await composeReplacementCardEmail(t.db, {
      brandId: demoId,
      culture: 'en',
      to: 'tester@example.com',
      cardNumber: '6064000000000000999',
      securityCode: 'Ab12Cd',
      balances: [{ value: 1800, assetCode: 'EUR' }],
      expiresAt: null,
    });
    await queue(email, 'replacement_card');
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });

    clock = new Date(clock.getTime() + 1000);
    await queue({ channel: 'email', to: 'other@example.com', subject: 'Second', text: 'The second message' }, 'test');
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    await worker.stop();

    const res = await t.app.inject({ url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const messages = outboxSchema.parse(res.json());
    expect(messages.map((m) => m.to)).toEqual(['other@example.com', 'tester@example.com']);
    const replacement = messages[1]!;
    expect(replacement).toMatchObject({
      channel: 'email',
      to: 'tester@example.com',
      subject: 'Your new Tessera Demo card',
      createdAt: '2030-03-01T09:00:00.000Z',
    });
    expect(replacement.body).toContain('6064 0000 0000 0000 999');
    expect(replacement.body).toContain('Ab12Cd');

    const filtered = outboxSchema.parse((await t.app.inject({ url: '/dev/outbox?to=Tester@Example.com' })).json());
    expect(filtered.map((m) => m.id)).toEqual([replacement.id]);
    expect((await t.app.inject({ url: '/dev/outbox?to=nobody@example.com' })).json()).toEqual([]);

    // Sent through the local adapter; the payload is gone from the outbox.
    const rows = await t.db.selectFrom('outbox_messages').selectAll().execute();
    expect(rows.every((r) => r.status === 'sent' && r.delivered_via === 'local' && r.payload_ciphertext === null)).toBe(true);
    // The mailbox holds them encrypted.
    const stored = await t.db.selectFrom('local_mailbox').select('message_ciphertext').execute();
    expect(stored).toHaveLength(2);
    for (const { message_ciphertext } of stored) {
      expect(message_ciphertext).not.toContain('"to"');
      expect(message_ciphertext).not.toContain('example.com');
    }
  });

  it('is not swallowed by the web app for a browser', async () => {
    const res = await t.app.inject({ url: '/dev/outbox', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const missing = await t.app.inject({ url: '/dev/nothing', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });
});

describe('GET /dev/outbox outside demo mode', () => {
  it('answers 404, also to a browser', async () => {
    const t = await createTestApp({ env: { DEMO_MODE: 'false' } });
    try {
      expect(t.config.demoMode).toBe(false);
      const res = await t.app.inject({ url: '/dev/outbox' });
      expect(res.statusCode).toBe(404);
      const page = await t.app.inject({ url: '/dev/outbox', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('<div id="root">');
    } finally {
      await t.close();
    }
  });
});
