import { randomUUID } from 'node:crypto';
import { replaceApi } from '@tessera/contracts';
import { adminCardSchema, CARD_SEARCH_LIMIT, cardSearchResultSchema, noteSchema, TIMELINE_PAGE_SIZE, timelinePageSchema, type TimelineEntry } from '@tessera/contracts/admin';
import { describe, expect, it } from 'vitest';
import { listStaffAudit } from '../src/back-office/audit/list-staff-audit.js';
import { addCardNote } from '../src/back-office/cards/card-notes.js';
import { readCardTimeline } from '../src/back-office/cards/card-timeline.js';
import { readCardForStaff } from '../src/back-office/cards/read-card.js';
import { searchCards } from '../src/back-office/cards/search-cards.js';
import type { StaffScope } from '../src/back-office/cards/staff-scope.js';
import type { StaffActor } from '../src/card-commands/actor.js';
import { PURPOSE } from '../src/crypto/index.js';
import { recordAuditEvent } from '../src/db/repositories/audit.js';
import { timeOrderedId } from '../src/db/time-ordered-id.js';
import { demoCard } from './helpers/demo.js';
import { cardRow, replaceBody, setCounters, useFlowTestApp } from './helpers/flows.js';
import { seedIdentitySession } from './helpers/identity.js';

// The read side of support's card work (docs/back-office.md): the search,
// the card page with its timeline, notes and the audit listing, as the back office's routes
// call them, on the demo data.

const { t } = useFlowTestApp();

const DEMO: StaffScope = { brands: ['DEMO'] };
const ACME: StaffScope = { brands: ['ACME'] };
const ALL: StaffScope = { brands: 'all' };
const support: StaffActor = { kind: 'staff', email: 'support@demo.test', grant: { role: 'support', brand: 'DEMO' }, client: '203.0.113.0/24', requestId: 'req-1' };
const acmeSupport: StaffActor = { kind: 'staff', email: 'support@acme.test', grant: { role: 'support', brand: 'ACME' }, client: '198.51.100.0/24', requestId: 'req-2' };

const search = async (scope: StaffScope, request: Parameters<typeof searchCards>[2]) => cardSearchResultSchema.parse(await searchCards(t.deps, scope, request)).cards;

async function replaceGiftCard(name: string, email: string) {
  const res = await t.app.inject({ method: 'POST', url: replaceApi.replace.build({ themeCode: 'demo' }), headers: { 'x-flow-type': 'REPLACE' }, payload: replaceBody(name, { email }) });
  expect(res.statusCode).toBe(200);
}

async function expectNotFound(promise: Promise<unknown>) {
  await expect(promise).rejects.toMatchObject({ code: 'CARD_NOT_FOUND' });
}

