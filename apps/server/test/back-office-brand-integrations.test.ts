import { PassThrough } from 'node:stream';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './helpers/brand-api.js';
import { cardRow } from './helpers/flows.js';
import { staffCookie } from './helpers/staff.js';
import { useTestApp } from './helpers/test-app.js';
import { deliverWebhooksAt, WebhookReceiver } from './helpers/webhook-receiver.js';

// A brand's API keys and webhooks in the back office (docs/back-office.md, "Calls"; decision 047):
// brand-admins of the brand and admins, every change audited with the staff member, the key and
// the signing secret in the POST's answer only, deliveries listed, retried and tested.

const logSink = new PassThrough();
let logged = '';
logSink.on('data', (chunk: Buffer) => (logged += chunk.toString()));
const t = useTestApp({ logTo: logSink, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
const ORIGIN = 'http://localhost:8080';

type Method = 'GET' | 'POST' | 'DELETE';
async function call(email: string, method: Method, url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: { cookie: await staffCookie(t, email), ...(method !== 'GET' && { origin: ORIGIN }) }, ...(payload !== undefined && { payload }) });
}
const BRAND = 'brand@demo.test';

const receiver = new WebhookReceiver();
beforeAll(() => receiver.start('/hooks'));
afterAll(() => receiver.stop());

/** One worker round for webhooks at the time given, as the server runs it (outside production). */
const deliverAt = (now: Date) => deliverWebhooksAt(t, now);

const auditOf = (type: string) =>
  t.db.selectFrom('audit_events').select(['type', 'actor', 'actor_grant', 'outcome', 'detail', 'brand_id']).where('type', '=', type).orderBy('occurred_at').execute();

