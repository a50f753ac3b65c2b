import { replaceApi, visaApi } from '@tessera/contracts';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookSenderOptions } from '../../src/adapters/webhook/http-sender.js';
import { PURPOSE } from '../../src/crypto/index.js';
import { findCardByNumberIndex } from '../../src/db/repositories/cards.js';
import { WEBHOOK_RETRY_POLICY } from '../../src/delivery/webhooks/retry-schedule.js';
import { recordPayout } from '../../src/flows/payout/record-payout.js';
import { OperatorError } from '../../src/operator/operator-error.js';
import { settlePayouts } from '../../src/operator/settle-payouts.js';
import { addWebhook } from '../../src/operator/webhooks.js';
import { demoCard } from '../helpers/demo.js';
import { apiClient, apiKeyFor, eur } from '../helpers/brand-api.js';
import { replaceBody } from '../helpers/flows.js';
import { identifyCustomerCall, seedIdentitySession } from '../helpers/identity.js';
import { issueVisa } from '../helpers/visa.js';
import { deliverWebhooksAt, type Received, WebhookReceiver } from '../helpers/webhook-receiver.js';
import { useCliTest } from './support.js';

// Webhooks (docs/brand-api.md#webhooks): `tessera webhooks add|list|remove|deliveries`, events
// queued in the outbox in the transaction of their change, Standard Webhooks signatures checked
// by the `standardwebhooks` package with the secret the tool printed, retries, and the production
// refusal of private targets, at add time and after DNS resolution at delivery.

const c = useCliTest();

const receiver = new WebhookReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

/** One worker round for webhooks at the time given, as the server runs it (outside production). */
const deliverAt = (now: Date, options: Parameters<typeof deliverWebhooksAt>[2] = {}) => deliverWebhooksAt(c.t, now, options);

const plain = (name: string) => demoCard(name).number.replace(/\s/g, '');
const cardIdOf = async (name: string) => (await findCardByNumberIndex(c.t.db, c.t.deps.crypto.blindIndex.candidates(PURPOSE.cardNumber, plain(name))))!.id;
const pendingWebhooks = () => c.t.db.selectFrom('outbox_messages').selectAll().where('channel', '=', 'webhook').where('status', '=', 'pending').execute();

/** The signature Standard Webhooks prescribes for what arrived, computed by the package with the secret. */
function expectSignedWith(secret: string, delivery: Received): void {
  const id = delivery.headers['webhook-id'] as string;
  const timestamp = new Date(Number(delivery.headers['webhook-timestamp']) * 1000);
  expect(delivery.headers['webhook-signature']).toBe(new Webhook(secret).sign(id, timestamp, delivery.body));
  expect(delivery.headers['content-type']).toBe('application/json');
}

