import { payoutBatchListSchema, payoutBatchSchema, payoutSettlementSchema } from '@tessera/contracts/admin';
import { describe, expect, it } from 'vitest';
import { recordPayout } from '../src/flows/payout/record-payout.js';
import { exportPayouts } from '../src/operator/export-payouts.js';
import { OperatorError } from '../src/operator/operator-error.js';
import { reexportPayoutBatch } from '../src/operator/reexport-payouts.js';
import { validateAgainstXsd } from '../src/payout-batches/xsd-validator.js';
import type { FileTarget } from '../src/payout-batches/payout-file.js';
import { auditEventsOf, cardRow, useFlowTestApp } from './helpers/flows.js';
import { staffCookie } from './helpers/staff.js';

// Payout batches in the back office (docs/back-office.md, "Payout batches"): finance exports a
// brand's pending payouts, downloads the file, and records what the bank did; the same services as
// the operator's `tessera payouts` commands, with the staff member as the actor.

const { t, log } = useFlowTestApp();
const ORIGIN = 'http://localhost:8080';

const call = async (email: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie: await staffCookie(t, email), ...(method === 'POST' && { origin: ORIGIN }) }, ...(method === 'POST' && { payload: payload ?? {} }) });

/** A payout of a demo card as the PAYOUT flow records it once the bank identified the holder. */
async function pay(name: string, verifiedName: string, iban: string) {
  const card = await cardRow(t, name);
  const result = await t.db.transaction().execute((trx) => recordPayout(trx, t.deps, { cardId: card.id, verifiedName, iban }, new Date()));
  if (result.kind !== 'recorded') throw new Error(`no payout for ${name}: ${result.kind}`);
  return result.payout;
}

