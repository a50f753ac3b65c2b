import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertStaffGrant } from '../src/db/repositories/staff-grants.js';
import type { LedgerEntriesTable } from '../src/db/schema.js';
import { csvField, parseCsv } from '../src/operator/cli/csv.js';
import { reportActivity } from '../src/operator/report-activity.js';
import { insertBareCard } from './helpers/bare-card.js';
import { staffCookie } from './helpers/staff.js';
import { useTestApp } from './helpers/test-app.js';

// The back office's reports (GET /admin/api/reports/liability|expiring|activity) against a ledger
// built by hand for a brand of its own (RPT): figures at Amsterdam day boundaries around midnight
// and around the change to summer time (Sunday 29 March 2026, 01:00 UTC), roles and brands, CSV.

const NOW = new Date('2026-04-02T10:00:00Z');
const t = useTestApp({ now: () => NOW, env: { RATE_LIMIT_PER_MINUTE: '100000' } });

const BRAND = 'RPT';
let brandId: string;

const get = async (email: string, url: string, accept = 'application/json') =>
  t.app.inject({ method: 'GET', url, headers: { cookie: await staffCookie(t, email), accept } });

async function addCard(name: string, asset: string, expiresAt: string | null): Promise<string> {
  const id = `card-rpt-${name}`;
  await insertBareCard(t.db, { id, brandId, asset, expiresAt });
  return id;
}

async function addEntry(cardId: string, asset: string, kind: LedgerEntriesTable['kind'], amount: number, createdAt: string) {
  await t.db.insertInto('ledger_entries').values({ id: randomUUID(), card_id: cardId, asset_code: asset, amount, kind, reference: `test:${randomUUID()}`, created_at: createdAt }).execute();
}

async function addEvent(type: string, outcome: string, occurredAt: string, cardId: string) {
  await t.db
    .insertInto('audit_events')
    .values({ id: randomUUID(), occurred_at: occurredAt, type, outcome, brand_id: brandId, card_id: cardId, flow_type: null, client: null, detail: null, actor: 'cardholder', actor_grant: null, request_id: null, amount_before: null, amount_after: null })
    .execute();
}

beforeAll(async () => {
  const demo = await t.db.selectFrom('brands').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow();
  brandId = 'brand-rpt';
  await t.db.insertInto('brands').values({ ...demo, id: brandId, code: BRAND, slug: 'rpt', name: 'Reports test' }).execute();
  await insertStaffGrant(t.db, { email: 'finance@rpt.test', role: 'finance', brandId, grantedBy: 'test', grantedAt: NOW.toISOString() });
  await insertStaffGrant(t.db, { email: 'brand@rpt.test', role: 'brand-admin', brandId, grantedBy: 'test', grantedAt: NOW.toISOString() });
  await insertStaffGrant(t.db, { email: 'support@rpt.test', role: 'support', brandId, grantedBy: 'test', grantedAt: NOW.toISOString() });

  // Today (NOW) is Thursday 2 April 2026 in Amsterdam; windows of 30, 60 and 90 days end on 2 May,
  // 1 June and 1 July (included).
  const a = await addCard('a', 'EUR', '2026-05-02');
  const b = await addCard('b', 'EUR', '2026-05-03');
  const c = await addCard('c', 'USD', '2026-06-30T12:00:00.000Z');
  const d = await addCard('d', 'EUR', '2026-04-01');
  const e = await addCard('e', 'EUR', '2026-04-10');
  const f = await addCard('f', 'EUR', '2026-07-01');
  const g = await addCard('g', 'EUR', '2026-07-02');

  await addEntry(a, 'EUR', 'load', 10_000, '2026-03-20T12:00:00.000Z');
  // 23:59:59.999 on Friday 27 March in Amsterdam (UTC+1), then midnight: Saturday 28 March.
  await addEntry(b, 'EUR', 'load', 1_000, '2026-03-27T22:59:59.999Z');
  await addEntry(a, 'EUR', 'payout', -500, '2026-03-27T23:00:00.000Z');
  // 00:30 on Sunday 29 March (still UTC+1: the clock moves at 01:00 UTC), and 23:59:59 that day (UTC+2).
  await addEntry(a, 'EUR', 'adjustment', -100, '2026-03-28T23:30:00.000Z');
  await addEntry(b, 'EUR', 'redemption', -200, '2026-03-29T21:59:59.000Z');
  // Midnight on Monday 30 March (UTC+2).
  await addEntry(b, 'EUR', 'load', 300, '2026-03-29T22:00:00.000Z');
  await addEntry(c, 'USD', 'load', 700, '2026-03-31T12:00:00.000Z');
  await addEntry(d, 'EUR', 'load', 400, '2026-03-01T12:00:00.000Z');
  await addEntry(e, 'EUR', 'load', 250, '2026-03-01T12:00:00.000Z');
  await addEntry(e, 'EUR', 'redemption', -250, '2026-03-01T13:00:00.000Z');
  await addEntry(f, 'EUR', 'load', 50, '2026-03-01T12:00:00.000Z');
  await addEntry(g, 'EUR', 'load', 60, '2026-03-01T12:00:00.000Z');
  // After the period asked for below: in no figure of it.
  await addEntry(a, 'EUR', 'load', 5, '2026-04-01T22:00:00.000Z');

  await addEvent('giftcard.lookup', 'success', '2026-03-28T23:30:00.000Z', a);
  await addEvent('giftcard.lookup', 'wrong_secret', '2026-03-28T23:31:00.000Z', a);
  await addEvent('visa.login', 'success', '2026-03-27T23:00:00.000Z', b);
  await addEvent('giftcard.lookup', 'success', '2026-03-27T22:59:00.000Z', b);
  await addEvent('visa.holder_update', 'success', '2026-03-30T08:00:00.000Z', c);
  await addEvent('visa.holder_update', 'unchanged', '2026-03-30T08:01:00.000Z', c);
});

