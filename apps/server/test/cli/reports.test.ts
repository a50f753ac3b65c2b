import { readFileSync } from 'node:fs';
import path from 'node:path';
import { replaceApi } from '@tessera/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { amsterdamDay } from '../../src/domain/report-period.js';
import { parseCsv } from '../../src/operator/cli/csv.js';
import { reportExpiring } from '../../src/operator/report-expiring.js';
import { demoCard } from '../helpers/demo.js';
import { cardRow, replaceBody } from '../helpers/flows.js';
import { payoutCustomerCall, seedIdentitySession } from '../helpers/identity.js';
import { lookupGiftCard, useCliTest } from './support.js';

// tessera reports liability|expiring|activity, after a scripted day of lookups,
// payouts, replacements and adjustments through the API and the CLI.

const c = useCliTest();
let dir: string;
beforeAll(() => {
  dir = path.dirname(c.file('.keep', ''));
});

/** The ledger summed independently of the report: per brand code and asset, entries created at or before `at`. */
async function ledgerByBrand(at?: string) {
  let query = c.t.db.selectFrom('ledger_entries as l').innerJoin('cards as c', 'c.id', 'l.card_id').innerJoin('brands as b', 'b.id', 'c.brand_id').select(['b.code', 'l.asset_code', 'l.amount', 'l.card_id']);
  if (at) query = query.where('l.created_at', '<=', at);
  const sums = new Map<string, { balance: number; cards: Map<string, number> }>();
  for (const e of await query.execute()) {
    const key = `${e.code} ${e.asset_code}`;
    const s = sums.get(key) ?? { balance: 0, cards: new Map() };
    s.balance += Number(e.amount);
    s.cards.set(e.card_id, (s.cards.get(e.card_id) ?? 0) + Number(e.amount));
    sums.set(key, s);
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, s]) => ({ brand: key.split(' ')[0]!, asset: key.split(' ')[1]!, balance: s.balance, cardsWithBalance: [...s.cards.values()].filter((v) => v > 0).length }));
}

const json = async (...argv: string[]) => {
  const res = await c.cli(...argv, '--format', 'json');
  expect(res.code, `${argv.join(' ')}: ${res.stderr}`).toBe(0);
  return JSON.parse(res.stdout) as { rows: Record<string, unknown>[] } & Record<string, unknown>;
};

async function payOutThroughApi(name: string) {
  const { sessionId } = await seedIdentitySession(c.t);
  const res = await payoutCustomerCall(c.t, { cardNumber: demoCard(name).number, securityCode: demoCard(name).securityCode, sessionId, bankAccountNumber: 'NL69 INGB 0123 4567 89' });
  expect(res.statusCode, res.body).toBe(200);
  return (await c.t.db.selectFrom('payouts').select(['id']).where('card_id', '=', (await cardRow(c.t, name)).id).orderBy('attempt', 'desc').executeTakeFirstOrThrow()).id;
}

