import { describe, expect, it, beforeAll } from 'vitest';
import { PURPOSE } from '../src/crypto/index.js';
import { insertStaffGrant } from '../src/db/repositories/staff-grants.js';
import { addWebhook } from '../src/operator/webhooks.js';
import { cardRow } from './helpers/flows.js';
import { issueTestGiftCard } from './helpers/identity.js';
import { staffCookie } from './helpers/staff.js';
import { useTestApp } from './helpers/test-app.js';

// Balance adjustments under four eyes (docs/decisions/035), on SQLite and, with TEST_DATABASE_URL, PostgreSQL.

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
const ORIGIN = 'http://localhost:8080';

const cookies = new Map<string, string>();
const cookieOf = async (email: string) => {
  if (!cookies.has(email)) cookies.set(email, await staffCookie(t, email));
  return cookies.get(email)!;
};
const call = async (email: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie: await cookieOf(email), ...(method === 'POST' && { origin: ORIGIN }) }, ...(payload !== undefined && { payload }) });

const propose = (email: string, cardId: string, value: number, more: Record<string, unknown> = {}) =>
  call(email, 'POST', `/admin/api/cards/${cardId}/adjustments`, { amount: { value, assetCode: 'EUR' }, reason: 'till double-charged', ...more });
const approve = (email: string, id: string) => call(email, 'POST', `/admin/api/adjustments/${id}/approve`, {});
const reject = (email: string, id: string, reason = 'not what the ticket says') => call(email, 'POST', `/admin/api/adjustments/${id}/reject`, { reason });
const refusal = (res: { statusCode: number; json: () => { code: string } }) => [res.statusCode, res.json().code];

