import { adminCardSchema, auditPageSchema, cardSearchResultSchema, noteSchema, timelinePageSchema } from '@tessera/contracts/admin';
import { replaceApi } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { claimMessage, markSent } from '../src/db/repositories/outbox.js';
import { auditEventsOf, cardRow, replaceBody, setCounters, useFlowTestApp } from './helpers/flows.js';
import { staffCookie } from './helpers/staff.js';

// Support's card routes over HTTP (docs/back-office.md), with sessions made
// directly for the demo staff: what each answers, and what it writes.

const { t } = useFlowTestApp();
const ORIGIN = 'http://localhost:8080';

const call = async (email: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie: await staffCookie(t, email), ...(method === 'POST' && { origin: ORIGIN }) }, ...(payload !== undefined && { payload }) });

describe('POST /admin/api/cards/search', () => {
  it("answers the caller's brands' cards only, masked", async () => {
    const card = await cardRow(t, 'GIFT_BALANCE');
    const demo = await call('support@demo.test', 'POST', '/admin/api/cards/search', { number: '6064 0000 0000 0000 101' });
    expect(demo.statusCode).toBe(200);
    expect(cardSearchResultSchema.parse(demo.json()).cards.map((c) => [c.id, c.masked])).toEqual([[card.id, 'XXXXXXXXXXXXXXXX101']]);
    const acme = await call('support@acme.test', 'POST', '/admin/api/cards/search', { number: '6064 0000 0000 0000 101' });
    expect(acme.json()).toEqual({ cards: [] });
  });

  it('refuses a body that is not one way of searching with 400 VALIDATION_ERROR', async () => {
    const res = await call('support@demo.test', 'POST', '/admin/api/cards/search', { number: '6064', phone: '+31612345601' });
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

describe('GET /admin/api/cards/:id', () => {
  it('answers the card page and records the opening as staff.card_open', async () => {
    const card = await cardRow(t, 'GIFT_BALANCE');
    const res = await call('finance@demo.test', 'GET', `/admin/api/cards/${card.id}`);
    expect(res.statusCode).toBe(200);
    expect(adminCardSchema.parse(res.json())).toMatchObject({ id: card.id, brand: 'DEMO', masked: 'XXXXXXXXXXXXXXXX101' });
    expect((await auditEventsOf(t, 'staff.card_open', card.id)).at(-1)).toMatchObject({ actor: 'finance@demo.test', actor_grant: 'finance:DEMO', client: expect.stringMatching(/\/24$|::\/48$/) });
  });

  it("answers another brand's card exactly as an unknown one", async () => {
    const acme = await cardRow(t, 'GIFT_ACME');
    const foreign = await call('support@demo.test', 'GET', `/admin/api/cards/${acme.id}`);
    const unknown = await call('support@demo.test', 'GET', '/admin/api/cards/no-such-card');
    expect([foreign.statusCode, foreign.json()]).toEqual([404, unknown.json()]);
    expect(unknown.json()).toMatchObject({ code: 'CARD_NOT_FOUND' });
    expect(await auditEventsOf(t, 'staff.card_open', acme.id)).toEqual([]);
  });

  it('answers the timeline page by page', async () => {
    const card = await cardRow(t, 'GIFT_BALANCE');
    const res = await call('brand@demo.test', 'GET', `/admin/api/cards/${card.id}/timeline`);
    expect(res.statusCode).toBe(200);
    expect(timelinePageSchema.parse(res.json()).items.length).toBeGreaterThan(0);
    const bad = await call('brand@demo.test', 'GET', `/admin/api/cards/${card.id}/timeline?cursor=nonsense`);
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

describe('the support actions', () => {
  it('blocks with a reason and a note, unblocks, and answers the card each time; the note is a sealed card note', async () => {
    const card = await cardRow(t, 'GIFT_BALANCE');
    const blocked = await call('support@demo.test', 'POST', `/admin/api/cards/${card.id}/block`, { reason: 'lost', note: 'Called in: lost her wallet' });
    expect(blocked.statusCode).toBe(200);
    expect(adminCardSchema.parse(blocked.json())).toMatchObject({ blocked: true, blockReason: 'lost' });
    expect(blocked.json().timeline[0]).toMatchObject({ kind: 'note', by: 'support@demo.test' });
    const unblocked = await call('support@demo.test', 'POST', `/admin/api/cards/${card.id}/unblock`, {});
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json()).toMatchObject({ blocked: false, blockReason: null });
    const [block] = await auditEventsOf(t, 'card.block', card.id);
    expect(block).toMatchObject({ actor: 'support@demo.test', actor_grant: 'support:DEMO', detail: 'lost' });
    expect(block!.request_id).toEqual(expect.any(String));
    const note = (await t.db.selectFrom('card_notes').select('text_ciphertext').where('card_id', '=', card.id).execute()).at(-1);
    expect(note!.text_ciphertext).not.toContain('wallet');
    // The timeline says it in codes the back office translates: the block's reason, and since when it was blocked.
    const blockedAt = blocked.json().blockedAt as string;
    expect(unblocked.json().timeline.slice(0, 3)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'state', code: 'card.unblocked_since', params: { since: blockedAt, reason: 'lost' }, by: 'support@demo.test' }),
        expect.objectContaining({ kind: 'state', code: 'card.blocked', params: { reason: 'lost' } }),
      ]),
    );
  });

  it('refuses a block without a reason with 400 and blocks nothing', async () => {
    const card = await cardRow(t, 'GIFT_BALANCE');
    const res = await call('support@demo.test', 'POST', `/admin/api/cards/${card.id}/block`, { reason: 'bored' });
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    expect((await cardRow(t, 'GIFT_BALANCE')).blocked_at).toBeNull();
  });

  it('unlocks guessing: the counters are cleared', async () => {
    const card = await cardRow(t, 'GIFT_BALANCE');
    await setCounters(t, card, { failed_attempts: 7 });
    const res = await call('admin@tessera.test', 'POST', `/admin/api/cards/${card.id}/unlock`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().guessing).toMatchObject({ failedAttempts: 0, locked: false });
    expect(res.json().timeline.find((e: { kind: string }) => e.kind === 'guessing')).toMatchObject({ code: 'guessing.unlocked_after', params: { attempts: 7 }, by: 'admin@tessera.test' });
  });

  it('adds a note: 201 the note', async () => {
    const card = await cardRow(t, 'GIFT_BALANCE');
    const res = await call('support@demo.test', 'POST', `/admin/api/cards/${card.id}/notes`, { text: 'Asked for the balance' });
    expect(res.statusCode).toBe(201);
    expect(noteSchema.parse(res.json())).toMatchObject({ cardId: card.id, text: 'Asked for the balance', by: 'support@demo.test' });
  });

  it('keeps a note\u2019s line breaks and refuses its other control characters (400, the field named), also on a block', async () => {
    const card = await cardRow(t, 'GIFT_BALANCE');
    const lines = await call('support@demo.test', 'POST', `/admin/api/cards/${card.id}/notes`, { text: 'Called twice:\nonce on Monday' });
    expect(lines.statusCode).toBe(201);
    expect(noteSchema.parse(lines.json()).text).toBe('Called twice:\nonce on Monday');
    const escape = await call('support@demo.test', 'POST', `/admin/api/cards/${card.id}/notes`, { text: 'ok\u001b[2J' });
    expect(escape.statusCode).toBe(400);
    expect(escape.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'text', message: expect.stringContaining('no control characters') }] });
    const block = await call('support@demo.test', 'POST', `/admin/api/cards/${card.id}/block`, { reason: 'lost', note: 'tab\there' });
    expect(block.statusCode).toBe(400);
    expect(block.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'note' }] });
  });

  it("refuses finance a block (403) and another brand's support the card (404)", async () => {
    const card = await cardRow(t, 'GIFT_BALANCE');
    const finance = await call('finance@demo.test', 'POST', `/admin/api/cards/${card.id}/block`, { reason: 'lost' });
    const acme = await call('support@acme.test', 'POST', `/admin/api/cards/${card.id}/block`, { reason: 'lost' });
    expect([finance.statusCode, finance.json().code, acme.statusCode, acme.json().code]).toEqual([403, 'FORBIDDEN', 404, 'CARD_NOT_FOUND']);
    expect((await cardRow(t, 'GIFT_BALANCE')).blocked_at).toBeNull();
  });
});