describe('tessera reports', () => {
  let before: string;
  let today: string;

  it('liability equals the ledger sums after a scripted day of lookups, payouts, replacements and adjustments', async () => {
    before = new Date().toISOString();
    const opening = await ledgerByBrand();
    expect((await json('reports', 'liability')).rows).toEqual(opening);
    await new Promise((resolve) => setTimeout(resolve, 5));

    // Lookups move nothing.
    expect((await lookupGiftCard(c.t, 'demo', demoCard('GIFT_BALANCE').number, demoCard('GIFT_BALANCE').securityCode!)).statusCode).toBe(200);
    expect((await lookupGiftCard(c.t, 'acme', demoCard('GIFT_ACME').number, demoCard('GIFT_ACME').securityCode!)).statusCode).toBe(200);
    // Two payouts through the PAYOUT flow; one exported, paid and returned by the bank, one exported.
    const returned = await payOutThroughApi('GIFT_PAYOUT');
    await payOutThroughApi('GIFT_IDENTIFY');
    expect((await c.cli('payouts', 'export', '--out', 'day.xml')).code).toBe(0);
    expect((await c.cli('payouts', 'mark-paid', returned)).code).toBe(0);
    expect((await c.cli('payouts', 'return', returned)).code).toBe(0);
    // A replacement through the REPLACE flow: the balance moves to a new card.
    const replaced = await c.t.app.inject({ method: 'POST', url: replaceApi.replace.build({ themeCode: 'demo' }), headers: { 'x-flow-type': 'REPLACE' }, payload: replaceBody('GIFT_REPLACE') });
    expect(replaced.statusCode, replaced.body).toBe(200);
    // Adjustments by the operator.
    expect((await c.cli('cards', 'adjust', demoCard('GIFT_BALANCE').number, '--amount', '-500', '--reason', 'till double-charged')).code).toBe(0);
    expect((await c.cli('cards', 'adjust', demoCard('GIFT_ACME').number, '--amount', '250', '--reason', 'goodwill')).code).toBe(0);

    const closing = await ledgerByBrand();
    const report = await json('reports', 'liability');
    expect(report.rows).toEqual(closing);
    expect(report).toMatchObject({ report: 'liability', brand: null });
    // What moved: demo -2500 (the GIFT_IDENTIFY payout 1750 and its fee 250 left; the return came back;
    // the replacement moved within the brand; the adjustment -500), acme +250.
    const total = (rows: { brand: string; balance: number }[], brand: string) => rows.filter((r) => r.brand === brand).reduce((s, r) => s + r.balance, 0);
    expect(total(closing, 'DEMO') - total(opening, 'DEMO')).toBe(-1750 - 250 - 500);
    expect(total(closing, 'ACME') - total(opening, 'ACME')).toBe(250);

    // At a moment before the day: the opening figures, from the entries created at or before it.
    expect((await json('reports', 'liability', '--at', before)).rows).toEqual(await ledgerByBrand(before));
    expect((await json('reports', 'liability', '--at', before)).rows).toEqual(opening);
    expect((await json('reports', 'liability', '--brand', 'ACME')).rows).toEqual(closing.filter((r) => r.brand === 'ACME'));

    // CSV (the default): the same figures, RFC 4180.
    const csv = await c.cli('reports', 'liability');
    expect(csv.code).toBe(0);
    const records = parseCsv(`${csv.stdout}\n`).map((r) => r.fields);
    expect(records[0]).toEqual(['brand', 'asset', 'balance_minor', 'cards_with_balance', 'at']);
    expect(records.slice(1).map((r) => ({ brand: r[0], asset: r[1], balance: Number(r[2]), cardsWithBalance: Number(r[3]) }))).toEqual(closing);
    expect(`${csv.stdout}\n`).toMatch(/^brand,asset,balance_minor,cards_with_balance,at\r\n(.*\r\n)+$/);
  });

  it('activity shows the day per brand and ledger kind, equal to the entries of that Amsterdam day', async () => {
    today = amsterdamDay(new Date());
    const report = await json('reports', 'activity', '--from', today, '--to', today);
    expect(report).toMatchObject({ report: 'activity', from: today, to: today, timeZone: 'Europe/Amsterdam' });
    const entries = await c.t.db.selectFrom('ledger_entries as l').innerJoin('cards as c', 'c.id', 'l.card_id').innerJoin('brands as b', 'b.id', 'c.brand_id').select(['b.code', 'l.asset_code', 'l.kind', 'l.amount', 'l.created_at']).execute();
    const expected = new Map<string, { day: string; brand: string; asset: string; kind: string; entries: number; amount: number }>();
    for (const e of entries.filter((e) => amsterdamDay(new Date(e.created_at)) === today)) {
      const key = `${e.code} ${e.asset_code} ${e.kind}`;
      const row = expected.get(key) ?? { day: today, brand: e.code, asset: e.asset_code, kind: e.kind, entries: 0, amount: 0 };
      row.entries++;
      row.amount += Number(e.amount);
      expected.set(key, row);
    }
    expect(report.rows).toEqual([...expected].sort(([a], [b]) => a.localeCompare(b)).map(([, r]) => r));
    const of = (brand: string, kind: string) => report.rows.find((r) => r.brand === brand && r.kind === kind);
    expect(of('DEMO', 'replacement_out')).toMatchObject({ entries: 1, amount: -1800 });
    expect(of('DEMO', 'replacement_in')).toMatchObject({ entries: 1, amount: 1800 });
    // Two payouts (-4000, -1750) and the return's reversal (+4000); fees -250 twice and +250 back.
    expect(of('DEMO', 'payout')).toMatchObject({ entries: 3, amount: -1750 });
    expect(of('DEMO', 'fee')).toMatchObject({ entries: 3, amount: -250 });
    expect(of('DEMO', 'adjustment')).toMatchObject({ entries: 1, amount: -500 });
    expect(of('ACME', 'adjustment')).toMatchObject({ entries: 1, amount: 250 });
    expect((await json('reports', 'activity', '--from', today, '--to', today, '--brand', 'ACME')).rows.every((r) => r.brand === 'ACME')).toBe(true);
    // A day without activity: no rows, and the CSV is its header.
    expect((await json('reports', 'activity', '--from', '2020-01-01', '--to', '2020-01-31')).rows).toEqual([]);
    expect((await c.cli('reports', 'activity', '--from', '2020-01-01', '--to', '2020-01-01')).stdout).toBe('day,brand,asset,kind,entries,amount_minor\r');
  });

  it('expiring lists cards with a balance whose validity ends within DAYS, masked, to a file', async () => {
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const acme = await cardRow(c.t, 'GIFT_ACME');
    const empty = await cardRow(c.t, 'GIFT_EMPTY');
    await c.t.db.updateTable('cards').set({ expires_at: soon }).where('id', 'in', [acme.id, empty.id]).execute();
    const report = await json('reports', 'expiring', '--within', '30');
    // GIFT_EMPTY expires too, but holds nothing; GIFT_GRACE expired already.
    expect(report.rows).toEqual([{ brand: 'ACME', card: 'XXXXXXXXXXXXXXXX201', expiresAt: soon, asset: 'EUR', balance: 3750, blocked: false }]);
    expect((await json('reports', 'expiring', '--within', '5')).rows).toEqual([]);
    expect((await json('reports', 'expiring', '--within', '30', '--brand', 'DEMO')).rows).toEqual([]);

    const res = await c.cli('reports', 'expiring', '--within', '30', '--out', 'expiring.csv');
    expect(res).toMatchObject({ code: 0, stdout: `Wrote 1 row (csv) to ${path.join(dir, 'expiring.csv')}.` });
    const text = readFileSync(path.join(dir, 'expiring.csv'), 'utf8');
    expect(text).toBe(`brand,card,expires_at,asset,balance_minor,blocked\r\nACME,XXXXXXXXXXXXXXXX201,${soon},EUR,3750,false\r\n`);
    expect(text).not.toContain(demoCard('GIFT_ACME').number.replace(/\s/g, ''));
  });

  it('expiring counts Amsterdam days: at 00:30 in Amsterdam (23:30 UTC) yesterday is over and the day after tomorrow is DAYS=2', async () => {
    const acme = await cardRow(c.t, 'GIFT_ACME');
    const report = (expiresAt: string, withinDays: number) =>
      c.t.db
        .updateTable('cards')
        .set({ expires_at: expiresAt })
        .where('id', '=', acme.id)
        .execute()
        .then(() => reportExpiring({ db: c.t.db, now: () => new Date('2026-11-26T23:30:00Z') }, { withinDays, brand: 'ACME' }))
        .then((rows) => rows.map((r) => r.expiresAt));
    // 2026-11-26 is still today in UTC, but yesterday in Amsterdam (2026-11-27 00:30).
    expect(await report('2026-11-26', 30)).toEqual([]);
    expect(await report('2026-11-27', 1)).toEqual(['2026-11-27']);
    expect(await report('2026-11-28', 1)).toEqual(['2026-11-28']);
    expect(await report('2026-11-29', 1)).toEqual([]);
    expect(await report('2026-11-29T22:00:00.000Z', 2)).toEqual(['2026-11-29T22:00:00.000Z']);
  });

  it('refuses wrong usage (exit 2) and what it cannot report (exit 1)', async () => {
    const usage: [string[], string][] = [
      [['reports', 'liability', '--format', 'xml'], '--format must be csv or json'],
      [['reports', 'liability', '--at', '30-11-2026'], '--at must be a date (yyyy-mm-dd) or an ISO time with a zone'],
      [['reports', 'liability', '--at', '2026-11-30T12:00'], '--at must be a date'],
      [['reports', 'liability', 'DEMO'], 'takes no arguments'],
      [['reports', 'expiring'], 'needs --within DAYS'],
      [['reports', 'expiring', '--within', '0'], 'needs --within DAYS'],
      [['reports', 'activity', '--to', '2026-11-30'], 'needs --from DATE'],
      [['reports', 'activity', '--from', '2026-11-30'], 'needs --to DATE'],
      [['reports', 'activity', '--from', '2026-12-01', '--to', '2026-11-30'], 'is before --from'],
      [['reports', 'activity', '--from', '2025-01-01', '--to', '2026-11-30'], 'at most 366 days'],
      [['reports', 'activity', '--from', '2026-02-30', '--to', '2026-03-01'], 'needs --from DATE'],
    ];
    for (const [argv, message] of usage) {
      const res = await c.cli(...argv);
      expect(res.code, argv.join(' ')).toBe(2);
      expect(res.stderr, argv.join(' ')).toContain(message);
    }
    const unknown = await c.cli('reports', 'liability', '--brand', 'NOBODY');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no brand with code NOBODY');
    c.file('taken.csv', 'keep me');
    const taken = await c.cli('reports', 'liability', '--out', 'taken.csv');
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('already exists; nothing was written');
    expect(readFileSync(path.join(dir, 'taken.csv'), 'utf8')).toBe('keep me');
    expect((await c.cli('reports', 'activity', '--from', today, '--to', today, '--out', 'no/such/dir.csv')).stderr).toContain('does not exist; nothing was written');
    for (const command of ['liability', 'expiring', 'activity']) {
      const help = await c.cli('reports', command, '--help');
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: tessera reports ${command}`);
      expect(help.stdout).toContain('Europe/Amsterdam');
    }
    expect(before < new Date().toISOString()).toBe(true);
  });
});