describe('API keys of a brand in the back office', () => {
  it('creates a key answered once, which works against /api/v1, lists it without the key, and after revoke the key answers 401', async () => {
    const created = await call(BRAND, 'POST', '/admin/api/brands/DEMO/api-keys', { name: 'Webshop', scopes: ['cards:read'] });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json() as { id: string; key: string; prefix: string; name: string; scopes: string[]; revokedAt: null };
    expect(key).toMatchObject({ name: 'Webshop', scopes: ['cards:read'], revokedAt: null });
    expect(key.key).toMatch(/^tsk_[A-Za-z0-9_-]{43}$/);
    expect(key.key.startsWith(key.prefix)).toBe(true);

    const card = await cardRow(t, 'GIFT_BALANCE');
    const api = apiClient(t.app, key.key);
    expect((await api.get(`/api/v1/cards/${card.id}`)).statusCode).toBe(200);

    const list = await call(BRAND, 'GET', '/admin/api/brands/DEMO/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toContainEqual({ id: key.id, name: 'Webshop', prefix: key.prefix, scopes: ['cards:read'], createdAt: expect.any(String), lastUsedAt: expect.any(String), revokedAt: null });
    expect(list.body).not.toContain(key.key);

    const revoked = await call(BRAND, 'POST', `/admin/api/brands/DEMO/api-keys/${key.id}/revoke`, {});
    expect([revoked.statusCode, revoked.json().changed, revoked.json().key.revokedAt]).toEqual([200, true, expect.any(String)]);
    expect((await api.get(`/api/v1/cards/${card.id}`)).statusCode).toBe(401);
    const again = await call(BRAND, 'POST', `/admin/api/brands/DEMO/api-keys/${key.id}/revoke`, {});
    expect([again.statusCode, again.json().changed]).toEqual([200, false]);

    const demo = await t.db.selectFrom('brands').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    expect((await auditOf('api_key.create')).filter((e) => e.detail?.startsWith(key.id))).toEqual([
      { type: 'api_key.create', actor: BRAND, actor_grant: 'brand-admin:DEMO', outcome: 'created', detail: `${key.id} "Webshop" (${key.prefix}…): cards:read`, brand_id: demo.id },
    ]);
    expect((await auditOf('api_key.revoke')).filter((e) => e.detail?.startsWith(key.id))).toEqual([
      { type: 'api_key.revoke', actor: BRAND, actor_grant: 'brand-admin:DEMO', outcome: 'revoked', detail: `${key.id} "Webshop" (${key.prefix}…)`, brand_id: demo.id },
    ]);
    const everything = JSON.stringify(await t.db.selectFrom('audit_events').selectAll().execute());
    expect(everything).not.toContain(key.key);
    expect(logged).not.toContain(key.key);
    expect(logged).not.toContain(key.key.slice(12));
  });

  it('refuses a bad name or no scope with 400, and an unknown scope, changing nothing', async () => {
    const before = (await t.db.selectFrom('api_keys').select('id').execute()).length;
    for (const body of [{ name: '', scopes: ['cards:read'] }, { name: 'tab\there', scopes: ['cards:read'] }, { name: 'x', scopes: [] }, { name: 'x', scopes: ['cards:everything'] }, { name: 'x' }]) {
      const res = await call(BRAND, 'POST', '/admin/api/brands/DEMO/api-keys', body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect((await t.db.selectFrom('api_keys').select('id').execute()).length).toBe(before);
  });

  it('answers support 403, the brand-admin of DEMO on ACME 404 as an unknown brand, a key of ACME under DEMO 404, and 401 without a session', async () => {
    const support = await call('support@demo.test', 'GET', '/admin/api/brands/DEMO/api-keys');
    expect([support.statusCode, support.json().code]).toEqual([403, 'FORBIDDEN']);
    const supportPost = await call('support@demo.test', 'POST', '/admin/api/brands/DEMO/api-keys', { name: 'x', scopes: ['cards:read'] });
    expect([supportPost.statusCode, supportPost.json().code]).toEqual([403, 'FORBIDDEN']);

    const acme = await call(BRAND, 'GET', '/admin/api/brands/ACME/api-keys');
    const unknown = await call(BRAND, 'GET', '/admin/api/brands/NOPE/api-keys');
    expect([acme.statusCode, acme.json()]).toEqual([404, unknown.json()]);
    expect(unknown.json().code).toBe('NOT_FOUND');
    const acmePost = await call(BRAND, 'POST', '/admin/api/brands/ACME/api-keys', { name: 'x', scopes: ['cards:read'] });
    expect([acmePost.statusCode, acmePost.json().code]).toEqual([404, 'NOT_FOUND']);

    const acmeKey = (await call('admin@tessera.test', 'POST', '/admin/api/brands/ACME/api-keys', { name: 'Acme till', scopes: ['cards:read'] })).json() as { id: string };
    const crossed = await call(BRAND, 'POST', `/admin/api/brands/DEMO/api-keys/${acmeKey.id}/revoke`, {});
    expect([crossed.statusCode, crossed.json().code]).toEqual([404, 'NOT_FOUND']);
    expect((await t.db.selectFrom('api_keys').select('revoked_at').where('id', '=', acmeKey.id).executeTakeFirstOrThrow()).revoked_at).toBeNull();
    expect((await call(BRAND, 'GET', '/admin/api/brands/DEMO/api-keys')).body).not.toContain(acmeKey.id);

    const none = await t.app.inject({ method: 'GET', url: '/admin/api/brands/DEMO/api-keys' });
    expect([none.statusCode, none.json().code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('refuses a change without the back office Origin with 403 and creates nothing', async () => {
    const cookie = await staffCookie(t, BRAND);
    for (const origin of [undefined, 'https://evil.example']) {
      const res = await t.app.inject({ method: 'POST', url: '/admin/api/brands/DEMO/api-keys', headers: { cookie, ...(origin && { origin }) }, payload: { name: 'Origin check', scopes: ['cards:read'] } });
      expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
      const hook = await t.app.inject({ method: 'POST', url: '/admin/api/brands/DEMO/webhooks', headers: { cookie, ...(origin && { origin }) }, payload: { url: receiver.url } });
      expect([hook.statusCode, hook.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    expect(await t.db.selectFrom('api_keys').select('id').where('name', '=', 'Origin check').execute()).toEqual([]);
  });
});

describe('webhooks of a brand in the back office', () => {
  let endpoint = '';
  let secret = '';

  it('adds an endpoint answering its secret once; the list shows it live, without the secret', async () => {
    const added = await call(BRAND, 'POST', '/admin/api/brands/DEMO/webhooks', { url: receiver.url, events: ['card.blocked'] });
    expect(added.statusCode, added.body).toBe(201);
    const body = added.json() as { id: string; secret: string; url: string; events: string[]; health: { state: string } };
    expect(body).toMatchObject({ url: receiver.url, events: ['card.blocked'], health: { state: 'active' }, waiting: 0, missed: 0 });
    expect(body.secret).toMatch(/^whsec_/);
    endpoint = body.id;
    secret = body.secret;
    const list = await call(BRAND, 'GET', '/admin/api/brands/DEMO/webhooks');
    expect(list.json().items).toContainEqual({ id: endpoint, url: receiver.url, events: ['card.blocked'], createdAt: expect.any(String), health: { state: 'active' }, pausedUntil: null, waiting: 0, missed: 0 });
    expect(list.body).not.toContain('whsec_');
    expect(logged).not.toContain(secret.slice(6));
    const audit = (await auditOf('webhook.add')).filter((e) => e.detail?.startsWith(endpoint));
    expect(audit).toEqual([expect.objectContaining({ actor: BRAND, actor_grant: 'brand-admin:DEMO', outcome: 'added', detail: `${endpoint} ${new URL(receiver.url).host} (card.blocked)` })]);
    expect(JSON.stringify(await t.db.selectFrom('audit_events').selectAll().execute())).not.toContain(secret);
  });

  it('refuses a URL that cannot be one with 400 beside the url field, and adds nothing', async () => {
    const before = (await t.db.selectFrom('webhook_endpoints').select('id').execute()).length;
    for (const url of ['ftp://example.com/x', 'not a url', 'https://user:pw@example.com/']) {
      const res = await call(BRAND, 'POST', '/admin/api/brands/DEMO/webhooks', { url });
      expect([res.statusCode, res.json().code, res.json().fields?.[0]?.path], url).toEqual([400, 'VALIDATION_ERROR', 'url']);
    }
    const event = await call(BRAND, 'POST', '/admin/api/brands/DEMO/webhooks', { url: receiver.url, events: ['card.eaten'] });
    expect([event.statusCode, event.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    expect((await t.db.selectFrom('webhook_endpoints').select('id').execute()).length).toBe(before);
  });

  it('sends a signed test event to that endpoint alone, which the standardwebhooks library verifies with the secret; the delivery shows sent, 1 attempt, 200', async () => {
    const other = (await call(BRAND, 'POST', '/admin/api/brands/DEMO/webhooks', { url: `${receiver.url}/other` })).json() as { id: string };
    const sent = await call(BRAND, 'POST', `/admin/api/brands/DEMO/webhooks/${endpoint}/test`, {});
    expect(sent.statusCode, sent.body).toBe(202);
    const { eventId, delivery } = sent.json() as { eventId: string; delivery: { id: string; status: string; eventType: string } };
    expect(delivery).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0, lastStatusCode: null, retryable: true });
    const from = receiver.received.length;
    await deliverAt(new Date());
    const arrived = receiver.received.slice(from);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.headers['webhook-id']).toBe(eventId);
    const verified = new Webhook(secret).verify(arrived[0]!.body, arrived[0]!.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
    expect(verified).toMatchObject({ type: 'webhook.test', data: { brand: 'DEMO', endpointId: endpoint, test: true } });

    const deliveries = await call(BRAND, 'GET', `/admin/api/brands/DEMO/webhooks/${endpoint}/deliveries`);
    expect(deliveries.json().items[0]).toMatchObject({ id: delivery.id, eventType: 'webhook.test', status: 'sent', attempts: 1, lastStatusCode: 200, nextAttemptAt: null, retryable: false });
    const otherDeliveries = await call(BRAND, 'GET', `/admin/api/brands/DEMO/webhooks/${other.id}/deliveries`);
    expect(otherDeliveries.json().items).toEqual([]);
    const retried = await call(BRAND, 'POST', `/admin/api/brands/DEMO/webhooks/${endpoint}/deliveries/${delivery.id}/retry`, {});
    expect([retried.statusCode, retried.json().code]).toEqual([409, 'DELIVERY_NOT_RETRYABLE']);
    expect((await auditOf('webhook.test')).filter((e) => e.detail?.startsWith(endpoint))).toEqual([expect.objectContaining({ actor: BRAND, outcome: 'queued', detail: `${endpoint} ${new URL(receiver.url).host}: ${eventId}` })]);
    expect((await call(BRAND, 'DELETE', `/admin/api/brands/DEMO/webhooks/${other.id}`)).statusCode).toBe(200);
  });

  it('shows a failed attempt with its status code and next try; Retry sends it now, and a given-up delivery is queued again from attempt 0', async () => {
    receiver.answers = [500];
    const { delivery } = (await call(BRAND, 'POST', `/admin/api/brands/DEMO/webhooks/${endpoint}/test`, {})).json() as { delivery: { id: string } };
    const from = receiver.received.length;
    await deliverAt(new Date());
    const failed = (await call(BRAND, 'GET', `/admin/api/brands/DEMO/webhooks/${endpoint}/deliveries`)).json().items.find((d: { id: string }) => d.id === delivery.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: expect.stringContaining('500'), nextAttemptAt: expect.any(String), retryable: true });
    expect(Date.parse(failed.nextAttemptAt)).toBeGreaterThan(Date.now());

    // Given up after its attempts (as the worker leaves it, content kept): Retry queues it from 0.
    await t.db.updateTable('outbox_messages').set({ status: 'failed' }).where('id', '=', delivery.id).execute();
    const retried = await call(BRAND, 'POST', `/admin/api/brands/DEMO/webhooks/${endpoint}/deliveries/${delivery.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().delivery).toMatchObject({ status: 'pending', attempts: 0, lastStatusCode: 500 });
    // Its endpoint rests after the failure (its own backoff): the next round is after the rest.
    await deliverAt(new Date(Date.now() + 10 * 60_000));
    expect(receiver.received.slice(from)).toHaveLength(2);
    const after = (await call(BRAND, 'GET', `/admin/api/brands/DEMO/webhooks/${endpoint}/deliveries`)).json().items.find((d: { id: string }) => d.id === delivery.id);
    expect(after).toMatchObject({ status: 'sent', lastStatusCode: 200 });
    expect((await auditOf('webhook.retry')).filter((e) => e.detail?.startsWith(endpoint))).toEqual([
      expect.objectContaining({ actor: BRAND, actor_grant: 'brand-admin:DEMO', outcome: 'requeued', detail: `${endpoint} delivery ${delivery.id} (webhook.test), was failed after 1 attempts` }),
    ]);
  });

  it('marks a switched-off endpoint with since and why, refuses a test and a retry there, and switches it on, sending what it missed', async () => {
    const { delivery } = (await call(BRAND, 'POST', `/admin/api/brands/DEMO/webhooks/${endpoint}/test`, {})).json() as { delivery: { id: string } };
    const since = new Date(Date.now() - 60_000).toISOString();
    const failing = new Date(Date.now() - 6 * 86_400_000).toISOString();
    await t.db.updateTable('webhook_endpoints').set({ switched_off_at: since, failing_since: failing, consecutive_failures: 40 }).where('id', '=', endpoint).execute();
    await t.db.updateTable('outbox_messages').set({ status: 'failed', last_error: 'the webhook endpoint is switched off' }).where('id', '=', delivery.id).execute();

    const listed = (await call(BRAND, 'GET', '/admin/api/brands/DEMO/webhooks')).json().items.find((e: { id: string }) => e.id === endpoint);
    expect(listed).toMatchObject({ health: { state: 'switched_off', since, failingSince: failing }, missed: 1 });
    const test = await call(BRAND, 'POST', `/admin/api/brands/DEMO/webhooks/${endpoint}/test`, {});
    expect([test.statusCode, test.json().code]).toEqual([409, 'WEBHOOK_SWITCHED_OFF']);
    const retry = await call(BRAND, 'POST', `/admin/api/brands/DEMO/webhooks/${endpoint}/deliveries/${delivery.id}/retry`, {});
    expect([retry.statusCode, retry.json().code]).toEqual([409, 'WEBHOOK_SWITCHED_OFF']);

    const on = await call(BRAND, 'POST', `/admin/api/brands/DEMO/webhooks/${endpoint}/switch-on`, {});
    expect([on.statusCode, on.json()]).toEqual([200, { changed: true, requeued: 1 }]);
    expect((await call(BRAND, 'GET', '/admin/api/brands/DEMO/webhooks')).json().items.find((e: { id: string }) => e.id === endpoint)).toMatchObject({ health: { state: 'active' }, waiting: 1, missed: 0 });
    const from = receiver.received.length;
    await deliverAt(new Date());
    expect(receiver.received.slice(from)).toHaveLength(1);
    const again = await call(BRAND, 'POST', `/admin/api/brands/DEMO/webhooks/${endpoint}/switch-on`, {});
    expect([again.statusCode, again.json()]).toEqual([200, { changed: false, requeued: 0 }]);
    expect((await auditOf('webhook.switch_on')).filter((e) => e.detail?.startsWith(endpoint))).toEqual([expect.objectContaining({ actor: BRAND, outcome: 'switched_on' })]);
  });

  it('answers support 403, another brand’s endpoint under DEMO 404, and ACME 404 for the brand-admin of DEMO', async () => {
    expect((await call('support@demo.test', 'GET', '/admin/api/brands/DEMO/webhooks')).statusCode).toBe(403);
    expect((await call('support@demo.test', 'POST', `/admin/api/brands/DEMO/webhooks/${endpoint}/test`, {})).statusCode).toBe(403);
    const acme = (await call('admin@tessera.test', 'POST', '/admin/api/brands/ACME/webhooks', { url: `${receiver.url}/acme` })).json() as { id: string };
    for (const [method, path] of [
      ['GET', `/admin/api/brands/DEMO/webhooks/${acme.id}/deliveries`],
      ['POST', `/admin/api/brands/DEMO/webhooks/${acme.id}/test`],
      ['DELETE', `/admin/api/brands/DEMO/webhooks/${acme.id}`],
      ['GET', '/admin/api/brands/ACME/webhooks'],
      ['POST', `/admin/api/brands/ACME/webhooks/${acme.id}/test`],
    ] as const) {
      const res = await call(BRAND, method, path, method === 'POST' ? {} : undefined);
      expect([res.statusCode, res.json().code], `${method} ${path}`).toEqual([404, 'NOT_FOUND']);
    }
    expect((await t.db.selectFrom('webhook_endpoints').select('removed_at').where('id', '=', acme.id).executeTakeFirstOrThrow()).removed_at).toBeNull();
    expect((await t.db.selectFrom('outbox_messages').select('id').where('endpoint_id', '=', acme.id).execute())).toEqual([]);
  });

  it('removes an endpoint (shown removed, no more test events), a second removal changes nothing', async () => {
    const removed = await call(BRAND, 'DELETE', `/admin/api/brands/DEMO/webhooks/${endpoint}`);
    expect([removed.statusCode, removed.json()]).toEqual([200, { changed: true }]);
    expect((await call(BRAND, 'GET', '/admin/api/brands/DEMO/webhooks')).json().items.find((e: { id: string }) => e.id === endpoint)).toMatchObject({ health: { state: 'removed', since: expect.any(String) } });
    const test = await call(BRAND, 'POST', `/admin/api/brands/DEMO/webhooks/${endpoint}/test`, {});
    expect([test.statusCode, test.json().code]).toEqual([409, 'WEBHOOK_REMOVED']);
    const switchOn = await call(BRAND, 'POST', `/admin/api/brands/DEMO/webhooks/${endpoint}/switch-on`, {});
    expect([switchOn.statusCode, switchOn.json().code]).toEqual([409, 'WEBHOOK_REMOVED']);
    expect((await call(BRAND, 'DELETE', `/admin/api/brands/DEMO/webhooks/${endpoint}`)).json()).toEqual({ changed: false });
    expect((await auditOf('webhook.remove')).filter((e) => e.detail === endpoint)).toEqual([expect.objectContaining({ actor: BRAND, actor_grant: 'brand-admin:DEMO', outcome: 'removed' })]);
  });
});
