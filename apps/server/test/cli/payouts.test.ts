import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEPA_NAME_MAX, isSepaLatin } from '../../src/domain/sepa.js';
import { exportPayouts } from '../../src/operator/export-payouts.js';
import { OperatorError } from '../../src/operator/operator-error.js';
import { validateAgainstXsd } from '../../src/payout-batches/xsd-validator.js';
import { runCli, useCliTest } from './support.js';
import { payoutTestCards } from './payout-support.js';

const DEBTOR = { PAYOUT_DEBTOR_NAME: 'Tessera Uitbetalingen B.V.', PAYOUT_DEBTOR_IBAN: 'NL91 ABNA 0417 1643 00' };

const c = useCliTest();
let dir: string;
/** The CLI with the payout account configured. */
const cli = (...argv: string[]) => runCli(argv, { ...c.env, ...DEBTOR }, dir);

beforeAll(() => {
  dir = path.dirname(c.file('.keep', ''));
});

const { cardId, pay, sumOf } = payoutTestCards(c);

const statusOf = async (id: string) => (await c.t.db.selectFrom('payouts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const texts = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);

describe('tessera payouts', () => {
  const ids: Record<string, string> = {};

  it('says so when there is nothing, and refuses to export without a payout account', async () => {
    expect(await cli('payouts', 'list')).toMatchObject({ code: 0, stdout: 'No payouts.' });
    const empty = await cli('payouts', 'export', '--out', 'empty.xml');
    expect(empty).toMatchObject({ code: 0, stdout: 'No pending payouts: nothing was exported and no file was written.' });
    expect(existsSync(path.join(dir, 'empty.xml'))).toBe(false);

    // Outside demo mode the account must be configured (demo mode: payout-returns.test.ts).
    const unconfigured = await c.cliWith({ ...c.env, DEMO_MODE: 'false' }, 'payouts', 'export');
    expect(unconfigured.code).toBe(78);
    expect(unconfigured.stderr).toContain('PAYOUT_DEBTOR_NAME and PAYOUT_DEBTOR_IBAN');
    const bad = await runCli(['payouts', 'export'], { ...c.env, ...DEBTOR, PAYOUT_DEBTOR_IBAN: 'NL92ABNA0417164300' }, dir);
    expect(bad.code).toBe(78);
    expect(bad.stderr).toContain('PAYOUT_DEBTOR_IBAN: not a valid IBAN');
  });

  it('lists pending payouts with masked IBANs and no names', async () => {
    ids.payout = (await pay('GIFT_PAYOUT', 'Zoë Łukasiewicz-Straße', 'NL69 INGB 0123 4567 89')).id;
    ids.balance = (await pay('GIFT_BALANCE', 'Ørjan Ærø & Søn <Holding> ' + 'ß'.repeat(40), 'NL44RABO0123456789')).id;
    ids.replace = (await pay('GIFT_REPLACE', '李小龙', 'NL91ABNA0417164300')).id;
    const res = await cli('payouts', 'list');
    expect(res.code).toBe(0);
    const lines = res.stdout.split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATUS\s+REQUESTED\s+BRAND\s+CARD\s+AMOUNT\s+FEE\s+IBAN\s+BATCH\s+END-TO-END ID$/);
    expect(lines).toHaveLength(5);
    const line = lines.find((l) => l.startsWith(ids.payout!))!;
    expect(line).toMatch(/pending .*DEMO\s+XXXXXXXXXXXXXXXX109\s+40\.00 EUR\s+2\.50 EUR\s+NL69INGB\*{6}6789\s+-\s+TSR[0-9a-f]{32}$/);
    expect(lines.at(-1)).toBe('3 payouts: 3 pending (78.00 EUR).');
    expect(res.stdout).not.toContain('0123456789');
    expect(res.stdout).not.toMatch(/Zo|Orjan|李/);
    expect((await cli('payouts', 'list', '--status', 'paid')).stdout).toBe('No paid payouts.');
  });

  it('exports them as a valid pain.001.001.09 file on standard output, once', async () => {
    const res = await cli('payouts', 'export');
    expect(res.code).toBe(0);
    const xml = res.stdout;
    expect(res.stderr).toMatch(/^Exported 3 payouts \(78.00 EUR\) as pain\.001\.001\.09 file TSR-\d{14}-[0-9a-f]{6}, execution date \d{4}-\d{2}-\d{2}\.$/);
    expect(await validateAgainstXsd(xml, 'pain.001.001.09')).toEqual({ valid: true, errors: [] });
    // The EPC rules the schema does not check.
    expect(xml).toContain('<SvcLvl><Cd>SEPA</Cd></SvcLvl>');
    expect(xml).toContain('<ChrgBr>SLEV</ChrgBr>');
    expect(texts(xml, 'NbOfTxs')).toEqual(['3', '3']);
    expect(texts(xml, 'CtrlSum')).toEqual(['78.00', '78.00']);
    expect([...xml.matchAll(/Ccy="([A-Z]+)"/g)].map((m) => m[1])).toEqual(['EUR', 'EUR', 'EUR']);
    expect(texts(xml, 'BICFI')).toEqual(['ABNANL2A', 'INGBNL2A', 'RABONL2U', 'ABNANL2A']);
    const names = texts(xml, 'Nm');
    expect(names).toContain('Zoe Lukasiewicz-Strasse');
    expect(names.find((n) => n.startsWith('Orjan'))).toBe(`Orjan AEro + Son (Holding) ${'ss'.repeat(40)}`.slice(0, SEPA_NAME_MAX));
    expect(names).toContain('...');
    const remittance = texts(xml, 'Ustrd');
    expect(remittance).toHaveLength(3);
    expect(remittance).toContain('Uitbetaling saldo Tessera Demo kaart eindigend op 109');
    for (const text of [...names, ...remittance]) {
      expect(isSepaLatin(text)).toBe(true);
      expect(text.length).toBeLessThanOrEqual(140);
    }
    for (const n of names) expect(n.length).toBeLessThanOrEqual(SEPA_NAME_MAX);
    expect(xml).toContain('<InstdAmt Ccy="EUR">40.00</InstdAmt>');

    const e2e = await c.t.db.selectFrom('payouts').select(['end_to_end_id', 'status', 'batch_id']).execute();
    expect(texts(xml, 'EndToEndId').sort()).toEqual(e2e.map((p) => p.end_to_end_id).sort());
    const messageId = texts(xml, 'MsgId')[0]!;
    expect(e2e.every((p) => p.status === 'exported' && p.batch_id === messageId)).toBe(true);
    const batch = await c.t.db.selectFrom('payout_batches').selectAll().executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ id: messageId, format: 'pain.001.001.09', payout_count: 3, control_sum: 7800 });

    const again = await cli('payouts', 'export');
    expect(again).toMatchObject({ code: 0, stdout: '' });
    expect(again.stderr).toBe('No pending payouts: nothing was exported and no file was written.');
    expect(await c.t.db.selectFrom('payout_batches').select('id').execute()).toHaveLength(1);
  });

  it('marks paid only exported payouts, by id or end-to-end id, idempotently', async () => {
    const e2e = (await c.t.db.selectFrom('payouts').select('end_to_end_id').where('id', '=', ids.replace!).executeTakeFirstOrThrow()).end_to_end_id;
    const paid = await cli('payouts', 'mark-paid', e2e);
    expect(paid).toMatchObject({ code: 0, stdout: `Marked paid: ${ids.replace} (15.50 EUR).` });
    expect(await statusOf(ids.replace!)).toBe('paid');
    const repeat = await cli('payouts', 'mark-paid', ids.replace!);
    expect(repeat).toMatchObject({ code: 0, stdout: `Already paid: ${ids.replace} (15.50 EUR); nothing changed.` });

    // All or nothing: one unknown id refuses the whole command.
    const unknown = await cli('payouts', 'mark-paid', ids.payout!, '00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Nothing was marked paid: 1 problem.');
    expect(unknown.stderr).toContain('00000000-0000-4000-8000-000000000000: no such payout');
    expect(await statusOf(ids.payout!)).toBe('exported');

    const malformed = await cli('payouts', 'mark-paid', 'DROP TABLE');
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain('not a payout id or end-to-end id');
    const failedPaid = await cli('payouts', 'mark-failed', ids.replace!);
    expect(failedPaid.code).toBe(1);
    expect(failedPaid.stderr).toContain('it is paid (a paid payout cannot be failed');
  });

  it('marks failed: credits payout and fee back once and lets the card be paid out again', async () => {
    const card = await cardId('GIFT_PAYOUT');
    expect(await sumOf(card)).toBe(0);
    const res = await cli('payouts', 'mark-failed', ids.payout!);
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(`Marked failed: ${ids.payout} (was exported); 40.00 EUR and the fee of 2.50 EUR credited back to the card, which may be paid out again.`);
    expect(await sumOf(card)).toBe(4250);
    const reversals = await c.t.db.selectFrom('ledger_entries').select(['kind', 'amount', 'reference']).where('card_id', '=', card).where('reference', 'like', '%:reversal').execute();
    expect(reversals.map((r) => `${r.kind} ${r.amount}`).sort()).toEqual(['fee 250', 'payout 4000']);
    const row = await c.t.db.selectFrom('cards').select('paid_out_at').where('id', '=', card).executeTakeFirstOrThrow();
    expect(row.paid_out_at).toBeNull();

    const repeat = await cli('payouts', 'mark-failed', ids.payout!);
    expect(repeat).toMatchObject({ code: 0, stdout: `Already failed: ${ids.payout} (40.00 EUR); nothing changed.` });
    expect(await sumOf(card)).toBe(4250);
    expect((await cli('payouts', 'mark-paid', ids.payout!)).stderr).toContain('it is failed');

    // A pending payout can be stopped before export too.
    ids.acme = (await pay('GIFT_ACME', 'Jan Smit')).id;
    expect((await cli('payouts', 'mark-failed', ids.acme)).code).toBe(0);
    expect(await sumOf(await cardId('GIFT_ACME'))).toBe(3500);

    // The card is paid out again: attempt 2, with its own references.
    ids.second = (await pay('GIFT_PAYOUT', 'Zoë Łukasiewicz-Straße')).id;
    const second = await c.t.db.selectFrom('payouts').selectAll().where('id', '=', ids.second).executeTakeFirstOrThrow();
    expect(second).toMatchObject({ attempt: 2, amount: 4000, status: 'pending' });
    expect(await sumOf(card)).toBe(0);
  });

  it('writes a valid pain.001.001.03 file with --out, never over an existing file', async () => {
    const res = await cli('payouts', 'export', '--format', 'pain.001.001.03', '--out', 'batch-03.xml');
    expect(res.code).toBe(0);
    const file = path.join(dir, 'batch-03.xml');
    expect(res.stdout).toMatch(/^Exported 1 payout \(40\.00 EUR\) as pain\.001\.001\.03 file TSR-.*, to .*batch-03\.xml\.$/);
    const xml = readFileSync(file, 'utf8');
    expect(await validateAgainstXsd(xml, 'pain.001.001.03')).toEqual({ valid: true, errors: [] });
    expect(xml).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"');
    expect(texts(xml, 'BIC')).toEqual(['ABNANL2A', 'INGBNL2A']);
    expect(texts(xml, 'Nm')).toContain('Zoe Lukasiewicz-Strasse');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(await statusOf(ids.second!)).toBe('exported');

    ids.identify = (await pay('GIFT_IDENTIFY', 'Piet Puk')).id;
    const clobber = await cli('payouts', 'export', '--out', 'batch-03.xml');
    expect(clobber.code).toBe(1);
    expect(clobber.stderr).toContain('already exists; nothing was exported');
    expect(readFileSync(file, 'utf8')).toBe(xml);
    expect(await statusOf(ids.identify)).toBe('pending');
  });

  it('never writes a file that does not validate, and leaves the payouts pending', async () => {
    let staged = false;
    const attempt = exportPayouts(
      // A debtor BIC of the wrong shape: the builder writes it, the schema refuses it.
      { db: c.t.db, crypto: c.t.deps.crypto, now: () => new Date(), debtor: { name: 'X', iban: 'NL91ABNA0417164300', bic: 'NOT-A-BIC' } },
      'pain.001.001.09',
      {
        stage: async () => {
          staged = true;
          return { commit: async () => undefined, abort: async () => undefined };
        },
      },
    );
    await expect(attempt).rejects.toThrow(OperatorError);
    await expect(attempt).rejects.toThrow(/does not validate against the pain\.001\.001\.09 schema/);
    expect(staged).toBe(false);
    expect(await statusOf(ids.identify!)).toBe('pending');
    expect(await c.t.db.selectFrom('payout_batches').select('id').execute()).toHaveLength(2);
  });

  it('refuses bad input with a clear message and a non-zero exit', async () => {
    const cases: [string[], number, string][] = [
      [['payouts', 'list', '--status', 'lost'], 2, '--status must be one of pending, held, exported, paid, failed, returned, rejected'],
      [['payouts', 'list', '--colour'], 2, "Unknown option '--colour'"],
      [['payouts', 'export', '--format', 'pain.001.001.02'], 2, '--format must be pain.001.001.09 or pain.001.001.03'],
      [['payouts', 'export', 'file.xml'], 2, 'takes no arguments'],
      [['payouts', 'export', '--out', 'missing/dir/x.xml'], 1, 'does not exist; nothing was exported'],
      [['payouts', 'mark-paid'], 2, 'needs at least one payout id'],
      [['payouts', 'mark-failed'], 2, 'needs at least one payout id'],
      [['payouts', 'pay'], 2, 'unknown command "payouts pay"'],
    ];
    for (const [argv, code, message] of cases) {
      const res = await cli(...argv);
      expect(res.code, argv.join(' ')).toBe(code);
      expect(res.stderr, argv.join(' ')).toContain(message);
    }
    for (const command of ['list', 'export', 'mark-paid', 'mark-failed', 'return']) {
      const help = await cli('payouts', command, '--help');
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: tessera payouts ${command}`);
    }
    expect((await cli('payouts', '--help')).stdout).toContain('payouts mark-failed');
    expect(await statusOf(ids.identify!)).toBe('pending');
  });
});
