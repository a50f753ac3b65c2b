import { randomUUID } from 'node:crypto';
import { cardApi } from '@tessera/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/card-commands/actor.js';
import { adjustBalance, adjustLockedBalance } from '../src/card-commands/adjust-balance.js';
import { blockCard, blockLockedCard } from '../src/card-commands/block-card.js';
import { CardCommandRefusal } from '../src/card-commands/card-command-refusal.js';
import { expireLockedBalance } from '../src/card-commands/expire-balance.js';
import { withLockedCard } from '../src/card-commands/locked-card.js';
import { unblockCard } from '../src/card-commands/unblock-card.js';
import { unlockCard } from '../src/card-commands/unlock-guessing.js';
import { PURPOSE } from '../src/crypto/index.js';
import { pruneAuditEventsBefore, recordAuditEvent } from '../src/db/repositories/audit.js';
import { findCardById, updateCard } from '../src/db/repositories/cards.js';
import { addWebhook } from '../src/operator/webhooks.js';
import { countersOf, setCounters, useFlowTestApp } from './helpers/flows.js';
import { issueTestGiftCard } from './helpers/identity.js';
import { testPostgresUrl } from './helpers/test-app.js';

const { t } = useFlowTestApp();
const deps = () => ({ db: t.db, crypto: t.deps.crypto, now: () => new Date() });

const staff: Actor = { kind: 'staff', email: 'support@demo.test', grant: { role: 'support', brand: 'DEMO' }, client: '192.0.2.15', requestId: 'req-7' };
const api: Actor = { kind: 'api', keyId: 'k-1', keyName: 'webshop' };
const operator: Actor = { kind: 'operator', name: 'support.jan' };

const auditOf = (cardId: string) =>
  t.db
    .selectFrom('audit_events')
    .select(['type', 'outcome', 'actor', 'actor_grant', 'request_id', 'client', 'amount_before', 'amount_after', 'detail'])
    .where('card_id', '=', cardId)
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
const webhooksOf = async (cardId: string) => {
  const rows = await t.db.selectFrom('outbox_messages').select('payload_ciphertext').where('channel', '=', 'webhook').where('card_id', '=', cardId).orderBy('created_at').execute();
  return rows.map((r) => JSON.parse((JSON.parse(t.deps.crypto.cipher.decrypt(r.payload_ciphertext!, PURPOSE.outboxMessage)) as { body: string }).body) as { type: string; data: Record<string, unknown> });
};
const ledgerOf = (cardId: string) => t.db.selectFrom('ledger_entries').select(['kind', 'amount', 'reference']).where('card_id', '=', cardId).where('kind', '=', 'adjustment').execute();
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no refusal',
    (error: unknown) => (error instanceof CardCommandRefusal ? `${error.code} ${error.amount ?? ''}`.trim() : error),
  );