const PERIOD = 'brand=RPT&from=2026-03-27&to=2026-04-01';

describe('GET /admin/api/reports/liability', () => {
  it('answers the outstanding balance per asset at the end of each Amsterdam day, across midnight and the change to summer time', async () => {
    const res = await get('finance@rpt.test', `/admin/api/reports/liability?${PERIOD}`);
    expect(res.statusCode, res.body).toBe(200);
    const days = ['2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01'];
    // EUR: 10 000 + 400 + 50 + 60 (and 250 - 250) before the period; then +1 000 on the 27th, -500 on the 28th,
    // -100 and -200 on the 29th, +300 on the 30th.
    const eur = [11_510, 11_010, 10_710, 11_010, 11_010, 11_010];
    const usd = [0, 0, 0, 0, 700, 700];
    expect(res.json()).toEqual({
      points: days.flatMap((date, i) => [
        { date, value: eur[i], assetCode: 'EUR' },
        { date, value: usd[i], assetCode: 'USD' },
      ]),
    });
    expect(res.headers.vary).toMatch(/accept/i);
  });

  it('equals the CLI liability at the end of each day (the same sums)', async () => {
    const res = await get('admin@tessera.test', `/admin/api/reports/liability?${PERIOD}`);
    const points = (res.json() as { points: { date: string; value: number; assetCode: string }[] }).points;
    const { reportLiability } = await import('../src/operator/report-liability.js');
    const { reportMoment } = await import('../src/domain/report-period.js');
    for (const date of ['2026-03-28', '2026-03-29', '2026-03-31']) {
      const rows = await reportLiability(t.deps, { at: reportMoment(date)!, brand: BRAND });
      expect(points.filter((p) => p.date === date).filter((p) => p.value !== 0).map((p) => ({ asset: p.assetCode, balance: p.value }))).toEqual(rows.map((r) => ({ asset: r.asset, balance: r.balance })));
    }
  });

  it('answers CSV with Accept: text/csv: a download, one row a day and asset, text cells neutralised', async () => {
    const res = await get('brand@rpt.test', `/admin/api/reports/liability?${PERIOD}`, 'text/csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="liability-RPT-2026-03-27-2026-04-01.csv"');
    expect(res.body).toMatch(/^date,brand,asset,balance_minor\r\n(.*\r\n)+$/);
    const rows = parseCsv(res.body).map((r) => r.fields);
    expect(rows).toHaveLength(1 + 12);
    expect(rows[1]).toEqual(['2026-03-27', 'RPT', 'EUR', '11510']);
    expect(rows.at(-1)).toEqual(['2026-04-01', 'RPT', 'USD', '700']);
  });

  it('takes the 30 days up to today without a period', async () => {
    const res = await get('finance@rpt.test', '/admin/api/reports/liability?brand=RPT');
    expect(res.statusCode).toBe(200);
    const dates = [...new Set((res.json() as { points: { date: string }[] }).points.map((p) => p.date))];
    expect(dates).toHaveLength(30);
    expect([dates[0], dates.at(-1)]).toEqual(['2026-03-04', '2026-04-02']);
  });

  it('refuses a period that is not one with 400 VALIDATION_ERROR', async () => {
    for (const query of ['from=2026-04-01&to=2026-03-01', 'from=2026-02-30&to=2026-03-01', 'from=2025-01-01&to=2026-03-01', 'from=2026-04-01&to=2026-04-03', 'from=2026-04-05', 'from=yesterday']) {
      const res = await get('finance@rpt.test', `/admin/api/reports/liability?brand=RPT&${query}`);
      expect([res.statusCode, res.json().code], query).toEqual([400, 'VALIDATION_ERROR']);
    }
  });
});