describe('searchCards', () => {
  it('finds a card by its whole number, typed with spaces, answered with the brand API id, masked number, state and balance', async () => {
    const card = await cardRow(t, 'GIFT_BALANCE');
    const cards = await search(DEMO, { number: '6064 0000 0000 0000 101' });
    expect(cards).toEqual([{ id: card.id, brand: 'DEMO', kind: 'giftcard', masked: 'XXXXXXXXXXXXXXXX101', state: 'active', blocked: false, balance: { value: 2500, assetCode: 'EUR' } }]);
  });

  it('finds a card by its brand and last three or four digits', async () => {
    const card = await cardRow(t, 'GIFT_BALANCE');
    expect((await search(DEMO, { brand: 'DEMO', last: '101' })).map((c) => c.id)).toEqual([card.id]);
    expect((await search(DEMO, { brand: 'demo', last: '0101' })).map((c) => c.id)).toEqual([card.id]);
    // 0 0001 ends VISA_NEW_1 only; 001 ends it too.
    expect((await search(DEMO, { brand: 'DEMO', last: '0001' })).map((c) => c.masked)).toEqual(['XXXXXXXXXXXXXXXX001']);
  });

  it("answers each card's balance as the sum of its ledger in the card's own asset, 0 for a card never loaded, whichever way it searches", async () => {
    const card = await cardRow(t, 'GIFT_NO_EXPIRY');
    const { issueCard } = await import('../src/cards/issue-card.js');
    const { insertLedgerEntries } = await import('../src/db/repositories/ledger.js');
    const at = new Date().toISOString();
    const emptyId = await issueCard(t.db, t.deps.crypto, { brandId: card.brand_id, kind: 'giftcard', cardNumber: '6064 8000 0000 000 4242', state: 'active', assetCode: 'EUR', expiresAt: null }, at);
    const loadedId = await issueCard(t.db, t.deps.crypto, { brandId: card.brand_id, kind: 'giftcard', cardNumber: '6064 8100 0000 000 4242', state: 'active', assetCode: 'EUR', expiresAt: null }, at);
    const entry = (amount: number, assetCode: string, kind: 'load' | 'payout') => ({ id: timeOrderedId(), card_id: loadedId, asset_code: assetCode, amount, kind, reference: `test:${randomUUID()}`, created_at: at });
    await insertLedgerEntries(t.db, [entry(5000, 'EUR', 'load'), entry(-1250, 'EUR', 'payout'), entry(9900, 'USD', 'load')]);
    const balances = (cards: { id: string; balance: { value: number; assetCode: string } }[]) => Object.fromEntries(cards.map((c) => [c.id, c.balance]));
    expect(balances(await search(DEMO, { brand: 'DEMO', last: '4242' }))).toEqual({ [emptyId]: { value: 0, assetCode: 'EUR' }, [loadedId]: { value: 3750, assetCode: 'EUR' } });
    expect(balances(await search(DEMO, { brand: 'DEMO', last: '242' }))).toEqual({ [emptyId]: { value: 0, assetCode: 'EUR' }, [loadedId]: { value: 3750, assetCode: 'EUR' } });
    expect(balances(await search(DEMO, { number: '6064 8100 0000 000 4242' }))).toEqual({ [loadedId]: { value: 3750, assetCode: 'EUR' } });
  });

  it("finds a Visa card by its holder's phone number, in E.164 or as a Dutch number is typed", async () => {
    const card = await cardRow(t, demoCard('VISA_NEW_1').number);
    for (const phone of ['+31612345601', '+31 6 1234 5601', '0612345601', '06-12345601', '0031612345601']) {
      expect((await search(DEMO, { phone })).map((c) => c.id), phone).toEqual([card.id]);
    }
    expect(await search(DEMO, { phone: '+31612345699' })).toEqual([]);
  });

  it("finds a Visa card by its holder's e-mail address in any case", async () => {
    const card = await cardRow(t, demoCard('VISA_ACTIVE').number);
    expect((await search(DEMO, { email: 'M.Bakker@Example.NL' })).map((c) => c.id)).toEqual([card.id]);
  });

  it('finds both cards of a replacement by the address the new card was e-mailed to', async () => {
    const old = await cardRow(t, 'GIFT_REPLACE');
    await replaceGiftCard('GIFT_REPLACE', 'Vervanging@Example.nl');
    const replaced = await cardRow(t, 'GIFT_REPLACE');
    const cards = await search(DEMO, { email: 'vervanging@example.nl' });
    expect(cards.map((c) => c.id).sort()).toEqual([old.id, replaced.replaced_by_card_id!].sort());
    expect(cards.find((c) => c.id === old.id)!.state).toBe('replaced');
  });

  it("answers none of another brand's cards, whichever way it searches", async () => {
    expect(await search(ACME, { number: '6064 0000 0000 0000 101' })).toEqual([]);
    expect(await search(ACME, { brand: 'DEMO', last: '101' })).toEqual([]);
    expect(await search(ACME, { phone: '+31612345601' })).toEqual([]);
    expect(await search(ACME, { email: 'm.bakker@example.nl' })).toEqual([]);
    expect(await search({ brands: [] }, { number: '6064 0000 0000 0000 101' })).toEqual([]);
    // Its own brand's card it finds; an admin of all brands finds both.
    expect((await search(ACME, { number: '6064 1000 0000 0000 201' })).map((c) => c.brand)).toEqual(['ACME']);
    expect((await search(ALL, { number: '6064 0000 0000 0000 101' })).map((c) => c.brand)).toEqual(['DEMO']);
  });

  it('answers at most CARD_SEARCH_LIMIT cards', async () => {
    const card = await cardRow(t, 'GIFT_NO_EXPIRY');
    const { issueCard } = await import('../src/cards/issue-card.js');
    const now = new Date().toISOString();
    for (let i = 0; i < CARD_SEARCH_LIMIT + 2; i++) {
      const number = `6064 9${String(i).padStart(3, '0')} 0000 0000 777`;
      await issueCard(t.db, t.deps.crypto, { brandId: card.brand_id, kind: 'giftcard', cardNumber: number, state: 'active', assetCode: 'EUR', expiresAt: null }, now);
    }
    const cards = await search(DEMO, { brand: 'DEMO', last: '777' });
    expect(cards).toHaveLength(CARD_SEARCH_LIMIT);
    expect(new Set(cards.map((c) => c.id)).size).toBe(CARD_SEARCH_LIMIT);
  });
});