const proposalOf = (id: string) => t.db.selectFrom('adjustment_proposals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const adjustmentsOf = (cardId: string) => t.db.selectFrom('ledger_entries').select(['amount', 'reference']).where('card_id', '=', cardId).where('kind', '=', 'adjustment').execute();
const balanceOf = async (cardId: string) => (await t.db.selectFrom('ledger_entries').select((eb) => eb.fn.sum<string>('amount').as('sum')).where('card_id', '=', cardId).executeTakeFirst())?.sum;
const webhooksOf = async (cardId: string) => {
  const rows = await t.db.selectFrom('outbox_messages').select('payload_ciphertext').where('channel', '=', 'webhook').where('card_id', '=', cardId).orderBy('created_at').execute();
  return rows.map((r) => JSON.parse((JSON.parse(t.deps.crypto.cipher.decrypt(r.payload_ciphertext!, PURPOSE.outboxMessage)) as { body: string }).body) as { type: string; data: Record<string, unknown> });
};

beforeAll(async () => {
  await addWebhook({ db: t.db, crypto: t.deps.crypto, now: () => new Date(), production: false }, { brandCode: 'DEMO', url: 'http://127.0.0.1:9/hooks' });
});

describe('proposing an adjustment', () => {
  it('support proposes on a card of their brand: 201 pending with the proposer, nothing booked, audited; the queue lists it', async () => {
    const card = await issueTestGiftCard(t, { balance: 2500 });
    const res = await propose('support@demo.test', card.id, 500, { reference: 'T-1' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ cardId: card.id, amount: { value: 500, assetCode: 'EUR' }, reason: 'till double-charged', status: 'pending', proposedBy: 'support@demo.test', reference: 'T-1', decidedBy: null });
    expect(await adjustmentsOf(card.id)).toEqual([]);
    const events = await t.db.selectFrom('audit_events').select(['type', 'outcome', 'actor', 'actor_grant']).where('card_id', '=', card.id).where('type', '=', 'adjustment.propose').execute();
    expect(events).toEqual([{ type: 'adjustment.propose', outcome: 'proposed', actor: 'support@demo.test', actor_grant: 'support:DEMO' }]);
    const queue = await call('finance@demo.test', 'GET', '/admin/api/adjustments?status=pending');
    expect(queue.json().items.map((i: { id: string }) => i.id)).toContain(body.id);
    const acme = await call('support@acme.test', 'GET', '/admin/api/adjustments?status=pending');
    expect(acme.json().items.map((i: { id: string }) => i.id)).not.toContain(body.id);
  });

  it('the same reference again is the same proposal (200); with another amount 409 REFERENCE_REUSED', async () => {
    const card = await issueTestGiftCard(t, { balance: 2500 });
    const first = await propose('support@demo.test', card.id, -300, { reference: 'T-2' });
    const again = await propose('support@demo.test', card.id, -300, { reference: 'T-2' });
    expect([again.statusCode, again.json().id]).toEqual([200, first.json().id]);
    expect(refusal(await propose('support@demo.test', card.id, -400, { reference: 'T-2' }))).toEqual([409, 'REFERENCE_REUSED']);
    expect(await t.db.selectFrom('adjustment_proposals').select('id').where('card_id', '=', card.id).execute()).toHaveLength(1);
    // Sent five times at once (a client's retries): one proposal, every answer names it.
    const atOnce = await Promise.all(Array.from({ length: 5 }, () => propose('support@demo.test', card.id, 100, { reference: 'T-3' })));
    expect(atOnce.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(atOnce.map((r) => r.json().id)).size).toBe(1);
  });

  it('refuses 0, another asset, an empty reason and a reason with control characters, and proposes nothing', async () => {
    const card = await issueTestGiftCard(t, { balance: 2500 });
    expect(refusal(await propose('support@demo.test', card.id, 0))).toEqual([400, 'VALIDATION_ERROR']);
    expect(refusal(await call('support@demo.test', 'POST', `/admin/api/cards/${card.id}/adjustments`, { amount: { value: 5, assetCode: 'USD' }, reason: 'x' }))).toEqual([400, 'VALIDATION_ERROR']);
    expect(refusal(await propose('support@demo.test', card.id, 5, { reason: '  ' }))).toEqual([400, 'VALIDATION_ERROR']);
    expect(refusal(await propose('support@demo.test', card.id, 5, { reason: 'a\u001b[31mb' }))).toEqual([400, 'VALIDATION_ERROR']);
    expect(await t.db.selectFrom('adjustment_proposals').select('id').where('card_id', '=', card.id).execute()).toEqual([]);
  });

  it("brand-admin may not propose (403); another brand's card answers 404 as an unknown one", async () => {
    const card = await issueTestGiftCard(t, { balance: 2500 });
    expect(refusal(await propose('brand@demo.test', card.id, 5))).toEqual([403, 'FORBIDDEN']);
    expect(refusal(await propose('support@acme.test', card.id, 5))).toEqual([404, 'CARD_NOT_FOUND']);
    expect(refusal(await propose('support@acme.test', 'no-such-card', 5))).toEqual([404, 'CARD_NOT_FOUND']);
  });
});

describe('approving and rejecting', () => {
  it('a second person approves: one ledger entry, the balance before and after in the audit, the webhook, the proposal applied with who and when', async () => {
    const card = await issueTestGiftCard(t, { balance: 2500 });
    const { id } = (await propose('support@demo.test', card.id, 500)).json();
    const res = await approve('finance@demo.test', id);
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'applied', balanceAfter: { value: 3000, assetCode: 'EUR' } }]);
    expect(await adjustmentsOf(card.id)).toEqual([{ amount: 500, reference: `adjustment:proposal:${id}` }]);
    const audit = await t.db.selectFrom('audit_events').select(['actor', 'actor_grant', 'amount_before', 'amount_after', 'detail']).where('card_id', '=', card.id).where('type', '=', 'card.adjust').execute();
    expect(audit).toEqual([expect.objectContaining({ actor: 'finance@demo.test', actor_grant: 'finance:DEMO', amount_before: 2500, amount_after: 3000 })]);
    expect(audit[0]!.detail).toContain('by support@demo.test');
    expect((await webhooksOf(card.id)).map((w) => w.type)).toEqual(['adjustment.created']);
    expect((await webhooksOf(card.id))[0]!.data).toMatchObject({ adjustment: { amount: { value: 500, assetCode: 'EUR' }, balanceAfter: { value: 3000, assetCode: 'EUR' } }, by: 'staff' });
    expect(await proposalOf(id)).toMatchObject({ status: 'applied', proposed_by: 'support@demo.test', decided_by: 'finance@demo.test', decided_at: expect.any(String), balance_before: 2500, balance_after: 3000 });
    const listed = (await call('support@demo.test', 'GET', `/admin/api/adjustments?status=all&card=${card.id}`)).json().items;
    expect(listed).toEqual([expect.objectContaining({ id, status: 'applied', proposedBy: 'support@demo.test', decidedBy: 'finance@demo.test', balanceAfter: { value: 3000, assetCode: 'EUR' } })]);
    const ids = async (status: string) => (await call('finance@demo.test', 'GET', `/admin/api/adjustments?status=${status}`)).json().items.map((i: { id: string }) => i.id);
    expect(await ids('decided')).toContain(id);
    expect(await ids('applied')).toContain(id);
    expect(await ids('pending')).not.toContain(id);
  });

  it("its proposer's approval or rejection answers 403 FOUR_EYES_REQUIRED, even for an admin, and changes nothing", async () => {
    const card = await issueTestGiftCard(t, { balance: 2500 });
    const byAdmin = (await propose('admin@tessera.test', card.id, 500)).json().id;
    expect(refusal(await approve('admin@tessera.test', byAdmin))).toEqual([403, 'FOUR_EYES_REQUIRED']);
    expect(refusal(await reject('admin@tessera.test', byAdmin))).toEqual([403, 'FOUR_EYES_REQUIRED']);
    const byFinance = (await propose('finance@demo.test', card.id, 700)).json().id;
    expect(refusal(await approve('finance@demo.test', byFinance))).toEqual([403, 'FOUR_EYES_REQUIRED']);
    expect(await adjustmentsOf(card.id)).toEqual([]);
    expect((await proposalOf(byAdmin)).status).toBe('pending');
    expect((await proposalOf(byFinance)).status).toBe('pending');
    expect((await approve('approver@demo.test', byFinance)).statusCode).toBe(200);
  });

  it('a second decision answers 409 ALREADY_DECIDED and books nothing more', async () => {
    const card = await issueTestGiftCard(t, { balance: 2500 });
    const applied = (await propose('support@demo.test', card.id, 100)).json().id;
    expect((await approve('finance@demo.test', applied)).statusCode).toBe(200);
    expect(refusal(await approve('approver@demo.test', applied))).toEqual([409, 'ALREADY_DECIDED']);
    expect(refusal(await reject('approver@demo.test', applied))).toEqual([409, 'ALREADY_DECIDED']);
    const rejected = (await propose('support@demo.test', card.id, 200)).json().id;
    expect((await reject('finance@demo.test', rejected)).json()).toEqual({ status: 'rejected' });
    expect(refusal(await approve('approver@demo.test', rejected))).toEqual([409, 'ALREADY_DECIDED']);
    expect(await adjustmentsOf(card.id)).toHaveLength(1);
    expect(Number(await balanceOf(card.id))).toBe(2600);
    expect(await proposalOf(rejected)).toMatchObject({ status: 'rejected', decided_by: 'finance@demo.test', decision_reason: 'not what the ticket says' });
  });

  it('an approval that would take the balance below zero answers 400 BALANCE_TOO_LOW and leaves it pending', async () => {
    const card = await issueTestGiftCard(t, { balance: 500 });
    const { id } = (await propose('support@demo.test', card.id, -501)).json();
    expect(refusal(await approve('finance@demo.test', id))).toEqual([400, 'BALANCE_TOO_LOW']);
    expect(await proposalOf(id)).toMatchObject({ status: 'pending', decided_by: null });
    expect(await adjustmentsOf(card.id)).toEqual([]);
    expect(await webhooksOf(card.id)).toEqual([]);
    expect(Number(await balanceOf(card.id))).toBe(500);
  });

  it("support and brand-admin may not decide (403); another brand's adjustment answers 404 as an unknown one", async () => {
    const acme = await cardRow(t, 'GIFT_ACME');
    const { id } = (await propose('support@acme.test', acme.id, 100)).json();
    expect(refusal(await approve('support@demo.test', id))).toEqual([403, 'FORBIDDEN']);
    expect(refusal(await approve('brand@demo.test', id))).toEqual([403, 'FORBIDDEN']);
    const other = await approve('finance@demo.test', id);
    const unknown = await approve('finance@demo.test', 'no-such-adjustment');
    expect([other.statusCode, other.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect(refusal(other)).toEqual([404, 'NOT_FOUND']);
    expect(refusal(await reject('finance@demo.test', id))).toEqual([404, 'NOT_FOUND']);
    expect((await proposalOf(id)).status).toBe('pending');
  });

  it('50 approvals at once by 50 different approvers book exactly one ledger entry', async () => {
    const card = await issueTestGiftCard(t, { balance: 1000 });
    const { id } = (await propose('support@demo.test', card.id, 250)).json();
    const demo = await t.db.selectFrom('brands').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    const approvers = Array.from({ length: 50 }, (_, i) => `approver-${i}@demo.test`);
    for (const email of approvers) {
      await insertStaffGrant(t.db, { email, role: 'finance', brandId: demo.id, grantedBy: 'test', grantedAt: new Date().toISOString() });
      await cookieOf(email);
    }
    const answers = await Promise.all(approvers.map((email) => approve(email, id)));
    const codes = answers.map((res) => (res.statusCode === 200 ? 'applied' : `${res.statusCode} ${res.json().code}`));
    expect(codes.filter((c) => c === 'applied')).toHaveLength(1);
    expect(codes.filter((c) => c !== 'applied')).toEqual(Array(49).fill('409 ALREADY_DECIDED'));
    expect(await adjustmentsOf(card.id)).toEqual([{ amount: 250, reference: `adjustment:proposal:${id}` }]);
    expect(Number(await balanceOf(card.id))).toBe(1250);
    expect(await webhooksOf(card.id)).toHaveLength(1);
  });
});