describe('tessera webhooks', () => {
  let endpointId = '';
  let secret = '';

  it('adds an endpoint and prints its secret once; lists it without the secret', async () => {
    const added = await c.cli('webhooks', 'add', '--brand', 'DEMO', '--url', receiver.url);
    expect(added.code).toBe(0);
    endpointId = /Added webhook ([0-9a-f-]{36}) for brand DEMO/.exec(added.stdout)![1]!;
    secret = /Signing secret \(shown this once\): (whsec_[A-Za-z0-9+/=]+)/.exec(added.stdout)![1]!;
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(added.stdout).toContain('Events: all');

    const stored = await c.t.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', endpointId).executeTakeFirstOrThrow();
    expect(stored.secret_ciphertext).not.toContain(secret.slice(6, 20));
    const list = await c.cli('webhooks', 'list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^${endpointId}\\s+DEMO\\s+http://127\\.0\\.0\\.1:\\d+/hooks/tessera\\?token=abc\\s+all\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\dZ\\s+active\\s+0\\s+0$`, 'm'));
    expect(list.stdout).not.toContain('whsec_');
  });

  it('refuses an unknown brand, event or a URL that is not one, and adds nothing', async () => {
    const before = await c.t.db.selectFrom('webhook_endpoints').select('id').execute();
    const cases: [string[], string][] = [
      [['--brand', 'NOPE', '--url', 'https://hooks.example.com/'], 'There is no brand with code NOPE'],
      [['--brand', 'DEMO', '--url', 'https://hooks.example.com/', '--events', 'card.blocked,card.exploded'], 'Unknown event type: card.exploded'],
      [['--brand', 'DEMO', '--url', 'hooks.example.com'], 'That webhook URL is not an absolute URL'],
      [['--brand', 'DEMO', '--url', 'ftp://hooks.example.com/'], 'That webhook URL must be an https URL'],
      [['--brand', 'DEMO', '--url', 'https://user:pw@hooks.example.com/'], 'may not carry a user name or password'],
    ];
    for (const [args, message] of cases) {
      const res = await c.cli('webhooks', 'add', ...args);
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr).toContain(message);
    }
    expect((await c.cli('webhooks', 'add', '--brand', 'DEMO')).code).toBe(2);
    expect(await c.t.db.selectFrom('webhook_endpoints').select('id').execute()).toEqual(before);
  });

  it('delivers a card block signed with the printed secret; the receiver verifies it', async () => {
    expect((await c.cli('cards', 'block', plain('GIFT_NO_EXPIRY'), '--reason', 'stolen')).code).toBe(0);
    const queued = await pendingWebhooks();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ purpose: 'card.blocked', recipient_hint: new URL(receiver.url).host });

    expect(await deliverAt(new Date())).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    const delivery = receiver.received.at(-1)!;
    // The package's own verification: signature, and a timestamp within its tolerance.
    const event = new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(event.type).toBe('card.blocked');
    expect(event.data).toEqual({ card: { id: await cardIdOf('GIFT_NO_EXPIRY'), maskedNumber: 'XXXXXXXXXXXXXXXX106', kind: 'giftcard' }, reason: 'stolen', by: 'operator' });
    expect(delivery.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(delivery.body).not.toContain(plain('GIFT_NO_EXPIRY'));
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(delivery.body, delivery.headers as Record<string, string>)).toThrow();
    expect(await pendingWebhooks()).toHaveLength(0);
  });

  it('retries a receiver that answers 500 twice, then delivers once, with the history kept', async () => {
    receiver.received.length = 0;
    receiver.answers = [500, 503];
    expect((await c.cli('cards', 'unblock', plain('GIFT_NO_EXPIRY'))).code).toBe(0);
    const t0 = new Date();
    expect(await deliverAt(t0)).toMatchObject({ sent: 0, retried: 1 });
    // Not due again before the first wait (5 s) has passed.
    expect(await deliverAt(new Date(t0.getTime() + 4_000))).toMatchObject({ sent: 0, retried: 0 });
    expect(await deliverAt(new Date(t0.getTime() + 5_000))).toMatchObject({ sent: 0, retried: 1 });
    expect(await deliverAt(new Date(t0.getTime() + 5_000 + 4 * 60_000))).toMatchObject({ sent: 0, retried: 0 });
    expect(await deliverAt(new Date(t0.getTime() + 5_000 + 5 * 60_000))).toMatchObject({ sent: 1, retried: 0 });
    // Days later nothing more goes out: it was delivered once after the two failures.
    expect(await deliverAt(new Date(t0.getTime() + 4 * 86_400_000))).toMatchObject({ sent: 0, retried: 0, failed: 0 });

    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    for (const delivery of receiver.received) expectSignedWith(secret, delivery);
    expect(JSON.parse(receiver.received[2]!.body)).toMatchObject({ type: 'card.unblocked', data: { card: { maskedNumber: 'XXXXXXXXXXXXXXXX106' } } });

    const history = await c.cli('webhooks', 'deliveries', endpointId);
    expect(history.code).toBe(0);
    const rows = history.stdout.split('\n').slice(1, 4);
    expect(rows[0]).toMatch(/card\.unblocked\s+msg_[0-9a-f]{32}\s+3\s+200\s+delivered\s+-/);
    expect(rows[1]).toMatch(/card\.unblocked\s+msg_[0-9a-f]{32}\s+2\s+503\s+failed\s+HTTP 503/);
    expect(rows[2]).toMatch(/card\.unblocked\s+msg_[0-9a-f]{32}\s+1\s+500\s+failed\s+HTTP 500/);
  });

  it('gives up after ten attempts spread over more than three days', () => {
    const waits = Array.from({ length: WEBHOOK_RETRY_POLICY.maxAttempts - 1 }, (_, i) => WEBHOOK_RETRY_POLICY.delayMs(i + 1));
    expect(WEBHOOK_RETRY_POLICY.maxAttempts).toBe(10);
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThan(3 * 86_400_000);
  });

  it('sends a brand only the events it chose, and the events of REPLACE, VISA activation, IDENTIFY and payouts', async () => {
    receiver.received.length = 0;
    const chosen = await c.cli('webhooks', 'add', '--brand', 'DEMO', '--url', `${receiver.url}&only=payouts`, '--events', 'payout.paid,payout.failed');
    expect(chosen.code).toBe(0);
    const chosenId = /Added webhook ([0-9a-f-]{36})/.exec(chosen.stdout)![1]!;
    const chosenSecret = /(whsec_\S+)/.exec(chosen.stdout)![1]!;

    const replaced = await c.t.app.inject({ method: 'POST', url: replaceApi.replace.build({ themeCode: 'demo' }), headers: { 'x-flow-type': 'REPLACE' }, payload: replaceBody('GIFT_REPLACE') });
    expect(replaced.statusCode).toBe(200);
    const visa = await issueVisa(c.t, { state: 'passcode_set', passcode: 'Mx4c8L' });
    const reviewed = await c.t.app.inject({
      method: 'PUT',
      url: visaApi.updateHolderInformation.build({ themeCode: 'demo' }),
      headers: { 'x-flow-type': 'VISA' },
      payload: { cardNumber: visa.number, securityCode: 'Mx4c8L', dateOfBirth: '1990-02-28', countryOfBirth: 'NL', nationality: 'NL' },
    });
    expect(reviewed.statusCode).toBe(200);
    const { sessionId } = await seedIdentitySession(c.t, { flowType: 'IDENTIFY' });
    const registered = await identifyCustomerCall(c.t, sessionId, { cardNumber: plain('GIFT_IDENTIFY'), securityCode: demoCard('GIFT_IDENTIFY').securityCode });
    expect(registered.statusCode).toBe(200);
    const cardId = await cardIdOf('GIFT_PAYOUT');
    const payout = await c.t.db.transaction().execute((trx) => recordPayout(trx, c.t.deps, { cardId, verifiedName: 'J. de Vries', iban: 'NL69INGB0123456789' }, new Date()));
    if (payout.kind !== 'recorded') throw new Error(payout.kind);
    await settlePayouts({ ...c.t.deps, db: c.t.db, now: () => new Date() }, [payout.payout.id], 'failed');

    expect(await deliverAt(new Date())).toMatchObject({ sent: 6, retried: 0, failed: 0 });
    // Which endpoint a delivery was for: the secret it was signed with.
    const signedWith = (key: string) =>
      receiver.received
        .filter((r) => r.headers['webhook-signature'] === new Webhook(key).sign(r.headers['webhook-id'] as string, new Date(Number(r.headers['webhook-timestamp']) * 1000), r.body))
        .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    const toAll = signedWith(secret);
    const toChosen = signedWith(chosenSecret);
    expect(toAll.length + toChosen.length).toBe(receiver.received.length);
    expect(toAll.map((e) => e.type).sort()).toEqual(['card.activated', 'card.registered', 'card.replaced', 'payout.created', 'payout.failed']);
    expect(toAll.find((e) => e.type === 'card.activated')!.data).toEqual({ card: { id: visa.id, maskedNumber: `XXXXXXXXXXXXXXXX${visa.number.slice(-3)}`, kind: 'visa' } });
    expect(toAll.find((e) => e.type === 'card.registered')!.data).toEqual({ card: { id: await cardIdOf('GIFT_IDENTIFY'), maskedNumber: 'XXXXXXXXXXXXXXXX110', kind: 'giftcard' } });
    expect(toChosen.map((e) => e.type)).toEqual(['payout.failed']);
    const replacedEvent = toAll.find((e) => e.type === 'card.replaced')!;
    expect(replacedEvent.data).toMatchObject({ card: { maskedNumber: 'XXXXXXXXXXXXXXXX108' }, moved: [{ value: 1800, assetCode: 'EUR' }] });
    expect((replacedEvent.data.replacement as { maskedNumber: string }).maskedNumber).toMatch(/^X{16}\d{3}$/);
    expect(toChosen[0]!.data).toMatchObject({ payout: { id: payout.payout.id, amount: { value: 4000, assetCode: 'EUR' }, status: 'failed', ibanHint: 'NL69INGB******6789' }, card: { maskedNumber: 'XXXXXXXXXXXXXXXX109' } });
    // No name, IBAN or full number in any event.
    for (const r of receiver.received) expect(r.body).not.toMatch(new RegExp(`de Vries|Zoë|0123456789|6064000000000000|${visa.number}`));
    expect((await c.cli('webhooks', 'deliveries', chosenId)).stdout).toMatch(/payout\.failed\s+msg_\w+\s+1\s+200\s+delivered/);
  });

  it('sends the brand API’s changes: issued, redeemed, refunded, loaded, blocked and unblocked, each once, replays not again', async () => {
    receiver.received.length = 0;
    const api = apiClient(c.t.app, await apiKeyFor(c.t, 'DEMO'));
    const issued = await api.post('/api/v1/cards', { kind: 'giftcard', balance: eur(2500) });
    expect(issued.statusCode, issued.body).toBe(201);
    const card = issued.json() as { id: string; cardNumber: string; securityCode: string };
    const key = 'redeem-once';
    const redeemed = await api.post(`/api/v1/cards/${card.id}/redemptions`, { amount: eur(1000), reference: 'till-7' }, key);
    expect(redeemed.statusCode).toBe(201);
    // A replay answers again but changes nothing, so it sends nothing.
    expect((await api.post(`/api/v1/cards/${card.id}/redemptions`, { amount: eur(1000), reference: 'till-7' }, key)).headers['idempotent-replayed']).toBe('true');
    const redemptionId = (redeemed.json() as { id: string }).id;
    expect((await api.post(`/api/v1/redemptions/${redemptionId}/refunds`, { amount: eur(400) })).statusCode).toBe(201);
    expect((await api.post(`/api/v1/cards/${card.id}/loads`, { amount: eur(100) })).statusCode).toBe(201);
    expect((await api.post(`/api/v1/cards/${card.id}/block`, { reason: 'lost' })).statusCode).toBe(200);
    // Blocking a blocked card changes nothing: no second event.
    expect((await api.post(`/api/v1/cards/${card.id}/block`, { reason: 'lost' })).statusCode).toBe(200);
    expect((await api.post(`/api/v1/cards/${card.id}/unblock`, {})).statusCode).toBe(200);
    // A refused redemption changes nothing either.
    expect((await api.post(`/api/v1/cards/${card.id}/redemptions`, { amount: eur(99_999) })).statusCode).toBe(400);

    expect(await deliverAt(new Date())).toMatchObject({ sent: 6, failed: 0 });
    const events = receiver.received.map((r) => {
      expectSignedWith(secret, r);
      return JSON.parse(r.body) as { type: string; data: Record<string, Record<string, unknown>> };
    });
    expect(events.map((e) => e.type)).toEqual(['card.issued', 'redemption.created', 'refund.created', 'load.created', 'card.blocked', 'card.unblocked']);
    const masked = `XXXXXXXXXXXXXXXX${card.cardNumber.slice(-3)}`;
    for (const event of events) expect(event.data.card).toEqual({ id: card.id, maskedNumber: masked, kind: 'giftcard' });
    expect(events[0]!.data.balance).toEqual(eur(2500));
    expect(events[1]!.data.redemption).toMatchObject({ id: redemptionId, amount: eur(1000), balanceAfter: eur(1500), reference: 'till-7' });
    expect(events[2]!.data.refund).toMatchObject({ redemptionId, amount: eur(400), balanceAfter: eur(1900) });
    expect(events[3]!.data.load).toMatchObject({ amount: eur(100), balanceAfter: eur(2000) });
    expect(events[4]!.data).toMatchObject({ reason: 'lost', by: 'api' });
    for (const r of receiver.received) {
      expect(r.body).not.toContain(card.cardNumber);
      expect(r.body).not.toContain(card.securityCode);
    }
  });

  it('sends nothing more to a removed endpoint, not even what was queued for it', async () => {
    receiver.received.length = 0;
    expect((await c.cli('cards', 'block', plain('GIFT_NO_EXPIRY'), '--reason', 'lost')).code).toBe(0);
    expect(await pendingWebhooks()).toHaveLength(1);
    expect(await c.cli('webhooks', 'remove', endpointId)).toMatchObject({ code: 0, stdout: `Removed webhook ${endpointId}.` });
    expect(await c.cli('webhooks', 'remove', endpointId)).toMatchObject({ code: 0, stdout: `Webhook ${endpointId} was removed before; nothing changed.` });
    expect(await deliverAt(new Date())).toMatchObject({ sent: 0, failed: 1 });
    expect(receiver.received).toHaveLength(0);
    expect((await c.cli('cards', 'unblock', plain('GIFT_NO_EXPIRY'))).code).toBe(0);
    expect(await pendingWebhooks()).toHaveLength(0);
    expect((await c.cli('webhooks', 'list')).stdout).toMatch(new RegExp(`^${endpointId}.*\\d\\d:\\d\\dZ\\s+removed \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\dZ\\s+0\\s+0$`, 'm'));
    const audit = await c.cli('audit', 'list', '--type', 'webhook.');
    expect(audit.stdout).toMatch(/webhook\.remove\s+removed/);
    expect(audit.stdout).toMatch(/webhook\.add\s+added/);
  });
});