describe('readCardForStaff', () => {
  it('answers the card page: balance, state, block, expiry, guessing counters and the first timeline page', async () => {
    const card = await cardRow(t, 'GIFT_BALANCE');
    const page = adminCardSchema.parse(await readCardForStaff(t.deps, DEMO, support, card.id));
    expect(page).toMatchObject({
      id: card.id,
      brand: 'DEMO',
      kind: 'giftcard',
      masked: 'XXXXXXXXXXXXXXXX101',
      state: 'active',
      blocked: false,
      blockReason: null,
      blockedAt: null,
      balance: { value: 2500, assetCode: 'EUR' },
      expiresAt: '2099-12-31',
      guessing: { failedAttempts: 0, coolingDownUntil: null, locked: false },
      replacementSent: false,
      timelineNextCursor: null,
    });
    expect(page.timeline.find((e) => e.kind === 'ledger')).toMatchObject({ kind: 'ledger', amount: { value: 2500, assetCode: 'EUR' } });
    expect(JSON.stringify(page)).not.toContain('6064');
  });

  it('shows a running cool-down and the lock at 100 wrong secrets', async () => {
    const card = await cardRow(t, 'GIFT_BELOW_FEE');
    const until = new Date(Date.now() + 30 * 60_000).toISOString();
    await setCounters(t, card, { failed_attempts: 5, locked_until: until });
    expect((await readCardForStaff(t.deps, DEMO, support, card.id)).guessing).toEqual({ failedAttempts: 5, coolingDownUntil: until, locked: false });
    await setCounters(t, card, { failed_attempts: 7, locked_until: new Date(Date.now() - 60_000).toISOString() });
    expect((await readCardForStaff(t.deps, DEMO, support, card.id)).guessing).toEqual({ failedAttempts: 7, coolingDownUntil: null, locked: false });
    await setCounters(t, card, { failed_attempts: 100, locked_until: null });
    expect((await readCardForStaff(t.deps, DEMO, support, card.id)).guessing).toEqual({ failedAttempts: 100, coolingDownUntil: null, locked: true });
  });

  it('tells a blocked card, its reason and since when, and that a replacement e-mail was sent', async () => {
    const old = await cardRow(t, 'GIFT_REPLACE');
    const page = await readCardForStaff(t.deps, DEMO, support, old.id);
    expect(page).toMatchObject({ state: 'replaced', replacementSent: true });
    const blocked = await cardRow(t, 'GIFT_EMPTY');
    const since = new Date().toISOString();
    await t.db.updateTable('cards').set({ blocked_at: since, block_reason: 'stolen' }).where('id', '=', blocked.id).execute();
    expect(await readCardForStaff(t.deps, DEMO, support, blocked.id)).toMatchObject({ blocked: true, blockReason: 'stolen', blockedAt: since, state: 'blocked' });
  });

  it('records the opening as staff.card_open by the staff e-mail, with grant, request and truncated address', async () => {
    const card = await cardRow(t, 'GIFT_GRACE');
    await readCardForStaff(t.deps, DEMO, support, card.id);
    const events = await t.db.selectFrom('audit_events').selectAll().where('card_id', '=', card.id).where('type', '=', 'staff.card_open').execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: 'support@demo.test',
      actor_grant: 'support:DEMO',
      request_id: 'req-1',
      client: '203.0.113.0/24',
      outcome: 'opened',
      brand_id: card.brand_id,
      detail: null,
    });
  });

  it('keeps the openings off the timeline, which shows what changed the card, and on the audit trail, every one', async () => {
    const card = await cardRow(t, 'GIFT_PAYOUT');
    const first = await readCardForStaff(t.deps, DEMO, support, card.id);
    const history = first.timeline.map((e) => JSON.stringify(e));
    for (let i = 0; i < 30; i++) await readCardForStaff(t.deps, DEMO, support, card.id);
    await recordAuditEvent(t.db, { type: 'card.block', outcome: 'blocked', brandId: card.brand_id, cardId: card.id, actor: 'support@demo.test', detail: 'lost' }, new Date().toISOString());
    const page = await readCardForStaff(t.deps, DEMO, support, card.id);
    // The block on top, then the card's history as before: none of the 32 openings in between.
    expect(page.timeline[0]).toMatchObject({ kind: 'state', code: 'card.blocked', by: 'support@demo.test' });
    expect(page.timeline.slice(1).map((e) => JSON.stringify(e))).toEqual(history);
    expect(page.timeline.filter((e) => e.kind === 'lookup' && e.by === 'support@demo.test')).toEqual([]);
    expect(JSON.stringify((await readCardTimeline(t.deps, DEMO, card.id)).items)).not.toMatch(/opened|card_open/);
    const openings = (await listStaffAudit(t.deps, DEMO, { card: card.id })).items.filter((i) => i.action === 'staff.card_open');
    expect(openings).toHaveLength(32);
    expect(openings[0]).toMatchObject({ staff: 'support@demo.test', action: 'staff.card_open', outcome: 'opened', remark: null, detail: 'opened' });
  });

  it("answers CARD_NOT_FOUND for another brand's card, as for an unknown id, and records no opening", async () => {
    const card = await cardRow(t, 'GIFT_IDENTIFY');
    await expectNotFound(readCardForStaff(t.deps, ACME, acmeSupport, card.id));
    await expectNotFound(readCardForStaff(t.deps, DEMO, support, randomUUID()));
    await expectNotFound(readCardTimeline(t.deps, ACME, card.id));
    await expectNotFound(addCardNote(t.deps, ACME, acmeSupport, card.id, 'not mine'));
    const events = await t.db.selectFrom('audit_events').select('id').where('card_id', '=', card.id).where('type', 'in', ['staff.card_open', 'card.note']).execute();
    expect(events).toEqual([]);
  });
});