describe('the card page', () => {
  it('shows the proposal and the decision in the timeline with who and when', async () => {
    const card = await issueTestGiftCard(t, { balance: 2500 });
    const applied = (await propose('support@demo.test', card.id, 500)).json().id;
    await approve('finance@demo.test', applied);
    const rejected = (await propose('support@demo.test', card.id, -100, { reason: 'goodwill' })).json().id;
    await reject('approver@demo.test', rejected, 'no ticket');
    const page = (await call('support@demo.test', 'GET', `/admin/api/cards/${card.id}`)).json();
    const entries = page.timeline.map((e: { code: string; by: string; params: unknown; at: string }) => ({ code: e.code, by: e.by, params: e.params, at: e.at }));
    expect(entries).toEqual(
      expect.arrayContaining([
        { code: 'adjustment.proposed', by: 'support@demo.test', params: { amount: { value: 500, assetCode: 'EUR' }, reason: 'till double-charged' }, at: expect.any(String) },
        { code: 'card.adjusted', by: 'finance@demo.test', params: expect.anything(), at: expect.any(String) },
        { code: 'adjustment.proposed', by: 'support@demo.test', params: { amount: { value: -100, assetCode: 'EUR' }, reason: 'goodwill' }, at: expect.any(String) },
        { code: 'adjustment.rejected', by: 'approver@demo.test', params: { amount: { value: -100, assetCode: 'EUR' }, reason: 'no ticket' }, at: expect.any(String) },
      ]),
    );
    expect(page.balance).toEqual({ value: 3000, assetCode: 'EUR' });
  });
});