describe('GET /admin/api/reports/expiring', () => {
  it('answers the balances above zero expiring within 30, 60 and 90 Amsterdam days from today, per asset', async () => {
    const res = await get('finance@rpt.test', '/admin/api/reports/expiring?brand=RPT');
    expect(res.statusCode, res.body).toBe(200);
    // a (2 May, 9 405) within 30; b (3 May, 1 100) within 60; f (1 July, the 90th day, 50) and c (30 June, USD 700)
    // within 90; d expired yesterday, e holds nothing, g is the 91st day.
    expect(res.json()).toEqual({
      buckets: [
        { withinDays: 30, value: 9_405, cards: 1, assetCode: 'EUR' },
        { withinDays: 60, value: 10_505, cards: 2, assetCode: 'EUR' },
        { withinDays: 90, value: 10_555, cards: 3, assetCode: 'EUR' },
        { withinDays: 30, value: 0, cards: 0, assetCode: 'USD' },
        { withinDays: 60, value: 0, cards: 0, assetCode: 'USD' },
        { withinDays: 90, value: 700, cards: 1, assetCode: 'USD' },
      ],
    });
  });

  it('answers CSV', async () => {
    const res = await get('finance@rpt.test', '/admin/api/reports/expiring?brand=RPT', 'text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="expiring-RPT-2026-04-02.csv"');
    expect(res.body.split('\r\n').slice(0, 2)).toEqual(['from,within_days,brand,asset,balance_minor,cards', '2026-04-02,30,RPT,EUR,9405,1']);
  });
});