describe('POST /admin/api/cards/:id/resend-replacement', () => {
  const replacementMails = (cardId: string) => t.db.selectFrom('outbox_messages').select(['id', 'status']).where('card_id', '=', cardId).orderBy('created_at').execute();

  it('queues the replacement e-mail again by the staff actor, refuses while the first is pending, and answers the card', async () => {
    const replaced = await t.app.inject({ method: 'POST', url: replaceApi.replace.build({ themeCode: 'demo' }), headers: { 'x-flow-type': 'REPLACE' }, payload: replaceBody('GIFT_REPLACE', { email: 'resend@example.nl' }) });
    expect(replaced.statusCode).toBe(200);
    const old = await cardRow(t, 'GIFT_REPLACE');
    const newId = old.replaced_by_card_id!;
    const pending = await call('support@demo.test', 'POST', `/admin/api/cards/${old.id}/resend-replacement`, {});
    expect([pending.statusCode, pending.json().code]).toEqual([409, 'REPLACEMENT_PENDING']);

    const [first] = await replacementMails(newId);
    const now = new Date().toISOString();
    const lease = new Date(Date.now() + 300_000).toISOString();
    await claimMessage(t.db, first!.id, now, lease);
    await markSent(t.db, first!.id, lease, 1, 'smtp', now);
    const res = await call('support@demo.test', 'POST', `/admin/api/cards/${old.id}/resend-replacement`, { note: 'Mail never arrived' });
    expect(res.statusCode).toBe(200);
    expect(adminCardSchema.parse(res.json())).toMatchObject({ id: old.id, replacementSent: true });
    expect((await replacementMails(newId)).map((m) => m.status)).toEqual(['sent', 'pending']);
    expect((await auditEventsOf(t, 'card.replacement_resend', newId)).at(-1)).toMatchObject({ actor: 'support@demo.test', actor_grant: 'support:DEMO', outcome: 'queued' });
  });

  it('refuses a card without a replacement e-mail with 409 NO_REPLACEMENT and sends nothing', async () => {
    const card = await cardRow(t, 'GIFT_BALANCE');
    const notes = () => t.db.selectFrom('card_notes').select('id').where('card_id', '=', card.id).execute();
    const before = await notes();
    const res = await call('support@demo.test', 'POST', `/admin/api/cards/${card.id}/resend-replacement`, { note: 'should not stay' });
    expect([res.statusCode, res.json().code]).toEqual([409, 'NO_REPLACEMENT']);
    expect(await auditEventsOf(t, 'card.replacement_resend', card.id)).toEqual([]);
    expect(await notes()).toEqual(before);
  });
});

describe('GET /admin/api/audit', () => {
  it('lists staff events by actor, filtered by staff e-mail', async () => {
    const res = await call('admin@tessera.test', 'GET', '/admin/api/audit?staff=support@demo.test');
    expect(res.statusCode).toBe(200);
    const items = auditPageSchema.parse(res.json()).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.staff === 'support@demo.test')).toBe(true);
  });
});
