import { describe, expect, it } from 'vitest';
import { setCardSecret } from '../../src/cards/set-card-secret.js';
import { PURPOSE } from '../../src/crypto/index.js';
import { findBrandByCode } from '../../src/db/repositories/brands.js';
import { findCardByNumberIndex } from '../../src/db/repositories/cards.js';
import { enqueueMessage } from '../../src/delivery/outbox.js';
import { DeliveryError, type DeliveryPort } from '../../src/delivery/port.js';
import { OutboxWorker } from '../../src/delivery/worker.js';
import { createLogger } from '../../src/logger.js';
import { demoCard } from '../helpers/demo.js';
import { lookupGiftCard, useCliTest } from './support.js';

const c = useCliTest();
const silent = createLogger({ logLevel: 'silent' });

const cardOf = async (name: string) => (await findCardByNumberIndex(c.t.db, c.t.deps.crypto.blindIndex.candidates(PURPOSE.cardNumber, demoCard(name).number.replace(/\s/g, ''))))!;
const rowOf = (id: string) => c.t.db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Queues a message for a card as the flows do, answering its id. */
async function queue(options: { channel: 'email' | 'sms'; purpose: string; cardName: string; at: Date; withCode?: string }): Promise<string> {
  const card = await cardOf(options.cardName);
  const brand = await findBrandByCode(c.t.db, 'DEMO');
  const at = options.at.toISOString();
  await c.t.db.transaction().execute(async (trx) => {
    if (options.withCode) {
      await setCardSecret(trx, c.t.deps.crypto, { cardId: card.id, kind: 'one_time_code', value: options.withCode, at, purpose: 'activation', attemptsLeft: 3, expiresAt: new Date(options.at.getTime() + 10 * 60_000).toISOString() });
    }
    const message = options.channel === 'email' ? { channel: 'email' as const, to: 'jan@example.nl', subject: 'Je nieuwe kaart', text: 'secret body 6064' } : { channel: 'sms' as const, to: '+31612345601', text: `code ${options.withCode}` };
    await enqueueMessage(trx, c.t.deps.crypto, { message, purpose: options.purpose, brandId: brand!.id, cardId: card.id }, at);
  });
  const row = await c.t.db.selectFrom('outbox_messages').select('id').where('card_id', '=', card.id).where('purpose', '=', options.purpose).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  return row.id;
}

/** One worker round with an adapter that answers as given, for both channels. */
async function deliver(answer: 'ok' | 'temporary' | 'permanent', options: { maxAttempts?: number } = {}) {
  const sent: string[] = [];
  const adapter = (channel: 'email' | 'sms'): DeliveryPort => ({
    channel,
    via: 'test',
    send: (message) => {
      if (answer === 'ok') {
        sent.push(message.to);
        return Promise.resolve();
      }
      return Promise.reject(new DeliveryError(answer, answer === 'temporary' ? 'smtp ETIMEDOUT' : 'smtp EENVELOPE RCPT TO 550 5.1.1'));
    },
  });
  const worker = new OutboxWorker({ db: c.t.db, crypto: c.t.deps.crypto, adapters: { email: adapter('email'), sms: adapter('sms') }, logger: silent, now: () => new Date(), pollIntervalMs: 60_000, maxAttempts: options.maxAttempts ?? 10, retryBaseMs: 30_000, retryMaxMs: 3_600_000 });
  const result = await worker.runOnce();
  await worker.stop();
  return { ...result, sent };
}