describe('addCardNote', () => {
  it('stores the note sealed, audits it without its text and shows it in the timeline by its author', async () => {
    const card = await cardRow(t, 'GIFT_RESET');
    const text = 'Mevrouw Jansen belde: kaart in de was gegaan';
    const note = noteSchema.parse(await addCardNote(t.deps, DEMO, support, card.id, `  ${text} `));
    expect(note).toMatchObject({ cardId: card.id, text, by: 'support@demo.test' });

    const rows = await t.db.selectFrom('card_notes').selectAll().where('card_id', '=', card.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('Jansen');
    expect(t.deps.crypto.cipher.decrypt(rows[0]!.text_ciphertext, PURPOSE.cardNote)).toBe(text);

    const events = await t.db.selectFrom('audit_events').selectAll().where('card_id', '=', card.id).where('type', '=', 'card.note').execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor: 'support@demo.test', actor_grant: 'support:DEMO', request_id: 'req-1' });
    expect(events[0]!.detail).toContain(`note ${note.id}`);
    expect(events[0]!.detail).not.toContain('Jansen');

    const timeline = await readCardTimeline(t.deps, DEMO, card.id);
    expect(timeline.items[0]).toEqual({ at: note.at, kind: 'note', summary: `Note: ${text}`, code: 'note', params: { text }, by: 'support@demo.test' });
    expect(timeline.items.filter((e) => e.summary.includes('card.note'))).toEqual([]);
  });

  it('refuses an empty note and one over 2000 characters', async () => {
    const card = await cardRow(t, 'GIFT_RESET');
    await expect(addCardNote(t.deps, DEMO, support, card.id, '   ')).rejects.toThrow();
    await expect(addCardNote(t.deps, DEMO, support, card.id, 'x'.repeat(2001))).rejects.toThrow();
  });
});

