import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PURPOSE } from '../../src/crypto/index.js';
import { findCurrentSecret } from '../../src/db/repositories/card-secrets.js';
import { findCardByNumberIndex } from '../../src/db/repositories/cards.js';
import { sumLedgerByAsset } from '../../src/db/repositories/ledger.js';
import { findVisaHolder } from '../../src/db/repositories/visa-holders.js';
import { lookupGiftCard, useCliTest } from './support.js';

const c = useCliTest();

const HEADER = 'brand,kind,card_number,security_code,recovery_code,balance,asset_code,expires_at,holder_name,phone,pin,email,address_line1,postal_code,city,birth_date,country_of_birth,nationality';

const findCard = async (number: string) =>
  findCardByNumberIndex(c.t.db, c.t.deps.crypto.blindIndex.candidates(PURPOSE.cardNumber, number.replace(/\s/g, '')));

const ledgerCount = async () => Number((await c.t.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const countCards = async () => Number((await c.t.db.selectFrom('cards').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** Imports the lines as a file, expecting the CLI to refuse it (exit 1) and to write no card at all. */
async function refusedImport(name: string, lines: string[]) {
  const before = await countCards();
  const res = await c.cli('cards', 'import', c.file(name, lines.join('\n')));
  expect(res.code).toBe(1);
  expect(await countCards()).toBe(before);
  return res;
}

describe('tessera cards import', () => {
  it('imports a good file in one go; the cards work in the portal with their balances', async () => {
    const csv = [
      HEADER,
      'DEMO,giftcard,6064 2000 0000 0000 001,482001,,2500,EUR,2099-12-31,,,,,,,,,,',
      'demo,giftcard,6064200000000000002,482002,123456,0,,,,,,,,,,,,',
      'acme,GIFTCARD,6064 2000 0000 0000 003,482003,,1999,eur,2030-02-28,,,,,,,,,,',
      'DEMO,visa,4000 2000 0000 0000 004,,,5000,EUR,,"de Vries, Jan",+31 6 12345604,1357,jan@example.nl,"Keizersgracht 1, 2e etage",1015 CJ,Amsterdam,1980-02-29,NL,nl',
    ].join('\n');
    const res = await c.cli('cards', 'import', c.file('good.csv', csv));
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('Imported 4 cards (3 giftcard, 1 visa; brands: DEMO 3, ACME 1).');
    // Never a full number on the terminal.
    expect(res.stdout).not.toMatch(/\d{6}/);

    const lookup = await lookupGiftCard(c.t, 'DEMO', '6064 2000 0000 0000 001', '482001');
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({ expiresAt: '2099-12-31', balances: [{ quantity: { value: 2500, assetCode: 'EUR' } }] });
    const empty = await lookupGiftCard(c.t, 'DEMO', '6064200000000000002', '482002');
    expect(empty.json()).toMatchObject({ expiresAt: null, balances: [{ quantity: { value: 0, assetCode: 'EUR' } }] });
    const acme = await lookupGiftCard(c.t, 'ACME', '6064200000000000003', '482003');
    expect(acme.json()).toMatchObject({ expiresAt: '2030-02-28', balances: [{ quantity: { value: 1999, assetCode: 'EUR' } }] });
    // The wrong brand does not find it.
    expect((await lookupGiftCard(c.t, 'DEMO', '6064200000000000003', '482003')).statusCode).toBe(404);

    const gift = await findCard('6064200000000000001');
    expect(gift).toMatchObject({ kind: 'giftcard', state: 'active', asset_code: 'EUR', number_last3: '001' });
    // The number itself (random base64 may hold "6064").
    expect(gift!.number_ciphertext).not.toContain('6064200000000000001');
    expect(gift!.number_ciphertext).toMatch(/^v\d+\./);
    const recovery = await findCurrentSecret(c.t.db, (await findCard('6064200000000000002'))!.id, 'recovery_code', new Date().toISOString());
    expect(recovery?.hash).toBeDefined();
    expect(recovery?.hash).not.toContain('123456');

    const visa = await findCard('4000200000000000004');
    expect(visa).toMatchObject({ kind: 'visa', state: 'inactive' });
    expect(await sumLedgerByAsset(c.t.db, visa!.id)).toEqual([{ assetCode: 'EUR', amount: 5000 }]);
    const ledger = await c.t.db.selectFrom('ledger_entries').selectAll().where('card_id', '=', visa!.id).execute();
    expect(ledger.map((e) => e.kind)).toEqual(['load']);
    const sealed = await findVisaHolder(c.t.db, visa!.id);
    const holder = JSON.parse(c.t.deps.crypto.cipher.decrypt(sealed!.holderCiphertext, PURPOSE.visaHolder));
    expect(holder).toEqual({
      holderName: 'de Vries, Jan',
      phoneNumber: '+31612345604',
      email: 'jan@example.nl',
      address: { addressLine1: 'Keizersgracht 1, 2e etage', postalCode: '1015 CJ', city: 'Amsterdam' },
      dateOfBirth: '1980-02-29',
      countryOfBirth: 'NL',
      nationality: 'NL',
    });
    expect(sealed!.pinCiphertext).toMatch(/^p1\./); // under PIN_KEYS
    expect(c.t.deps.crypto.pins.open(sealed!.pinCiphertext!)).toBe('1357');

    // One audit event for the file (its name, hash and count); every card names it and its line.
    const audit = await c.t.db.selectFrom('audit_events').selectAll().where('type', 'in', ['card.import', 'cards.import']).execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail!)).toEqual({ source: 'good.csv', sha256: createHash('sha256').update(csv).digest('hex'), cards: 4 });
    expect(audit[0]!.client).toMatch(/^operator:/);
    expect(gift).toMatchObject({ import_event_id: audit[0]!.id, import_line: 2 });
    expect(visa).toMatchObject({ import_event_id: audit[0]!.id, import_line: 5 });
    // cards show and audit list --card tell the import.
    const show = await c.cli('cards', 'show', '4000 2000 0000 0000 004');
    expect(show.stdout).toMatch(/imported\s+good\.csv, line 5, by operator:\S+ \(audit event /);
    expect(show.stdout).toContain('cards.import');
    const shown = JSON.parse((await c.cli('cards', 'show', '4000 2000 0000 0000 004', '--json')).stdout);
    expect(shown.imported).toMatchObject({ eventId: audit[0]!.id, source: 'good.csv', line: 5 });
    expect(shown.audit.map((e: { type: string }) => e.type)).toContain('cards.import');
    const trail = await c.cli('audit', 'list', '--card', '6064 2000 0000 0000 001');
    expect(trail.stdout).toContain('cards.import');
  });

  it('reads a minimal header in another order, CRLF line ends and quoted fields', async () => {
    const csv = '\ufeff"Card Number",Kind,Brand,Balance,"Security Code"\r\n"6064 2000 0000 0000 010",giftcard,"DEMO","1000","Ab12cd"\r\n';
    const res = await c.cli('cards', 'import', c.file('crlf.csv', csv));
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Imported 1 card (1 giftcard; brands: DEMO 1).');
    const lookup = await lookupGiftCard(c.t, 'demo', '6064200000000000010', 'Ab12cd');
    expect(lookup.json().balances[0].quantity.value).toBe(1000);
  });

  it('imports nothing when one row among good ones is bad, and names its line', async () => {
    const res = await refusedImport('one-bad.csv', [
      'brand,kind,card_number,security_code,balance,expires_at',
      'DEMO,giftcard,6064 3000 0000 0000 001,555001,100,',
      'DEMO,giftcard,6064 3000 0000 0000 002,555002,100,',
      'DEMO,giftcard,6064 3000 0000 0000 003,555003,12.50,2099-02-30',
      'DEMO,giftcard,6064 3000 0000 0000 004,555004,100,',
    ]);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain('nothing was written');
    expect(res.stderr).toContain('line 4: balance: a whole number of minor units');
    expect(res.stderr).toContain('line 4: expires_at: expected a date as yyyy-mm-dd');
    expect(res.stderr).not.toMatch(/line [235]:/);
    expect(await findCard('6064300000000000001')).toBeUndefined();
  });

  it('reports every kind of bad row with its line number', async () => {
    const res = await refusedImport('bad.csv', [
      HEADER,
      /* 2 */ 'NOBRAND,giftcard,6064 4000 0000 0000 001,555001,,100,,,,,,,,,,,,',
      /* 3 */ 'DEMO,debit,6064 4000 0000 0000 002,555002,,100,,,,,,,,,,,,',
      /* 4 */ 'DEMO,giftcard,6064 4000 0000,555003,,100,,,,,,,,,,,,',
      /* 5 */ 'DEMO,giftcard,6064 4000 0000 0000 005,,12345,-5,EURO,,,,,,,,,,,',
      /* 6 */ 'DEMO,giftcard,6064 4000 0000 0000 006,555006,,100,,,Jan,,,,,,,,,',
      /* 7 */ 'DEMO,visa,4000 4000 0000 0000 007,555007,,100,,,,0612345678,13579,not-an-email,Street 1,,,2999-01-01,XX,',
      /* 8 */ 'DEMO,giftcard,6064 4000 0000 0000 008,555008,,100',
      /* 9 */ 'DEMO,visa,4000 4000 0000 0000 009,,,100,,,M. Bakker\u001b[2J,+31612345678,1357,,Street 1,1234 AB,Utrecht\u0007,,,',
    ]);
    const lines = res.stderr.split('\n');
    const expectLine = (fragment: string) => expect(lines.some((l) => l.includes(fragment)), fragment).toBe(true);
    expectLine('line 2: brand: no brand with code or slug "NOBRAND"');
    expectLine('line 3: kind: expected giftcard or visa');
    expectLine('line 4: card_number: card number must have at least 16 digits');
    expectLine('line 5: security_code: required');
    expectLine('line 5: recovery_code: exactly 6 digits');
    expectLine('line 5: balance: a whole number of minor units');
    expectLine('line 5: asset_code: an ISO 4217 code');
    expectLine('line 6: holder_name: only for visa cards');
    expectLine('line 7: security_code: only for gift cards');
    expectLine('line 7: holder_name: required');
    expectLine('line 7: phone: an international number in E.164 form');
    expectLine('line 7: pin: exactly 4 digits');
    expectLine('line 7: email: an e-mail address');
    expectLine('line 7: postal_code: required when any address field is given');
    expectLine('line 7: birth_date: a birth date in the past');
    expectLine('line 7: country_of_birth: expected an ISO 3166 two-letter country code');
    expectLine('line 8: has 6 fields, the header has 18');
    expectLine('line 9: holder_name: no control characters');
    expectLine('line 9: city: no control characters');
    expect(res.stderr).not.toContain('\u001b');
    expect(res.stderr).not.toContain('\u0007');
  });

  it('refuses numbers repeated in the file or already in the database, masked', async () => {
    const res = await refusedImport('dupes.csv', [
      'brand,kind,card_number,security_code,balance',
      'DEMO,giftcard,6064 5000 0000 0000 001,555001,100',
      'DEMO,giftcard,6064 0000 0000 0000 101,555002,100', // GIFT_BALANCE of the demo data
      'DEMO,giftcard,6064500000000000001,555003,100',
      'DEMO,giftcard,6064 5000 0000 0000 004,555004,100',
    ]);
    expect(res.stderr).toContain('line 3: card number XXXXXXXXXXXXXXXX101 is already in the database');
    expect(res.stderr).toContain('line 4: card number XXXXXXXXXXXXXXXX001 also appears on line 2');
    expect(res.stderr).not.toContain('6064');
    // The demo card is untouched.
    expect((await lookupGiftCard(c.t, 'DEMO', '6064 0000 0000 0000 101', '482913')).json().balances[0].quantity.value).toBe(2500);
  });

  it('refuses a file importing the same cards twice, so running it again is safe', async () => {
    const csv = 'brand,kind,card_number,security_code,balance\nDEMO,giftcard,6064 6000 0000 0000 001,555001,700\n';
    const path = c.file('twice.csv', csv);
    expect((await c.cli('cards', 'import', path)).code).toBe(0);
    const again = await c.cli('cards', 'import', path);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already in the database');
    expect((await lookupGiftCard(c.t, 'DEMO', '6064600000000000001', '555001')).json().balances[0].quantity.value).toBe(700);
  });

  it('--dry-run checks and writes nothing; --delimiter reads semicolons', async () => {
    const before = await countCards();
    const csv = 'brand;kind;card_number;security_code;balance\nDEMO;giftcard;"6064 7000 0000 0000 001";555001;700\n';
    const res = await c.cli('cards', 'import', c.file('semi.csv', csv), '--delimiter', ';', '--dry-run');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Checked 1 card');
    expect(res.stdout).toContain('Nothing was written');
    expect(await countCards()).toBe(before);
  });

  it('refuses bad headers, empty files and broken CSV', async () => {
    const unknown = await c.cli('cards', 'import', c.file('h1.csv', 'brand,kind,card_number,balance,colour\n'));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('line 1: unknown column "colour"');
    const missing = await c.cli('cards', 'import', c.file('h2.csv', 'brand,kind,security_code\nDEMO,giftcard,1\n'));
    expect(missing.stderr).toContain('the header has no card_number column');
    expect(missing.stderr).toContain('the header has no balance column');
    const empty = await c.cli('cards', 'import', c.file('empty.csv', ''));
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('The file is empty');
    const headerOnly = await c.cli('cards', 'import', c.file('h3.csv', 'brand,kind,card_number,balance\n'));
    expect(headerOnly.stderr).toContain('no cards');
    const broken = await c.cli('cards', 'import', c.file('broken.csv', 'brand,kind,card_number,balance\nDEMO,giftcard,"6064 8000 0000 0000 001,100\n'));
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('not valid CSV');
    expect(broken.stderr).toContain('line 2: a quoted field is not closed');
    const missingFile = await c.cli('cards', 'import', 'nope.csv');
    expect(missingFile.code).toBe(1);
    expect(missingFile.stderr).toContain('No such file');
  });
});

describe('tessera cards import, many cards', () => {
  const number = (prefix: string, i: number) => `6068${prefix}${String(i).padStart(14, '0')}`;

  it('imports a file of several batches, read in pieces, with the ledger of every card and one audit event', async () => {
    const lines = ['brand,kind,card_number,security_code,balance'];
    for (let i = 0; i < 2345; i++) lines.push(`DEMO,giftcard,${number('1', i)},${String(100000 + i)},${i}`);
    const before = await countCards();
    const res = await c.cli('cards', 'import', c.file('many.csv', lines.join('\r\n')));
    expect(res.stderr).toBe('');
    expect(res.stdout).toBe('Imported 2345 cards (2345 giftcard; brands: DEMO 2345).');
    expect(await countCards()).toBe(before + 2345);
    const last = await findCard(number('1', 2344));
    expect((await sumLedgerByAsset(c.t.db, last!.id))[0]?.amount).toBe(2344);
    expect(last!.import_line).toBe(2346);
    expect(await lookupGiftCard(c.t, 'DEMO', number('1', 2344), '102344').then((r) => r.statusCode)).toBe(200);
    const imported = await c.t.db.selectFrom('cards').select((eb) => eb.fn.countAll().as('n')).where('import_event_id', '=', last!.import_event_id).executeTakeFirstOrThrow();
    expect(Number(imported.n)).toBe(2345);
    const ledger = await c.t.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll().as('n')).where('reference', 'like', `cards-import:${last!.import_event_id}:%`).executeTakeFirstOrThrow();
    expect(Number(ledger.n)).toBe(2344); // the card with balance 0 has no load entry
  });

  it('finds a number twice in the file and one already in the database, across batches, and writes nothing', async () => {
    const lines = ['brand,kind,card_number,security_code,balance'];
    for (let i = 0; i < 2100; i++) lines.push(`DEMO,giftcard,${number('2', i)},${String(200000 + i)},1`);
    lines.push(`DEMO,giftcard,${number('2', 3)},200003,1`); // line 2102: again, two batches later
    lines.push(`DEMO,giftcard,${number('1', 7)},100007,1`); // line 2103: imported by the test above
    lines.push(`DEMO,giftcard,${number('2', 2101)},200003,1`); // line 2104: new
    lines.push(`DEMO,giftcard,${number('2', 2101)},200003,1`); // line 2105: again, in the same batch
    const before = await ledgerCount();
    const res = await refusedImport('dupes.csv', lines);
    expect(res.stderr).toContain('The file was not imported: 3 problems; nothing was written.');
    expect(res.stderr).toContain('line 2102: card number XXXXXXXXXXXXXXXX003 also appears on line 5');
    expect(res.stderr).toContain('line 2103: card number XXXXXXXXXXXXXXXX007 is already in the database');
    expect(res.stderr).toContain('line 2105: card number XXXXXXXXXXXXXXXX101 also appears on line 2104');
    expect(await ledgerCount()).toBe(before);
    expect(await findCard(number('2', 0))).toBeUndefined();
  });

  it('refuses a big file whose bad row comes last, and writes nothing: no card, ledger entry, secret or audit event', async () => {
    const lines = ['brand,kind,card_number,security_code,balance'];
    for (let i = 0; i < 5000; i++) lines.push(`DEMO,giftcard,${number('5', i)},${String(500000 + i)},${i + 1}`);
    lines.push(`DEMO,giftcard,${number('5', 5000)},500000,-1`); // line 5002
    const counts = async () => Promise.all(['cards', 'card_secrets', 'ledger_entries', 'audit_events'].map((table) => c.t.db.selectFrom(table as 'cards').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n))));
    const before = await counts();
    const res = await refusedImport('late-bad.csv', lines);
    expect(res.stderr).toContain('The file was not imported: 1 problem; nothing was written.');
    expect(res.stderr).toContain('line 5002: balance: a whole number of minor units');
    expect(await counts()).toEqual(before);
    expect(await findCard(number('5', 0))).toBeUndefined();
  });

  it('reads the file once, a batch at a time: rows are written while the file is still being read', async () => {
    const { importCards } = await import('../../src/operator/import-cards.js');
    let reads = 0;
    let yielded = 0;
    let reported = 0;
    let mostAhead = 0;
    const source = async function* () {
      reads++;
      yield { line: 1, fields: ['brand', 'kind', 'card_number', 'security_code', 'balance'] };
      for (let i = 0; i < 5500; i++) {
        mostAhead = Math.max(mostAhead, yielded - reported);
        yielded++;
        yield { line: i + 2, fields: ['DEMO', 'giftcard', number('6', i), String(600000 + i), '5'] };
      }
    };
    const result = await importCards({ db: c.t.db, crypto: c.t.deps.crypto, now: () => new Date() }, source, {
      source: 'generated',
      progress: (rows) => {
        reported = rows;
      },
    });
    expect(result.imported).toBe(5500);
    expect(reads).toBe(1);
    // Never more than a batch or so read ahead of what was handed to the database.
    expect(mostAhead).toBeGreaterThan(0);
    expect(mostAhead).toBeLessThanOrEqual(1000);
    expect(reported).toBe(5500);
  });

  it('shows rows, rows/s, how much of the file is read and the time left on a terminal, and nothing elsewhere', async () => {
    const { run } = await import('../../src/operator/cli/run.js');
    const lines = ['brand,kind,card_number,security_code,balance'];
    for (let i = 0; i < 2500; i++) lines.push(`DEMO,giftcard,${number('7', i)},${String(700000 + i)},1`);
    const file = c.file('progress.csv', lines.join('\n'));
    const shown: string[] = [];
    const err: string[] = [];
    const out: string[] = [];
    const code = await run(['cards', 'import', file], { out: (l) => out.push(l), err: (l) => err.push(l), progress: (l) => shown.push(l), env: c.env, cwd: '/' });
    expect(code).toBe(0);
    expect(out.join('\n')).toContain('Imported 2500 cards');
    expect(shown.length).toBeGreaterThanOrEqual(3); // a line per batch of 1 000
    for (const line of shown) expect(line).toMatch(/^\d+ rows, \d+ rows\/s, \d+% of the file, about \d+ s left$/);
    expect(shown.at(-1)).toMatch(/^2500 rows, .*100% of the file, about 0 s left$/);
    // Standard error gets only the line break that ends the progress line; without a terminal
    // (the other tests) it stays empty.
    expect(err).toEqual(['']);
  });

  it('lists the first 200 problems and counts them all', async () => {
    const lines = ['brand,kind,card_number,security_code,balance'];
    for (let i = 0; i < 250; i++) lines.push(`DEMO,giftcard,${number('3', i)},12,1`);
    const res = await refusedImport('bad-many.csv', lines);
    expect(res.stderr).toContain('The file was not imported: 250 problems (the first 200 listed); nothing was written.');
    expect(res.stderr.split('\n').filter((l) => l.trim().startsWith('line ')).length).toBe(200);
  });
});
