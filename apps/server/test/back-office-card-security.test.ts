import { describe, expect, it } from 'vitest';
import { recordAuditEvent } from '../src/db/repositories/audit.js';
import { DEMO_CARDS } from '../src/demo/cards.js';
import { demoCard } from './helpers/demo.js';
import { cardRow, useFlowTestApp } from './helpers/flows.js';
import { staffCookie } from './helpers/staff.js';

// What the back office's card routes never give away or let happen: a change without the back
// office's Origin, a card number, phone number, cardholder e-mail or IBAN in full in an answer,
// a card number in a log line.

const { t, log } = useFlowTestApp();
const ORIGIN = 'http://localhost:8080';
const digits = (text: string) => text.replace(/\D/g, '');

const call = async (email: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie: await staffCookie(t, email), ...(method === 'POST' && { origin: ORIGIN }) }, ...(payload !== undefined && { payload }) });

describe('a card route that changes something', () => {
  it('without the back office Origin, or with another, answers 403 FORBIDDEN and leaves the card unblocked', async () => {
    const card = await cardRow(t, 'GIFT_BALANCE');
    const cookie = await staffCookie(t, 'support@demo.test');
    for (const origin of [undefined, 'https://evil.example', 'http://localhost:8080.evil.example', 'null']) {
      for (const [url, payload] of [
        [`/admin/api/cards/${card.id}/block`, { reason: 'fraud' }],
        [`/admin/api/cards/${card.id}/notes`, { text: 'forged' }],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url, headers: { cookie, ...(origin !== undefined && { origin }) }, payload });
        expect([res.statusCode, res.json().code], `${String(origin)} ${url}`).toEqual([403, 'FORBIDDEN']);
      }
    }
    expect((await cardRow(t, 'GIFT_BALANCE')).blocked_at).toBeNull();
    expect(await t.db.selectFrom('card_notes').select('id').where('card_id', '=', card.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('audit_events').select('id').where('card_id', '=', card.id).where('type', 'in', ['card.block', 'card.note']).execute()).toEqual([]);
  });
});

describe('the answers of the card routes', () => {
  it('hold no full card number, phone number, cardholder e-mail or IBAN: cards are masked, details masked', async () => {
    const visa = await cardRow(t, demoCard('VISA_ACTIVE').number);
    const iban = 'NL91ABNA0417164300';
    await recordAuditEvent(t.db, { type: 'card.adjust', outcome: 'booked', brandId: visa.brand_id, cardId: visa.id, client: 'operator:ops', detail: `refund to ${iban} for +31612345610, m.bakker@example.nl` }, new Date().toISOString());
    const answers = [
      await call('support@demo.test', 'POST', '/admin/api/cards/search', { number: demoCard('VISA_ACTIVE').number }),
      await call('support@demo.test', 'POST', '/admin/api/cards/search', { phone: '+31612345610' }),
      await call('support@demo.test', 'POST', '/admin/api/cards/search', { email: 'm.bakker@example.nl' }),
      await call('support@demo.test', 'POST', '/admin/api/cards/search', { brand: 'DEMO', last: '010' }),
      await call('support@demo.test', 'GET', `/admin/api/cards/${visa.id}`),
      await call('support@demo.test', 'GET', `/admin/api/cards/${visa.id}/timeline`),
      await call('support@demo.test', 'POST', `/admin/api/cards/${visa.id}/unlock`, {}),
      await call('admin@tessera.test', 'GET', '/admin/api/audit'),
      await call('support@demo.test', 'GET', `/admin/api/audit?card=${visa.id}`),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200]);
    const found = answers[0]!.json().cards as { masked: string }[];
    expect(found.map((c) => c.masked)).toEqual(['XXXXXXXXXXXXXXXX010']);
    const text = answers.map((a) => a.body).join('\n');
    const bare = digits(text);
    for (const card of DEMO_CARDS) expect(bare, card.name).not.toContain(digits(card.number));
    for (const full of ['+31612345610', '0612345610', 'm.bakker@example.nl', iban, 'NL91 ABNA 0417 1643 00']) expect(text, full).not.toContain(full);
    expect(bare).not.toContain('612345610');
    expect(bare).not.toContain('0417164300');
  });
});

describe('the log', () => {
  it('of a search by number and a block and unblock of the card holds no card number', async () => {
    const number = demoCard('GIFT_BALANCE').number;
    const found = await call('support@demo.test', 'POST', '/admin/api/cards/search', { number });
    const [card] = found.json().cards as { id: string }[];
    expect((await call('support@demo.test', 'POST', `/admin/api/cards/${card!.id}/block`, { reason: 'lost' })).statusCode).toBe(200);
    expect((await call('support@demo.test', 'POST', `/admin/api/cards/${card!.id}/unblock`, {})).statusCode).toBe(200);
    const logged = log.strings();
    expect(logged).toContain('/admin/api/cards/search');
    expect(logged).not.toContain(digits(number));
    expect(logged).not.toContain(digits(number).slice(0, 12));
    for (const url of log.requestUrls()) expect(digits(url)).not.toContain(digits(number));
  });
});
