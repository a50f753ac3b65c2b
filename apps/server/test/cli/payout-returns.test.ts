import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Migrator } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { validateAgainstXsd } from '../../src/payout-batches/xsd-validator.js';
import { demoCard } from '../helpers/demo.js';
import { payoutCustomerCall, seedIdentitySession } from '../helpers/identity.js';
import { useCliTest } from './support.js';
import { payoutTestCards } from './payout-support.js';

// payouts export in demo mode (the demo account), payouts export --batch (a lost file written
// again) and payouts return (a bank return after mark-paid).

const c = useCliTest();
let dir: string;

beforeAll(() => {
  dir = path.dirname(c.file('.keep', ''));
});

const { cardId, pay, sumOf } = payoutTestCards(c);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const payoutRows = () => c.t.db.selectFrom('payouts').select(['id', 'status', 'batch_id', 'exported_at', 'settled_at', 'updated_at']).orderBy('id').execute();
const auditOf = (type: string) => c.t.db.selectFrom('audit_events').selectAll().where('type', '=', type).orderBy('occurred_at').execute();

describe('payouts export in demo mode, payouts export --batch, payouts return', () => {
  let batch: string;
  let original: string;
  const ids: Record<string, string> = {};

  it('exports out of the box in demo mode, from a demo account named as such', async () => {
    ids.payout = (await pay('GIFT_PAYOUT', 'Zoë Łukasiewicz-Straße')).id;
    ids.balance = (await pay('GIFT_BALANCE', 'Jan de Vries', 'NL44RABO0123456789')).id;
    const res = await c.cli('payouts', 'export', '--out', 'first.xml', '--by', 'anna');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(
      /^Exported 2 payouts \(62\.50 EUR\) as pain\.001\.001\.09 file TSR-\d{14}-[0-9a-f]{6}, execution date \d{4}-\d{2}-\d{2}, to .*first\.xml, paid from the demo account "Tessera Demo — not a real account" \(NL13TEST0123456789\): no bank will take it\.$/,
    );
    original = readFileSync(path.join(dir, 'first.xml'), 'utf8');
    expect(await validateAgainstXsd(original, 'pain.001.001.09')).toEqual({ valid: true, errors: [] });
    expect(original).toContain('<Dbtr><Nm>Tessera Demo - not a real account</Nm></Dbtr>');
    expect(original).toContain('<DbtrAcct><Id><IBAN>NL13TEST0123456789</IBAN></Id><Ccy>EUR</Ccy></DbtrAcct>');
    expect(original).toContain('<DbtrAgt><FinInstnId><BICFI>TESTNL2A</BICFI></FinInstnId></DbtrAgt>');
    batch = /<MsgId>([^<]+)<\/MsgId>/.exec(original)![1]!;
    const row = await c.t.db.selectFrom('payout_batches').selectAll().where('id', '=', batch).executeTakeFirstOrThrow();
    expect(row.file_sha256).toBe(sha256(original));
  });

  it('writes a lost file again byte for byte, to standard output or a file, changing no payout', async () => {
    const before = await payoutRows();
    const again = await c.cli('payouts', 'export', '--batch', batch, '--by', 'bob');
    expect(again.code).toBe(0);
    // Standard output holds the file (io.out adds the final line break).
    expect(`${again.stdout}\n`).toBe(original);
    expect(again.stderr).toBe(
      `Wrote payout file ${batch} again: 2 payouts (62.50 EUR), pain.001.001.09, execution date ${/<Dt>([^<]+)<\/Dt>/.exec(original)![1]}, sha256 ${sha256(original)} as at the export. No payout changed.`,
    );

    const toFile = await c.cli('payouts', 'export', '--batch', batch, '--out', 'again.xml');
    expect(toFile.code).toBe(0);
    const file = readFileSync(path.join(dir, 'again.xml'), 'utf8');
    expect(file).toBe(original);
    expect(sha256(file)).toBe((await c.t.db.selectFrom('payout_batches').select('file_sha256').where('id', '=', batch).executeTakeFirstOrThrow()).file_sha256);

    // Nothing paid twice: no payout changed, no new batch, nothing new pending.
    expect(await payoutRows()).toEqual(before);
    expect(await c.t.db.selectFrom('payout_batches').select('id').execute()).toHaveLength(1);
    expect((await c.cli('payouts', 'export')).stderr).toBe('No pending payouts: nothing was exported and no file was written.');
    const audit = await auditOf('payouts.reexport');
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ client: 'operator:bob', outcome: 'written' });
    expect(audit[0]!.detail).toBe(`batch ${batch} (pain.001.001.09) written again: 2 payouts, 6250 EUR, sha256 ${sha256(original)}`);
  });

  it('refuses a file that would differ from the original, an unknown batch and wrong usage', async () => {
    // A brand renamed since the export changes the remittance line: not the lost file.
    const demo = await c.t.db.selectFrom('brands').select(['id', 'name']).where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    await c.t.db.updateTable('brands').set({ name: 'Tessera Renamed' }).where('id', '=', demo.id).execute();
    try {
      const renamed = await c.cli('payouts', 'export', '--batch', batch, '--out', 'renamed.xml');
      expect(renamed.code).toBe(1);
      expect(renamed.stderr).toContain(`The file ${batch} cannot be written again as it was`);
      expect(existsSync(path.join(dir, 'renamed.xml'))).toBe(false);
    } finally {
      await c.t.db.updateTable('brands').set({ name: demo.name }).where('id', '=', demo.id).execute();
    }
    // Another payout account than at the export: refused too.
    const otherDebtor = await c.cliWith({ ...c.env, PAYOUT_DEBTOR_NAME: 'Tessera B.V.', PAYOUT_DEBTOR_IBAN: 'NL91ABNA0417164300' }, 'payouts', 'export', '--batch', batch);
    expect(otherDebtor.code).toBe(1);
    expect(otherDebtor.stdout).toBe('');

    const unknown = await c.cli('payouts', 'export', '--batch', 'TSR-20260101000000-abcdef');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no payout file TSR-20260101000000-abcdef');
    const exists = await c.cli('payouts', 'export', '--batch', batch, '--out', 'first.xml');
    expect(exists.code).toBe(1);
    expect(exists.stderr).toContain('already exists; nothing was written');
    for (const [argv, message] of [
      [['--batch', 'nope'], '--batch needs a batch id'],
      [['--batch', batch, '--format', 'pain.001.001.03'], 'leave out --format'],
    ] as const) {
      const res = await c.cli('payouts', 'export', ...argv);
      expect(res.code, argv.join(' ')).toBe(2);
      expect(res.stderr).toContain(message);
    }
    expect(await auditOf('payouts.reexport')).toHaveLength(2);
  });

  it('books a bank return after mark-paid: credits the card once, clears paid_out_at, audited', async () => {
    const card = await cardId('GIFT_PAYOUT');
    expect(await sumOf(card)).toBe(0);
    // Not paid yet: a return is refused (an exported payout that comes back is mark-failed).
    const early = await c.cli('payouts', 'return', ids.payout!);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain(`${ids.payout}: it is exported (not paid: a transfer the bank refuses or returns before paying it is "tessera payouts mark-failed")`);

    expect((await c.cli('payouts', 'mark-paid', ids.payout!)).code).toBe(0);
    // The bank reported on the file: writing it again is refused now.
    const reexport = await c.cli('payouts', 'export', '--batch', batch);
    expect(reexport.code).toBe(1);
    expect(reexport.stderr).toContain(`The bank already reported on 1 of the 2 payouts of ${batch}`);
    expect(reexport.stderr).toContain(`${ids.payout}: paid`);

    const e2e = (await c.t.db.selectFrom('payouts').select('end_to_end_id').where('id', '=', ids.payout!).executeTakeFirstOrThrow()).end_to_end_id;
    const res = await c.cli('payouts', 'return', e2e, '--by', 'carla');
    expect(res).toMatchObject({
      code: 0,
      stdout: `Marked returned: ${ids.payout} (was paid); 40.00 EUR and the fee of 2.50 EUR credited back to the card, which may be paid out again.`,
    });
    expect(await sumOf(card)).toBe(4250);
    const row = await c.t.db.selectFrom('payouts').select(['status', 'settled_at']).where('id', '=', ids.payout!).executeTakeFirstOrThrow();
    expect(row.status).toBe('returned');
    expect((await c.t.db.selectFrom('cards').select('paid_out_at').where('id', '=', card).executeTakeFirstOrThrow()).paid_out_at).toBeNull();
    const reversals = await c.t.db.selectFrom('ledger_entries').select(['kind', 'amount']).where('card_id', '=', card).where('reference', 'like', '%:reversal').execute();
    expect(reversals.map((r) => `${r.kind} ${r.amount}`).sort()).toEqual(['fee 250', 'payout 4000']);
    const audit = (await auditOf('payout.settle')).filter((e) => e.outcome === 'returned');
    expect(audit).toEqual([expect.objectContaining({ client: 'operator:carla', card_id: card, detail: `payout ${ids.payout} was paid; 4000 + fee 250 EUR credited back` })]);

    // Once: a second return changes nothing and says so.
    const repeat = await c.cli('payouts', 'return', ids.payout!);
    expect(repeat).toMatchObject({ code: 0, stdout: `Already returned: ${ids.payout} (40.00 EUR); nothing changed.` });
    expect(await sumOf(card)).toBe(4250);
    expect((await auditOf('payout.settle')).filter((e) => e.outcome === 'returned')).toHaveLength(1);
    expect((await c.cli('payouts', 'mark-failed', ids.payout!)).stderr).toContain('it is returned (the bank returned it; it was credited back to the card)');
    expect((await c.cli('payouts', 'mark-paid', ids.payout!)).stderr).toContain('it is returned');
    expect((await c.cli('payouts', 'list', '--status', 'returned')).stdout).toContain(`${ids.payout}  returned`);
  });

  it('lets a returned card be paid out again, and refuses a return of an unknown or failed payout', async () => {
    const second = await pay('GIFT_PAYOUT', 'Zoë Łukasiewicz-Straße', 'NL44RABO0123456789');
    expect(second).toMatchObject({ attempt: 2, amount: 4000, status: 'pending' });
    expect(await sumOf(await cardId('GIFT_PAYOUT'))).toBe(0);

    const unknown = await c.cli('payouts', 'return', ids.balance!, '00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Nothing was marked returned: 2 problems.');
    expect(unknown.stderr).toContain('00000000-0000-4000-8000-000000000000: no such payout');
    expect((await c.cli('payouts', 'mark-failed', second.id)).code).toBe(0);
    expect((await c.cli('payouts', 'return', second.id)).stderr).toContain('it is failed (failed payouts were credited back to the card)');
    expect((await c.cli('payouts', 'return')).code).toBe(2);
    expect((await c.cli('payouts', 'return', 'DROP TABLE')).stderr).toContain('not a payout id or end-to-end id');
    expect((await c.cli('payouts', 'return', '--help')).stdout).toContain('Usage: tessera payouts return ID…');
  });

  it('through the PAYOUT flow: the session of a returned payout cannot pay again, a new identity check can', async () => {
    const card = demoCard('GIFT_REPLACE');
    const call = (sessionId: string) =>
      payoutCustomerCall(c.t, { cardNumber: card.number, securityCode: card.securityCode, sessionId, bankAccountNumber: 'NL69 INGB 0123 4567 89' });
    const first = await seedIdentitySession(c.t);
    expect((await call(first.sessionId)).statusCode).toBe(200);
    const payout = await c.t.db.selectFrom('payouts').select('id').where('identity_session_id', '=', first.id).executeTakeFirstOrThrow();
    expect((await c.cli('payouts', 'export', '--out', 'replace-card.xml')).code).toBe(0);
    expect((await c.cli('payouts', 'mark-paid', payout.id)).code).toBe(0);
    // Before the return the same session answers the payout again (a repeat), after it no longer.
    expect((await call(first.sessionId)).statusCode).toBe(200);
    expect((await c.cli('payouts', 'return', payout.id)).code).toBe(0);
    const repeat = await call(first.sessionId);
    expect(repeat.statusCode).toBe(400);
    expect(repeat.json().code).toBe('IDENTITY_SESSION_INVALID');
    const second = await seedIdentitySession(c.t);
    expect((await call(second.sessionId)).statusCode).toBe(200);
    const attempts = await c.t.db.selectFrom('payouts').select(['attempt', 'status']).where('card_id', '=', await cardId('GIFT_REPLACE')).orderBy('attempt').execute();
    expect(attempts).toEqual([{ attempt: 1, status: 'returned' }, { attempt: 2, status: 'pending' }]);
  });

  it('migration 011 keeps the payouts through the rebuild, and goes down only without returned payouts', async () => {
    const db = c.t.db;
    const migrator = new Migrator({ db, provider: migrationProvider, ...(c.t.database.dialect === 'postgres' && { migrationTableSchema: c.t.database.schema }) });
    const rows = () => db.selectFrom('payouts').selectAll().orderBy('id').execute();
    const returned = (await rows()).filter((p) => p.status === 'returned').map((p) => p.id);
    expect(returned).toHaveLength(2);
    // Down is refused while a payout is returned, and leaves the schema as it was.
    expect((await migrator.migrateTo('010_card_operations')).error).toBeDefined();
    expect((await migrator.getMigrations()).find((m) => m.name === '011_payout_returns')?.executedAt).toBeDefined();
    await db.updateTable('payouts').set({ status: 'failed' }).where('id', 'in', returned).execute();
    const before = await rows();
    expect((await migrator.migrateTo('010_card_operations')).error).toBeUndefined();
    await expect(db.updateTable('payouts').set({ status: 'returned' }).where('id', '=', returned[0]!).execute()).rejects.toThrow();
    await expect(migrateToLatest(db)).resolves.toBeDefined();
    // Going back to 010 takes 020 down with it (on SQLite even the refused attempt, which commits the
    // steps before the refusal): its IBAN index is no part of what 011 must keep.
    const without020 = (list: Awaited<ReturnType<typeof rows>>) => list.map(({ iban_index: _index, ...p }) => p);
    expect(without020(await rows())).toEqual(without020(before));
    // Up again: returned is taken, and a returned attempt 1 sits beside an open attempt 2 (the index leaves it out).
    await db.updateTable('payouts').set({ status: 'returned' }).where('id', 'in', returned).execute();
    await expect(db.updateTable('payouts').set({ status: 'bogus' as never }).where('id', '=', returned[0]!).execute()).rejects.toThrow();
    const replaceCard = await cardId('GIFT_REPLACE');
    expect((await db.selectFrom('payouts').select(['attempt', 'status']).where('card_id', '=', replaceCard).orderBy('attempt').execute()).map((p) => p.status)).toEqual(['returned', 'pending']);
    // …but two open payouts of one card are still refused.
    await expect(db.updateTable('payouts').set({ status: 'paid' }).where('card_id', '=', replaceCard).where('attempt', '=', 1).execute()).rejects.toThrow();
  });
});