describe('card commands', () => {
  beforeAll(async () => {
    await addWebhook({ ...deps(), production: false }, { brandCode: 'DEMO', url: 'http://127.0.0.1:9/hooks' });
  });

  it('block by staff writes the row, an audit event naming the person, grant and request, and a webhook by staff', async () => {
    const card = await issueTestGiftCard(t, { balance: 1000 });
    const outcome = await blockCard(deps(), card.id, 'stolen', staff);
    expect(outcome).toMatchObject({ changed: true, reason: 'stolen' });
    const row = (await findCardById(t.db, card.id))!;
    expect(row).toMatchObject({ blocked_at: outcome.blockedAt, block_reason: 'stolen' });
    expect(await auditOf(card.id)).toEqual([
      expect.objectContaining({
        type: 'card.block',
        outcome: 'blocked',
        actor: 'support@demo.test',
        actor_grant: 'support:DEMO',
        request_id: 'req-7',
        client: '192.0.2.15',
        detail: 'stolen',
      }),
    ]);
    expect(await webhooksOf(card.id)).toEqual([expect.objectContaining({ type: 'card.blocked', data: expect.objectContaining({ reason: 'stolen', by: 'staff' }) })]);
  });

  it('a repeat block, by anyone, keeps the first block’s time and reason and writes nothing', async () => {
    const card = await issueTestGiftCard(t, { balance: 1000 });
    const first = await blockCard(deps(), card.id, 'lost', operator);
    const again = await blockCard(deps(), card.id, 'fraud', api);
    expect(again).toEqual({ changed: false, blockedAt: first.blockedAt, reason: 'lost' });
    expect((await findCardById(t.db, card.id))!).toMatchObject({ blocked_at: first.blockedAt, block_reason: 'lost' });
    expect((await auditOf(card.id)).map((e) => [e.type, e.actor, e.client])).toEqual([['card.block', 'operator:support.jan', 'operator:support.jan']]);
    expect((await webhooksOf(card.id)).map((w) => w.data.by)).toEqual(['operator']);
  });

  it('unblock by an API key records the key by name and tells the webhook by api; an unblocked card is left alone', async () => {
    const card = await issueTestGiftCard(t, { balance: 1000 });
    await blockCard(deps(), card.id, 'lost', { kind: 'cardholder', flowType: 'BALANCE', client: '198.51.100.0' });
    expect(await unblockCard(deps(), card.id, api)).toMatchObject({ changed: true, wasReason: 'lost' });
    expect(await unblockCard(deps(), card.id, api)).toEqual({ changed: false, wasBlockedAt: null, wasReason: null });
    expect((await findCardById(t.db, card.id))!).toMatchObject({ blocked_at: null, block_reason: null });
    expect((await auditOf(card.id)).map((e) => [e.type, e.actor, e.client])).toEqual([
      ['card.block', 'cardholder', '198.51.100.0'],
      ['card.unblock', 'api:webshop', 'api-key:k-1'],
    ]);
    expect((await webhooksOf(card.id)).map((w) => [w.type, w.data.by])).toEqual([
      ['card.blocked', 'cardholder'],
      ['card.unblocked', 'api'],
    ]);
  });

  it('unlock clears the guessing counters of the card’s number and records who lifted the lock', async () => {
    const card = await issueTestGiftCard(t, { balance: 1000 });
    const row = (await findCardById(t.db, card.id))!;
    await setCounters(t, row, { failed_attempts: 100 });
    expect(await unlockCard(deps(), card.id, staff)).toEqual({ wasOperatorLocked: true, wasCoolingDownUntil: null, failedAttempts: 100 });
    expect(await countersOf(t, row)).toEqual({ failed_attempts: 0, locked_until: null, operator_locked: 0 });
    expect(await auditOf(card.id)).toEqual([
      expect.objectContaining({ type: 'card.unlock', outcome: 'unlocked', actor: 'support@demo.test', actor_grant: 'support:DEMO', request_id: 'req-7', detail: 'failed attempts were 100' }),
    ]);
    await unlockCard(deps(), card.id, { kind: 'system', what: 'test' });
    expect((await auditOf(card.id)).map((e) => [e.outcome, e.actor])).toEqual([
      ['unlocked', 'support@demo.test'],
      ['counter_reset', 'system:test'],
    ]);
  });

  it('the cardholder’s block, inside the secret check’s transaction, is one event by the cardholder; a repeat is the check’s own event', async () => {
    const card = await issueTestGiftCard(t, { balance: 1000 });
    const block = () =>
      t.app.inject({ method: 'POST', url: cardApi.block.build(), headers: { 'x-flow-type': 'BALANCE' }, payload: { code: 'DEMO', cardNumber: card.number, securityCode: card.securityCode } });
    expect((await block()).statusCode).toBe(200);
    expect((await block()).statusCode).toBe(200);
    expect((await auditOf(card.id)).filter((e) => e.type === 'card.block').map((e) => [e.outcome, e.actor, e.detail])).toEqual([
      ['blocked', 'cardholder', 'lost'],
      ['already_blocked', 'cardholder', 'lost'],
    ]);
    expect((await webhooksOf(card.id)).map((w) => [w.type, w.data.by])).toEqual([['card.blocked', 'cardholder']]);
  });

  it('an adjustment books one ledger entry and records the balance before and after', async () => {
    const card = await issueTestGiftCard(t, { balance: 1000 });
    const reference = `T-${randomUUID()}`;
    const outcome = await adjustBalance(deps(), card.id, { amount: -250, reason: 'till double-charged', reference }, staff);
    expect(outcome).toEqual({ assetCode: 'EUR', amount: -250, balanceBefore: 1000, balanceAfter: 750, booked: true, reference: `adjustment:${reference}` });
    expect(await ledgerOf(card.id)).toEqual([{ kind: 'adjustment', amount: -250, reference: `adjustment:${reference}` }]);
    expect(await auditOf(card.id)).toEqual([
      expect.objectContaining({ type: 'card.adjust', outcome: 'booked', actor: 'support@demo.test', actor_grant: 'support:DEMO', request_id: 'req-7', amount_before: 1000, amount_after: 750 }),
    ]);
    // The same reference books once; with another amount it is refused.
    expect(await adjustBalance(deps(), card.id, { amount: -250, reason: 'again', reference }, staff)).toMatchObject({ booked: false, balanceAfter: 750 });
    expect(await refusalOf(adjustBalance(deps(), card.id, { amount: -300, reason: 'other', reference }, staff))).toBe('REFERENCE_REUSED -250');
    expect(await ledgerOf(card.id)).toHaveLength(1);
    expect(await auditOf(card.id)).toHaveLength(1);
    // The card's webhook goes with the booking, once.
    expect((await webhooksOf(card.id)).map((w) => [w.type, w.data.by, w.data.adjustment])).toEqual([
      ['adjustment.created', 'staff', expect.objectContaining({ amount: { value: -250, assetCode: 'EUR' }, balanceAfter: { value: 750, assetCode: 'EUR' }, reference: `adjustment:${reference}` })],
    ]);
  });

  it('an adjustment never takes the balance below zero: refused, nothing booked', async () => {
    const card = await issueTestGiftCard(t, { balance: 500 });
    expect(await refusalOf(adjustBalance(deps(), card.id, { amount: -501, reason: 'too much' }, operator))).toBe('BALANCE_TOO_LOW 500');
    expect(await ledgerOf(card.id)).toEqual([]);
    expect(await auditOf(card.id)).toEqual([]);
    expect(await adjustBalance(deps(), card.id, { amount: -500, reason: 'all of it' }, operator)).toMatchObject({ balanceAfter: 0, booked: true });
  });

  it('an expiry takes a card past its grace period to zero, records the balance before and after, and books once', async () => {
    const card = await issueTestGiftCard(t, { balance: 1200 });
    const expire = () => withLockedCard(deps(), card.id, (locked) => expireLockedBalance(t.deps, locked, { kind: 'system', what: 'expiry' }));
    // Still valid: nothing to expire.
    expect(await expire()).toEqual([]);
    await updateCard(t.db, card.id, { expires_at: '2020-01-31' });
    expect(await expire()).toEqual([{ assetCode: 'EUR', amount: 1200 }]);
    expect(await expire()).toEqual([]);
    const entries = await t.db.selectFrom('ledger_entries').select(['kind', 'amount']).where('card_id', '=', card.id).where('kind', '=', 'expiry').execute();
    expect(entries).toEqual([{ kind: 'expiry', amount: -1200 }]);
    expect(await auditOf(card.id)).toEqual([expect.objectContaining({ type: 'card.expiry', outcome: 'booked', actor: 'system:expiry', client: null, amount_before: 1200, amount_after: 0 })]);
  });

  it('a failure after a command, in its transaction, rolls back the row, the ledger, the audit event and the webhook', async () => {
    const card = await issueTestGiftCard(t, { balance: 800 });
    const failure = new Error('the caller failed after the command');
    const attempt = withLockedCard(deps(), card.id, async (locked) => {
      await blockLockedCard(t.deps, locked, 'fraud', staff);
      await adjustLockedBalance(t.deps, locked, { amount: -100, reason: 'in the same transaction' }, staff);
      throw failure;
    });
    await expect(attempt).rejects.toBe(failure);
    expect((await findCardById(t.db, card.id))!).toMatchObject({ blocked_at: null, block_reason: null });
    expect(await ledgerOf(card.id)).toEqual([]);
    expect(await auditOf(card.id)).toEqual([]);
    expect(await webhooksOf(card.id)).toEqual([]);
  });

  it('a card id no card has is refused and nothing is written', async () => {
    const id = randomUUID();
    expect(await refusalOf(blockCard(deps(), id, 'lost', staff))).toBe('CARD_NOT_FOUND');
    expect(await refusalOf(adjustBalance(deps(), id, { amount: 100, reason: 'x' }, staff))).toBe('CARD_NOT_FOUND');
    expect(await auditOf(id)).toEqual([]);
  });
});