describe('GET /admin/api/reports/activity', () => {
  it('answers lookups, activations and the ledger per kind per Amsterdam day', async () => {
    const res = await get('finance@rpt.test', `/admin/api/reports/activity?${PERIOD}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      points: [
        { date: '2026-03-27', kind: 'load', count: 1, value: 1_000, assetCode: 'EUR' },
        { date: '2026-03-27', kind: 'lookup', count: 1, value: null, assetCode: null },
        { date: '2026-03-28', kind: 'lookup', count: 1, value: null, assetCode: null },
        { date: '2026-03-28', kind: 'payout', count: 1, value: -500, assetCode: 'EUR' },
        { date: '2026-03-29', kind: 'adjustment', count: 1, value: -100, assetCode: 'EUR' },
        { date: '2026-03-29', kind: 'lookup', count: 1, value: null, assetCode: null },
        { date: '2026-03-29', kind: 'redemption', count: 1, value: -200, assetCode: 'EUR' },
        { date: '2026-03-30', kind: 'activation', count: 1, value: null, assetCode: null },
        { date: '2026-03-30', kind: 'load', count: 1, value: 300, assetCode: 'EUR' },
        { date: '2026-03-31', kind: 'load', count: 1, value: 700, assetCode: 'USD' },
      ],
    });
  });

  it('counts the ledger as the CLI does (one service)', async () => {
    const rows = await reportActivity(t.deps, { from: '2026-03-27', to: '2026-04-01', brand: BRAND });
    expect(rows.map((r) => [r.day, r.kind, r.entries, r.amount])).toEqual([
      ['2026-03-27', 'load', 1, 1_000],
      ['2026-03-28', 'payout', 1, -500],
      ['2026-03-29', 'adjustment', 1, -100],
      ['2026-03-29', 'redemption', 1, -200],
      ['2026-03-30', 'load', 1, 300],
      ['2026-03-31', 'load', 1, 700],
    ]);
  });

  it('answers CSV: lookups without an amount', async () => {
    const res = await get('finance@rpt.test', `/admin/api/reports/activity?${PERIOD}`, 'text/csv, application/json;q=0.5');
    expect(res.headers['content-disposition']).toBe('attachment; filename="activity-RPT-2026-03-27-2026-04-01.csv"');
    expect(res.body.split('\r\n').slice(0, 3)).toEqual(['date,brand,kind,count,asset,amount_minor', '2026-03-27,RPT,load,1,EUR,1000', '2026-03-27,RPT,lookup,1,,']);
    // Through the CLI's CSV writer: a negative amount is a number, not a text cell neutralised with a quote.
    expect(res.body).toContain('\r\n2026-03-28,RPT,payout,1,EUR,-500\r\n');
    expect(csvField('-500')).toBe("'-500");
  });
});

describe('a brand without a ledger', () => {
  it('answers zeros in its own currency: nothing owed, nothing expiring, no activity', async () => {
    const demo = await t.db.selectFrom('brands').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    await t.db.insertInto('brands').values({ ...demo, id: 'brand-nil', code: 'NIL', slug: 'nil', name: 'No cards yet' }).execute();
    const liability = await get('admin@tessera.test', '/admin/api/reports/liability?brand=NIL&from=2026-04-01&to=2026-04-02');
    expect(liability.json()).toEqual({ points: [{ date: '2026-04-01', value: 0, assetCode: 'EUR' }, { date: '2026-04-02', value: 0, assetCode: 'EUR' }] });
    const expiring = await get('admin@tessera.test', '/admin/api/reports/expiring?brand=NIL');
    expect(expiring.json()).toEqual({ buckets: [30, 60, 90].map((withinDays) => ({ withinDays, value: 0, cards: 0, assetCode: 'EUR' })) });
    expect((await get('admin@tessera.test', '/admin/api/reports/activity?brand=NIL')).json()).toEqual({ points: [] });
  });
});

describe('who may see the reports', () => {
  const urls = ['/admin/api/reports/liability', '/admin/api/reports/expiring', '/admin/api/reports/activity'];

  it('finance, brand-admin and admin of the brand: 200; support of the brand: 403 FORBIDDEN', async () => {
    for (const url of urls) {
      for (const email of ['finance@rpt.test', 'brand@rpt.test', 'admin@tessera.test']) expect((await get(email, `${url}?brand=RPT`)).statusCode, `${email} ${url}`).toBe(200);
      const support = await get('support@rpt.test', `${url}?brand=RPT`);
      expect([support.statusCode, support.json().code]).toEqual([403, 'FORBIDDEN']);
      expect((await get('support@rpt.test', `${url}?brand=RPT`, 'text/csv')).statusCode).toBe(403);
    }
  });

  it('another brand answers 404 NOT_FOUND, as an unknown one; no session 401', async () => {
    for (const url of urls) {
      const other = await get('finance@demo.test', `${url}?brand=RPT`);
      const unknown = await get('finance@demo.test', `${url}?brand=NOPE`);
      expect([other.statusCode, other.json()]).toEqual([404, unknown.json()]);
      expect(other.json().code).toBe('NOT_FOUND');
      const unknownForAdmin = await get('admin@tessera.test', `${url}?brand=NOPE`);
      expect([unknownForAdmin.statusCode, unknownForAdmin.json().code]).toEqual([404, 'NOT_FOUND']);
      expect((await t.app.inject({ method: 'GET', url: `${url}?brand=RPT` })).statusCode).toBe(401);
    }
  });

  it('a brand is required: none answers 400 to an admin of all brands', async () => {
    const res = await get('admin@tessera.test', '/admin/api/reports/expiring');
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});