describe('tessera outbox', () => {
  it('lists, shows and retries a message given up after its attempts; it then goes out once', async () => {
    await c.t.db.deleteFrom('outbox_messages').execute();
    const id = await queue({ channel: 'email', purpose: 'replacement_card', cardName: 'GIFT_REPLACE', at: new Date() });
    expect((await deliver('temporary', { maxAttempts: 1 })).failed).toBe(1);

    const list = await c.cli('outbox', 'list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`${id}\\s+\\S+ \\S+\\s+email\\s+replacement_card\\s+DEMO\\s+XXXXXXXXXXXXXXXX108\\s+j\\*\\*\\*@example.nl\\s+failed\\s+1\\s+-\\s+smtp ETIMEDOUT \\(gave up after 1 attempts\\)`));
    // The card's number, not its prefix: a message id is random hex and may hold "6064" (it did).
    expect(list.stdout).not.toContain(demoCard('GIFT_REPLACE').number.replace(/\s/g, ''));
    expect(list.stdout).not.toContain(demoCard('GIFT_REPLACE').number);
    expect(list.stdout).not.toContain('jan@');
    const json = JSON.parse((await c.cli('outbox', 'list', '--status', 'failed', '--json')).stdout) as { id: string; card: string; has_content: boolean }[];
    expect(json).toEqual([expect.objectContaining({ id, card: 'XXXXXXXXXXXXXXXX108', has_content: true })]);
    expect(JSON.stringify(json)).not.toContain('payload');

    const show = await c.cli('outbox', 'show', id);
    expect(show.stdout).toContain('content      held, encrypted (can be retried)');
    expect(show.stdout).not.toContain('secret body');

    const retry = await c.cli('outbox', 'retry', id, '--by', 'support.anna');
    expect(retry.stderr).toBe('');
    expect(retry.code).toBe(0);
    expect(retry.stdout).toContain(`Queued email ${id} (replacement_card to j***@example.nl) again`);
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 0 });
    const delivered = await deliver('ok');
    expect(delivered.sent).toEqual(['jan@example.nl']);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', payload_ciphertext: null });

    const again = await c.cli('outbox', 'retry', id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('was delivered at');
    const audit = await c.t.db.selectFrom('audit_events').select(['outcome', 'client', 'detail']).where('type', '=', 'outbox.retry').execute();
    expect(audit).toEqual([{ outcome: 'requeued', client: 'operator:support.anna', detail: `message ${id} (replacement_card), was failed after 1 attempts` }]);
  });

  it('makes a pending message due now, and refuses a message refused by the recipient’s server', async () => {
    await c.t.db.deleteFrom('outbox_messages').execute();
    const waiting = await queue({ channel: 'email', purpose: 'replacement_card', cardName: 'GIFT_REPLACE', at: new Date() });
    expect((await deliver('temporary')).retried).toBe(1);
    const dueLater = (await rowOf(waiting)).next_attempt_at;
    const res = await c.cli('outbox', 'retry', waiting);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`is due now instead of ${dueLater.slice(0, 16).replace('T', ' ')}Z`);
    expect((await rowOf(waiting)).next_attempt_at < dueLater).toBe(true);
    expect((await rowOf(waiting)).attempts).toBe(1);

    await c.t.db.deleteFrom('outbox_messages').execute();
    const refused = await queue({ channel: 'email', purpose: 'replacement_card', cardName: 'GIFT_REPLACE', at: new Date() });
    expect((await deliver('permanent')).failed).toBe(1);
    expect((await c.cli('outbox', 'show', refused)).stdout).toContain('content      erased');
    const no = await c.cli('outbox', 'retry', refused);
    expect(no.code).toBe(1);
    expect(no.stderr).toContain('cannot be sent again: its content was erased (smtp EENVELOPE RCPT TO 550 5.1.1)');
    expect(no.stderr).toContain('tessera cards resend-replacement NUMBER');
    expect((await rowOf(refused)).status).toBe('failed');
  });

  it('retries a one-time code SMS only while its code still works', async () => {
    await c.t.db.deleteFrom('outbox_messages').execute();
    const fresh = await queue({ channel: 'sms', purpose: 'activation_code', cardName: 'VISA_NEW_2', at: new Date(), withCode: '123456' });
    expect((await deliver('temporary', { maxAttempts: 1 })).failed).toBe(1);
    expect((await c.cli('outbox', 'retry', fresh)).code).toBe(0);

    await c.t.db.deleteFrom('outbox_messages').execute();
    const stale = await queue({ channel: 'sms', purpose: 'activation_code', cardName: 'VISA_NEW_2', at: new Date(Date.now() - 11 * 60_000), withCode: '654321' });
    expect((await deliver('temporary', { maxAttempts: 1 })).failed).toBe(1);
    const res = await c.cli('outbox', 'retry', stale);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('carries a one-time code that no longer works');
    expect((await rowOf(stale)).status).toBe('failed');
  });

  it('refuses what is not a message id, an unknown id and an unknown status', async () => {
    expect((await c.cli('outbox', 'retry', 'abc')).code).toBe(2);
    const unknown = await c.cli('outbox', 'show', '00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no message with id');
    expect((await c.cli('outbox', 'list', '--status', 'lost')).code).toBe(2);
    expect((await c.cli('outbox', 'list', '--limit', '0')).code).toBe(2);
  });
});

describe('tessera audit list', () => {
  it('answers "why was my code refused" for a card, masked, filtered by type and time', async () => {
    const card = demoCard('GIFT_BALANCE');
    for (let i = 0; i < 2; i++) expect((await lookupGiftCard(c.t, 'DEMO', card.number, '000000')).statusCode).toBe(404);
    expect((await lookupGiftCard(c.t, 'DEMO', card.number, card.securityCode!)).statusCode).toBe(200);

    const res = await c.cli('audit', 'list', '--card', card.number);
    expect(res.code).toBe(0);
    const lines = res.stdout.split('\n');
    expect(lines[0]).toMatch(/^WHEN\s+TYPE\s+OUTCOME\s+BRAND\s+CARD\s+FLOW\s+WHO\s+DETAIL$/);
    const outcomes = lines.slice(1, -1).map((line) => line.split(/\s{2,}/)[2]);
    expect(outcomes.slice(0, 3)).toEqual(['success', 'wrong_secret', 'wrong_secret']);
    expect(res.stdout).toContain(`XXXXXXXXXXXXXXXX${card.number.replace(/\s/g, '').slice(-3)}`);
    expect(res.stdout).not.toContain(card.number.replace(/\s/g, ''));

    const json = JSON.parse((await c.cli('audit', 'list', '--card', card.number, '--type', 'giftcard.', '--json')).stdout) as { type: string; card: string }[];
    expect(json.length).toBeGreaterThanOrEqual(3);
    expect(json.every((e) => e.type.startsWith('giftcard.'))).toBe(true);
    expect((await c.cli('audit', 'list', '--since', '2999-01-01')).stdout).toBe('No audit events match.');
  });

  it('shows who changed what: operator:NAME', async () => {
    const res = await c.cli('audit', 'list', '--type', 'outbox.retry');
    expect(res.stdout).toContain('operator:support.anna');
  });

  it('refuses a malformed date or type, and an unknown card', async () => {
    expect((await c.cli('audit', 'list', '--since', 'yesterday')).code).toBe(2);
    expect((await c.cli('audit', 'list', '--type', "x' or 1=1")).code).toBe(2);
    const unknown = await c.cli('audit', 'list', '--card', '6064 9999 9999 9999 999');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No card with number XXXXXXXXXXXXXXXX999 exists.');
  });
});