/** The card's balance: the sum of its ledger entries. */
const balanceOf = async (cardId: string) => (await t.db.selectFrom('ledger_entries').select('amount').where('card_id', '=', cardId).execute()).reduce((s, e) => s + Number(e.amount), 0);
const statusOf = async (id: string) => (await t.db.selectFrom('payouts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

/** A file target that keeps what the operator's export wrote. */
function captured(): FileTarget & { xml: () => string } {
  let xml = '';
  return { stage: async (x) => ({ commit: async () => void (xml = x), abort: async () => undefined }), xml: () => xml };
}
const cli = { get deps() { return { db: t.db, crypto: t.deps.crypto, now: () => new Date(), debtor: t.config.payoutDebtor!, operator: 'ops' }; } };

const ids: Record<string, string> = {};
let demoBatch = '';
let mixedBatch = '';

describe('payout batches in the back office', () => {
  it('lists what an export would take, per brand of the caller', async () => {
    ids.payout = (await pay('GIFT_PAYOUT', 'Zoë Łukasiewicz', 'NL69 INGB 0123 4567 89')).id;
    ids.identify = (await pay('GIFT_IDENTIFY', 'Ørjan Ærø', 'NL44RABO0123456789')).id;
    ids.acme = (await pay('GIFT_ACME', 'Anna Acme', 'NL91ABNA0417164300')).id;
    const finance = await call('finance@demo.test', 'GET', '/admin/api/payout-batches');
    expect(finance.statusCode).toBe(200);
    expect(payoutBatchListSchema.parse(finance.json())).toEqual({ pending: [{ brand: 'DEMO', count: 2, total: { value: 4000 + 1750, assetCode: 'EUR' } }], items: [] });
    const admin = await call('admin@tessera.test', 'GET', '/admin/api/payout-batches');
    expect(admin.json().pending.map((p: { brand: string }) => p.brand)).toEqual(['ACME', 'DEMO']);
  });

  it("exports the brand's pending payouts into a batch, audited with the staff member; a second export has nothing and says so", async () => {
    const res = await call('finance@demo.test', 'POST', '/admin/api/payout-batches', { brand: 'DEMO' });
    expect(res.statusCode).toBe(201);
    const batch = payoutBatchSchema.parse(res.json());
    demoBatch = batch.id;
    expect(batch).toMatchObject({ format: 'pain.001.001.09', brands: ['DEMO'], count: 2, total: { value: 5750, assetCode: 'EUR' }, statuses: { exported: 2 } });
    expect(batch.payouts.map((p) => [p.id, p.status, p.ibanHint, p.masked])).toEqual([
      [ids.payout, 'exported', 'NL69INGB******6789', 'XXXXXXXXXXXXXXXX109'],
      [ids.identify, 'exported', 'NL44RABO******6789', 'XXXXXXXXXXXXXXXX110'],
    ]);
    // Names and full IBANs are in the file only.
    expect(res.body).not.toMatch(/0123456789|Zo|Orjan|Ørjan/);
    expect(await statusOf(ids.acme!)).toBe('pending');
    const events = await t.db.selectFrom('audit_events').selectAll().where('type', 'in', ['payout.export', 'payouts.export']).execute();
    expect(events.map((e) => [e.type, e.actor, e.actor_grant])).toEqual([
      ['payout.export', 'finance@demo.test', 'finance:DEMO'],
      ['payout.export', 'finance@demo.test', 'finance:DEMO'],
      ['payouts.export', 'finance@demo.test', 'finance:DEMO'],
    ]);
    expect(events.every((e) => e.request_id !== null)).toBe(true);

    const again = await call('finance@demo.test', 'POST', '/admin/api/payout-batches', { brand: 'DEMO' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'NO_PENDING_PAYOUTS']);
    expect(await t.db.selectFrom('payout_batches').select('id').execute()).toHaveLength(1);
    const listed = payoutBatchListSchema.parse((await call('finance@demo.test', 'GET', '/admin/api/payout-batches')).json());
    expect(listed).toMatchObject({ pending: [], items: [{ id: demoBatch, brands: ['DEMO'], count: 2 }] });
  });

  it("refuses another brand's export as not found, a role without payouts as forbidden, and a bad body", async () => {
    const foreign = await call('finance@demo.test', 'POST', '/admin/api/payout-batches', { brand: 'ACME' });
    const unknown = await call('finance@demo.test', 'POST', '/admin/api/payout-batches', { brand: 'NOPE' });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, unknown.json()]);
    expect(foreign.json().code).toBe('NOT_FOUND');
    expect((await call('admin@tessera.test', 'POST', '/admin/api/payout-batches', { brand: 'NOPE' })).json().code).toBe('NOT_FOUND');
    for (const email of ['support@demo.test', 'brand@demo.test']) {
      const res = await call(email, 'POST', '/admin/api/payout-batches', { brand: 'DEMO' });
      expect([res.statusCode, res.json().code], email).toEqual([403, 'FORBIDDEN']);
      expect((await call(email, 'GET', '/admin/api/payout-batches')).statusCode).toBe(403);
      expect((await call(email, 'GET', `/admin/api/payout-batches/${demoBatch}`)).statusCode).toBe(403);
      expect((await call(email, 'POST', `/admin/api/payouts/${ids.payout}/mark-paid`)).statusCode).toBe(403);
    }
    const bad = await call('finance@demo.test', 'POST', '/admin/api/payout-batches', { brand: 'DEMO', format: 'pain.001.001.02' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(await statusOf(ids.acme!)).toBe('pending');
  });

  it('answers the file as a download, the same bytes the operator writes again, valid against pain.001.001.09, and audits each download', async () => {
    const res = await call('finance@demo.test', 'GET', `/admin/api/payout-batches/${demoBatch}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${demoBatch}.xml"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await validateAgainstXsd(res.body, 'pain.001.001.09')).toEqual({ valid: true, errors: [] });
    expect(res.body).toContain('<IBAN>NL69INGB0123456789</IBAN>');
    expect(res.body).toContain(`<MsgId>${demoBatch}</MsgId>`);
    const operator = captured();
    await reexportPayoutBatch(cli.deps, demoBatch, operator);
    expect(res.body).toBe(operator.xml());
    const downloads = await t.db.selectFrom('audit_events').selectAll().where('type', '=', 'payouts.reexport').orderBy('occurred_at').execute();
    expect(downloads.map((e) => [e.outcome, e.actor])).toEqual([
      ['downloaded', 'finance@demo.test'],
      ['written', 'operator:ops'],
    ]);
    // The file's names and IBANs never reach the log.
    expect(log.text()).not.toContain('NL69INGB0123456789');
  });

  it("equals what the operator's export wrote, for a batch of every brand; that batch is the admin's only", async () => {
    ids.balance = (await pay('GIFT_BALANCE', 'Bert Balance', 'NL02ABNA0123456789')).id;
    const operator = captured();
    const result = await exportPayouts(cli.deps, 'pain.001.001.09', operator);
    if (result.kind !== 'exported') throw new Error('nothing exported');
    mixedBatch = result.messageId;
    const admin = await call('admin@tessera.test', 'GET', `/admin/api/payout-batches/${mixedBatch}/file`);
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toBe(operator.xml());
    const page = payoutBatchSchema.parse((await call('admin@tessera.test', 'GET', `/admin/api/payout-batches/${mixedBatch}`)).json());
    expect(page.brands).toEqual(['ACME', 'DEMO']);

    // DEMO's finance may not see ACME's payouts: the batch answers as an unknown one, and is not listed.
    const unknown = await call('finance@demo.test', 'GET', '/admin/api/payout-batches/TSR-20260101000000-abcdef');
    for (const url of [`/admin/api/payout-batches/${mixedBatch}`, `/admin/api/payout-batches/${mixedBatch}/file`]) {
      const res = await call('finance@demo.test', 'GET', url);
      expect([res.statusCode, res.json()], url).toEqual([404, unknown.json()]);
    }
    expect(unknown.json().code).toBe('NOT_FOUND');
    const listed = payoutBatchListSchema.parse((await call('finance@demo.test', 'GET', '/admin/api/payout-batches')).json());
    expect(listed.items.map((b) => b.id)).toEqual([demoBatch]);
    expect(payoutBatchListSchema.parse((await call('admin@tessera.test', 'GET', '/admin/api/payout-batches')).json()).items.map((b) => b.id)).toEqual([mixedBatch, demoBatch]);
  });

  it('marks a payout paid once: a repeat changes nothing and says so', async () => {
    const first = await call('finance@demo.test', 'POST', `/admin/api/payouts/${ids.payout}/mark-paid`);
    expect(first.statusCode).toBe(200);
    expect(payoutSettlementSchema.parse(first.json())).toMatchObject({ was: 'exported', changed: true, payout: { id: ids.payout, status: 'paid', settledAt: expect.any(String) } });
    const second = await call('finance@demo.test', 'POST', `/admin/api/payouts/${ids.payout}/mark-paid`);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ was: 'paid', changed: false, payout: { status: 'paid', settledAt: first.json().payout.settledAt } });
    const events = await t.db.selectFrom('audit_events').selectAll().where('type', '=', 'payout.settle').execute();
    expect(events.map((e) => [e.outcome, e.actor, e.actor_grant])).toEqual([['paid', 'finance@demo.test', 'finance:DEMO']]);
  });

  it('returns a paid payout: amount and fee back on the card exactly once', async () => {
    const card = (await t.db.selectFrom('payouts').select(['card_id', 'amount', 'fee']).where('id', '=', ids.payout!).executeTakeFirstOrThrow());
    const before = await balanceOf(card.card_id);
    const returned = await call('approver@demo.test', 'POST', `/admin/api/payouts/${ids.payout}/return`);
    expect(returned.statusCode).toBe(200);
    expect(returned.json()).toMatchObject({ was: 'paid', changed: true, payout: { status: 'returned' } });
    expect(await balanceOf(card.card_id)).toBe(before + card.amount + card.fee);
    const again = await call('finance@demo.test', 'POST', `/admin/api/payouts/${ids.payout}/return`);
    expect(again.json()).toMatchObject({ was: 'returned', changed: false });
    expect(await balanceOf(card.card_id)).toBe(before + card.amount + card.fee);
    expect((await auditEventsOf(t, 'payout.settle', card.card_id)).map((e) => [e.outcome, e.actor])).toEqual([
      ['paid', 'finance@demo.test'],
      ['returned', 'approver@demo.test'],
    ]);
  });

  it('refuses a settlement the status cannot take with 409 and changes nothing; marks an exported payout failed with the money back', async () => {
    const pendingNow = (await pay('GIFT_NO_EXPIRY', 'Nora Noexpiry', 'NL69INGB0123456789')).id;
    const cases: [string, string, string][] = [
      [pendingNow, 'mark-paid', 'export it first'],
      [ids.identify!, 'return', 'Only a paid payout can be returned'],
      [ids.payout!, 'mark-failed', 'back on the card already'],
    ];
    for (const [id, action, message] of cases) {
      const res = await call('finance@demo.test', 'POST', `/admin/api/payouts/${id}/${action}`);
      expect([res.statusCode, res.json().code], action).toEqual([409, 'PAYOUT_STATUS_CONFLICT']);
      expect(res.json().message).toContain(message);
    }
    expect([await statusOf(pendingNow), await statusOf(ids.identify!), await statusOf(ids.payout!)]).toEqual(['pending', 'exported', 'returned']);

    const row = await t.db.selectFrom('payouts').select(['card_id', 'amount', 'fee']).where('id', '=', ids.identify!).executeTakeFirstOrThrow();
    const before = await balanceOf(row.card_id);
    const failed = await call('finance@demo.test', 'POST', `/admin/api/payouts/${ids.identify}/mark-failed`);
    expect(failed.json()).toMatchObject({ was: 'exported', changed: true, payout: { status: 'failed' } });
    expect(await balanceOf(row.card_id)).toBe(before + row.amount + row.fee);
    const page = payoutBatchSchema.parse((await call('finance@demo.test', 'GET', `/admin/api/payout-batches/${demoBatch}`)).json());
    expect(page.statuses).toEqual({ returned: 1, failed: 1 });
  });

  it("answers another brand's payout exactly as an unknown one, and changes nothing", async () => {
    const unknown = await call('finance@demo.test', 'POST', '/admin/api/payouts/00000000-0000-4000-8000-000000000000/mark-paid');
    const foreign = await call('finance@demo.test', 'POST', `/admin/api/payouts/${ids.acme}/mark-paid`);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, unknown.json()]);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect(await statusOf(ids.acme!)).toBe('exported');
    // The admin of all brands may.
    expect((await call('admin@tessera.test', 'POST', `/admin/api/payouts/${ids.acme}/mark-paid`)).json()).toMatchObject({ changed: true, payout: { status: 'paid', brand: 'ACME' } });
  });

  it('still answers the file once the bank reported on its payouts, where the operator may not send it again', async () => {
    const res = await call('finance@demo.test', 'GET', `/admin/api/payout-batches/${demoBatch}/file`);
    expect(res.statusCode).toBe(200);
    expect(await validateAgainstXsd(res.body, 'pain.001.001.09')).toEqual({ valid: true, errors: [] });
    await expect(reexportPayoutBatch(cli.deps, demoBatch, captured())).rejects.toThrow(OperatorError);
  });

  it("refuses the file when a brand's name changed since the export, with 409 BATCH_FILE_CHANGED", async () => {
    const brand = await t.db.selectFrom('brands').select(['id', 'name']).where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    await t.db.updateTable('brands').set({ name: 'Renamed' }).where('id', '=', brand.id).execute();
    try {
      const res = await call('finance@demo.test', 'GET', `/admin/api/payout-batches/${demoBatch}/file`);
      expect([res.statusCode, res.json().code]).toEqual([409, 'BATCH_FILE_CHANGED']);
    } finally {
      await t.db.updateTable('brands').set({ name: brand.name }).where('id', '=', brand.id).execute();
    }
  });
});