describe('webhooks in production', () => {
  const deps = () => ({ db: c.t.db, crypto: c.t.deps.crypto, now: () => new Date(), production: true });
  const refusal = async (url: string, resolve: (host: string) => Promise<string[]> = () => Promise.resolve(['93.184.216.34'])) => {
    const error = await addWebhook({ ...deps(), resolve }, { brandCode: 'DEMO', url }).catch((e: unknown) => e);
    expect(error, url).toBeInstanceOf(OperatorError);
    return (error as OperatorError).message;
  };

  it('refuses http, localhost, private address literals and names that resolve to private addresses', async () => {
    expect(await refusal('http://hooks.example.com/')).toContain('must be https in production');
    expect(await refusal('https://localhost:8443/')).toContain('localhost');
    expect(await refusal('https://127.0.0.1/')).toContain('loopback, private or reserved address (127.0.0.1)');
    expect(await refusal('https://0x7f.1/')).toContain('(127.0.0.1)');
    expect(await refusal('https://[::ffff:10.0.0.1]/')).toContain('loopback, private or reserved');
    expect(await refusal('https://169.254.169.254/latest/meta-data')).toContain('(169.254.169.254)');
    expect(await refusal('https://hooks.internal.example/', () => Promise.resolve(['93.184.216.34', '10.0.0.5']))).toContain('hooks.internal.example resolves to 10.0.0.5');
    expect(await refusal('https://gone.example/', () => Promise.reject(new Error('ENOTFOUND')))).toContain('gone.example does not resolve');
    const added = await addWebhook({ ...deps(), resolve: () => Promise.resolve(['93.184.216.34']) }, { brandCode: 'ACME', url: 'https://hooks.acme.example/tessera' });
    expect(added.secret).toMatch(/^whsec_/);
  });

  it('refuses at delivery a name that now resolves to a private address, and keeps why', async () => {
    await c.t.db.deleteFrom('outbox_messages').where('channel', '=', 'webhook').execute();
    expect((await c.cli('cards', 'block', demoCard('GIFT_ACME').number.replace(/\s/g, ''), '--reason', 'lost')).code).toBe(0);
    expect(await pendingWebhooks()).toHaveLength(1);
    const rebinding = ((_host: string, _options: object, callback: (e: null, a: { address: string; family: number }[]) => void) =>
      callback(null, [{ address: '127.0.0.1', family: 4 }])) as unknown as WebhookSenderOptions['lookup'];
    expect(await deliverAt(new Date(), { production: true, lookup: rebinding })).toMatchObject({ sent: 0, failed: 1 });
    const endpoint = await c.t.db.selectFrom('webhook_endpoints').select('id').where('url', '=', 'https://hooks.acme.example/tessera').executeTakeFirstOrThrow();
    const history = await c.cli('webhooks', 'deliveries', endpoint.id);
    expect(history.stdout).toMatch(/card\.blocked\s+msg_\w+\s+1\s+-\s+failed\s+refused: hooks\.acme\.example resolves to 127\.0\.0\.1/);
    const message = await c.t.db.selectFrom('outbox_messages').selectAll().where('channel', '=', 'webhook').executeTakeFirstOrThrow();
    expect(message).toMatchObject({ status: 'failed', payload_ciphertext: null });
  });
});