describe('readCardTimeline', () => {
  it('pages through 1 000 entries of five sources newest first, without a gap or a repeat, also across entries of one instant', async () => {
    const card = await cardRow(t, 'GIFT_NO_EXPIRY');
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    // 100 instants, ten entries each from different tables: pages split instants.
    const instant = (i: number) => new Date(base + Math.floor(i / 10) * 1000).toISOString();
    const ledger = Array.from({ length: 400 }, (_, i) => ({
      id: timeOrderedId(), card_id: card.id, asset_code: 'EUR', amount: i + 1, kind: 'adjustment' as const, reference: `timeline-test-${i}`, created_at: instant(i),
    }));
    const audit = Array.from({ length: 300 }, (_, i) => ({
      id: randomUUID(), occurred_at: instant(i + 3), type: 'card.block', outcome: 'blocked', brand_id: card.brand_id, card_id: card.id, flow_type: null,
      client: i % 2 === 0 ? 'operator:ops' : 'staff:support@demo.test', detail: `event ${i}`,
    }));
    const notes = Array.from({ length: 200 }, (_, i) => ({
      id: timeOrderedId(), card_id: card.id, brand_id: card.brand_id, text_ciphertext: t.deps.crypto.cipher.encrypt(`note ${i}`, PURPOSE.cardNote), author: 'support@demo.test', created_at: instant(i + 7),
    }));
    const messages = Array.from({ length: 100 }, (_, i) => ({
      id: timeOrderedId(), channel: 'email' as const, purpose: 'test_message', brand_id: card.brand_id, card_id: card.id, dedupe_key: null, payload_ciphertext: null,
      recipient_hint: `m***@example.com ${i}`, status: 'sent' as const, attempts: 1, next_attempt_at: instant(i), lease_until: null, last_error: null, delivered_via: 'local',
      created_at: instant(i * 9), sent_at: instant(i * 9), updated_at: instant(i * 9),
    }));
    for (let i = 0; i < ledger.length; i += 100) await t.db.insertInto('ledger_entries').values(ledger.slice(i, i + 100)).execute();
    for (let i = 0; i < audit.length; i += 100) await t.db.insertInto('audit_events').values(audit.slice(i, i + 100)).execute();
    for (let i = 0; i < notes.length; i += 100) await t.db.insertInto('card_notes').values(notes.slice(i, i + 100)).execute();
    await t.db.insertInto('outbox_messages').values(messages).execute();

    const seen: TimelineEntry[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = timelinePageSchema.parse(await readCardTimeline(t.deps, DEMO, card.id, cursor));
      pages += 1;
      if (page.nextCursor !== null) expect(page.items).toHaveLength(TIMELINE_PAGE_SIZE);
      seen.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined && pages < 100);

    // The seed's load and its audit events are the card's too.
    const before = await t.db.selectFrom('ledger_entries').select('id').where('card_id', '=', card.id).where('reference', 'not like', 'timeline-test-%').execute();
    const seededAudit = await t.db.selectFrom('audit_events').select('id').where('card_id', '=', card.id).where('detail', 'not like', 'event %').execute();
    expect(seen).toHaveLength(1000 + before.length + seededAudit.length);
    expect(pages).toBe(Math.ceil(seen.length / TIMELINE_PAGE_SIZE));
    const keys = seen.map((e) => JSON.stringify(e));
    expect(new Set(keys).size).toBe(keys.length);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.at <= seen[i - 1]!.at, `entry ${i}`).toBe(true);
    for (let i = 0; i < 400; i++) expect(seen.some((e) => e.kind === 'ledger' && e.amount?.value === i + 1), `ledger ${i}`).toBe(true);
    expect(seen.filter((e) => e.kind === 'note')).toHaveLength(200);
    expect(seen.filter((e) => e.kind === 'message')).toHaveLength(100);
    expect(new Set(seen.filter((e) => e.summary.startsWith('card.block')).map((e) => e.by))).toEqual(new Set(['operator', 'support@demo.test']));
  });

  it('shows a payout by its IBAN hint only and the registration, both by the cardholder', async () => {
    const card = await cardRow(t, 'GIFT_IDENTIFY');
    const session = await seedIdentitySession(t, { flowType: 'IDENTIFY' });
    const at = '2026-02-03T10:00:00.000Z';
    await t.db.insertInto('card_registrations').values({ card_id: card.id, brand_id: card.brand_id, identity_session_id: session.id, subject_hash: 'subject', identity_ciphertext: 'v1.x', created_at: at }).execute();
    await t.db
      .insertInto('payouts')
      .values({
        id: randomUUID(), card_id: card.id, brand_id: card.brand_id, attempt: 1, amount: 1850, fee: 150, asset_code: 'EUR', name_ciphertext: 'v1.x', iban_ciphertext: 'v1.x',
        iban_hint: 'NL91ABNA******4300', bic: 'ABNANL2A', identity_session_id: session.id, status: 'pending', batch_id: null, end_to_end_id: `e2e-${randomUUID()}`,
        created_at: '2026-02-03T10:05:00.000Z', exported_at: null, settled_at: null, updated_at: '2026-02-03T10:05:00.000Z',
      })
      .execute();
    const items = (await readCardTimeline(t.deps, DEMO, card.id)).items.filter((e) => e.at.startsWith('2026-02-03'));
    expect(items).toEqual([
      {
        at: '2026-02-03T10:05:00.000Z',
        kind: 'payout',
        summary: 'Payout of 18.50 EUR (fee 1.50 EUR) to the IBAN ending 4300 (pending)',
        code: 'payout',
        params: { amount: { value: 1850, assetCode: 'EUR' }, fee: { value: 150, assetCode: 'EUR' }, iban: '4300', status: 'pending' },
        by: 'cardholder',
      },
      { at, kind: 'registration', summary: 'Registered to a bank-verified identity', code: 'registration', params: {}, by: 'cardholder' },
    ]);
  });

  it('refuses a cursor it did not make', async () => {
    const card = await cardRow(t, 'GIFT_NO_EXPIRY');
    await expect(readCardTimeline(t.deps, DEMO, card.id, 'not-a-cursor')).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('names who did it: an API key by its name, a cardholder, the operator, the system; messages with the recipient masked', async () => {
    const card = await cardRow(t, 'GIFT_PAYOUT');
    const keyId = randomUUID();
    const now = new Date().toISOString();
    await t.db.insertInto('api_keys').values({ id: keyId, brand_id: card.brand_id, name: 'Kassa Utrecht', prefix: 'tsk_abcdefgh', key_hash: `hash-${keyId}`, scopes: 'cards:read', created_at: now, last_used_at: null, revoked_at: null }).execute();
    await recordAuditEvent(t.db, { type: 'card.block', outcome: 'blocked', brandId: card.brand_id, cardId: card.id, client: `api-key:${keyId}`, detail: 'lost' }, now);
    await recordAuditEvent(t.db, { type: 'giftcard.lookup', outcome: 'found', brandId: card.brand_id, cardId: card.id, client: '192.0.2.0/24', detail: null }, now);
    await recordAuditEvent(t.db, { type: 'card.lockout', outcome: 'cooldown_30m', brandId: card.brand_id, cardId: card.id, client: null, detail: 'after 5 consecutive wrong secrets' }, now);
    await recordAuditEvent(t.db, { type: 'card.adjust', outcome: 'booked', brandId: card.brand_id, cardId: card.id, client: 'operator:ops', detail: 'refund to NL91ABNA0417164300, call +31612345601 or jan@example.com' }, now);
    const items = (await readCardTimeline(t.deps, DEMO, card.id)).items.filter((e) => e.at === now);
    expect(items.map((e) => [e.kind, e.by])).toEqual(
      expect.arrayContaining([
        ['state', 'api:Kassa Utrecht'],
        ['lookup', 'cardholder'],
        ['guessing', 'system'],
        ['state', 'operator'],
      ]),
    );
    expect(items.find((e) => e.kind === 'guessing')!.summary).toContain('cool-down of 30 minutes');
    // What the back office translates: a code and its params; free text (the adjustment's) masked in them too.
    expect(items.map((e) => [e.code, e.params])).toEqual(
      expect.arrayContaining([
        ['card.blocked', { reason: 'lost' }],
        ['lookup.balance', { outcome: 'found' }],
        ['guessing.cooldown_30m', { detail: 'after 5 consecutive wrong secrets' }],
        ['card.adjusted', { detail: expect.stringContaining('j***@example.com') }],
      ]),
    );
    const text = JSON.stringify(items);
    for (const full of ['NL91ABNA0417164300', '+31612345601', '31612345601', 'jan@example.com']) expect(text).not.toContain(full);
    expect(text).toContain('j***@example.com');
  });
});

describe('listStaffAudit', () => {
  it('shows an admin of all brands every event, newest first, a page at a time through the cursor, none twice or left out', async () => {
    await recordAuditEvent(t.db, { type: 'maintenance.prune', outcome: 'pruned', client: 'operator:ops', detail: null }, new Date().toISOString());
    const total = Number((await t.db.selectFrom('audit_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const seen: { at: string; card: string | null }[] = [];
    let cursor: string | undefined;
    do {
      const page = await listStaffAudit(t.deps, ALL, cursor === undefined ? {} : { cursor });
      if (page.nextCursor !== null) expect(page.items).toHaveLength(50);
      seen.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(total).toBeGreaterThan(50);
    expect(seen).toHaveLength(total);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.at <= seen[i - 1]!.at).toBe(true);
    expect(seen.some((i) => i.card === null)).toBe(true);
  });

  it("shows others only their brands' card events; another brand or its card answers an empty list", async () => {
    const demoCard = await cardRow(t, 'GIFT_BALANCE');
    const acmeCard = await cardRow(t, 'GIFT_ACME');
    await readCardForStaff(t.deps, ACME, acmeSupport, acmeCard.id);
    const demo = await listStaffAudit(t.deps, DEMO, {});
    expect(demo.items.length).toBeGreaterThan(0);
    expect(demo.items.every((i) => i.card !== null && i.brand === 'DEMO')).toBe(true);
    expect(await listStaffAudit(t.deps, DEMO, { brand: 'ACME' })).toEqual({ items: [], nextCursor: null });
    expect(await listStaffAudit(t.deps, DEMO, { card: acmeCard.id })).toEqual({ items: [], nextCursor: null });
    const acme = await listStaffAudit(t.deps, ACME, {});
    expect(acme.items.map((i) => i.card)).toContain(acmeCard.id);
    expect(acme.items.every((i) => i.brand === 'ACME')).toBe(true);
    // A card of one's own brand: its events only.
    const ofCard = await listStaffAudit(t.deps, DEMO, { card: demoCard.id });
    expect(ofCard.items.length).toBeGreaterThan(0);
    expect(ofCard.items.every((i) => i.card === demoCard.id)).toBe(true);
  });

  it("filters by the staff member's e-mail and names the actor as the timeline does", async () => {
    const items = (await listStaffAudit(t.deps, ALL, { staff: 'Support@ACME.test' })).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.staff === 'support@acme.test')).toBe(true);
    expect(items.map((i) => i.action)).toContain('staff.card_open');
  });

  it('never answers a full IBAN, phone number or e-mail address in a detail', async () => {
    const card = await cardRow(t, 'GIFT_BALANCE');
    await recordAuditEvent(t.db, { type: 'card.adjust', outcome: 'booked', brandId: card.brand_id, cardId: card.id, client: 'operator:ops', detail: 'to NL91 ABNA 0417 1643 00 for +31 6 1234 5601, jan.de.vries@example.com, card 6064 0000 0000 0000 101' }, new Date(Date.now() + 60_000).toISOString());
    const [item] = (await listStaffAudit(t.deps, DEMO, { card: card.id })).items;
    expect(item!.action).toBe('card.adjust');
    for (const full of ['NL91 ABNA 0417 1643 00', 'NL91ABNA0417164300', '1234 5601', 'jan.de.vries@example.com', '6064 0000 0000 0000 101', '0417']) {
      expect(item!.detail).not.toContain(full);
      expect(item!.remark).not.toContain(full);
    }
    expect(item!.detail).toContain('j***@example.com');
    // The detail's two parts for the app: the outcome it translates, the free text it shows as written.
    expect(item).toMatchObject({ outcome: 'booked', remark: expect.stringContaining('j***@example.com') });
    expect(item!.detail).toBe(`booked: ${item!.remark}`);
  });
});