describe.skipIf(!testPostgresUrl())('the audit trail on PostgreSQL', () => {
  const event = async () => {
    const id = randomUUID();
    await recordAuditEvent(t.db, { id, type: 'maintenance.prune', outcome: 'written', actor: 'system:test' }, '2000-01-01T00:00:00.000Z');
    return id;
  };
  const exists = async (id: string) => (await t.db.selectFrom('audit_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  it('refuses to update or delete an audit event', async () => {
    const id = await event();
    await expect(t.db.updateTable('audit_events').set({ outcome: 'forged' }).where('id', '=', id).execute()).rejects.toThrow(/audit events are never changed \(UPDATE refused\)/);
    await expect(t.db.deleteFrom('audit_events').where('id', '=', id).execute()).rejects.toThrow(/audit events are never changed \(DELETE refused\)/);
    // Saying it is the prune does not let an update through either.
    const update = t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL tessera.audit_prune = 'on'`.execute(trx);
      await trx.updateTable('audit_events').set({ outcome: 'forged' }).where('id', '=', id).execute();
    });
    await expect(update).rejects.toThrow(/UPDATE refused/);
    expect(await t.db.selectFrom('audit_events').select('outcome').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ outcome: 'written' });
  });

  it('lets the retention prune delete old events, only inside its own transaction', async () => {
    const id = await event();
    const pruned = await t.db.transaction().execute((trx) => pruneAuditEventsBefore(trx, '2000-01-02T00:00:00.000Z'));
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect(await exists(id)).toBe(false);
    // The setting ended with that transaction: the next delete on the pool is refused again.
    const later = await event();
    await expect(t.db.deleteFrom('audit_events').where('id', '=', later).execute()).rejects.toThrow(/DELETE refused/);
    expect(await exists(later)).toBe(true);
  });
});
