import { replaceApi, visaApi } from '@tessera/contracts';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { demoCard, lookupBody } from '../helpers/demo.js';
import { issueTestGiftCard } from '../helpers/identity.js';
import { captcha, issueVisa } from '../helpers/visa.js';
import { lookupGiftCard, useCliTest } from './support.js';

const c = useCliTest();

const lookup = async (number: string, code: string) => {
  const res = await lookupGiftCard(c.t, 'DEMO', number, code);
  return res.statusCode === 200 ? `OK ${(res.json().balances as { quantity: { value: number } }[])[0]!.quantity.value}` : `${res.statusCode} ${res.json().code as string}`;
};
const replace = (number: string, securityCode: string, balance: number) =>
  c.t.app.inject({
    method: 'POST',
    url: replaceApi.replace.build({ themeCode: 'demo' }),
    headers: { 'x-flow-type': 'REPLACE' },
    payload: { code: number, email: 'kaarthouder@example.nl', securityCode, balances: [{ quantity: { value: balance, assetCode: 'EUR' } }] },
  });
const masked = (number: string) => `XXXXXXXXXXXXXXXX${number.slice(-3)}`;
const events = (type: string, cardId: string) => c.t.db.selectFrom('audit_events').select(['outcome', 'client', 'detail']).where('type', '=', type).where('card_id', '=', cardId).execute();

describe('tessera cards block and unblock', () => {
  it('a blocked card answers as an unknown card; REPLACE still moves a lost card’s balance; unblock restores it', async () => {
    const card = await issueTestGiftCard(c.t, { balance: 1500 });
    const res = await c.cli('cards', 'block', card.number, '--reason', 'lost', '--by', 'support.jan');
    expect(res.stderr).toBe('');
    expect(res.stdout).toBe(`Blocked giftcard card ${masked(card.number)} (lost): self-service refuses it; REPLACE can still move its balance to a new card.`);
    expect(await lookup(card.number, card.securityCode)).toBe('404 CARD_NOT_FOUND');
    const again = await c.cli('cards', 'block', card.number, '--reason', 'fraud');
    expect(again.stdout).toContain('was already blocked since');
    expect(again.stdout).toContain('(lost); nothing changed.');

    const unblocked = await c.cli('cards', 'unblock', card.number);
    expect(unblocked.stdout).toContain(`Unblocked giftcard card ${masked(card.number)}`);
    expect(await lookup(card.number, card.securityCode)).toBe('OK 1500');
    expect((await c.cli('cards', 'unblock', card.number)).stdout).toContain('was not blocked; nothing changed.');
    expect(await events('card.block', card.id)).toEqual([{ outcome: 'blocked', client: 'operator:support.jan', detail: 'lost' }]);
    expect((await events('card.unblock', card.id)).map((e) => e.outcome)).toEqual(['unblocked']);

    await c.cli('cards', 'block', card.number, '--reason', 'stolen');
    // The REPLACE lookup finds it (the web app's first step), the BALANCE lookup does not.
    const replaceLookup = await c.t.app.inject({ method: 'POST', url: replaceApi.lookup.build(), headers: { 'x-flow-type': 'REPLACE' }, payload: lookupBody('GIFT_BALANCE', { giftCardNumber: card.number, pinCode: card.securityCode }) });
    expect(replaceLookup.statusCode).toBe(200);
    expect(await lookup(card.number, card.securityCode)).toBe('404 CARD_NOT_FOUND');
    const replaced = await replace(card.number, card.securityCode, 1500);
    expect(replaced.statusCode).toBe(200);
    expect(await lookup(card.number, card.securityCode)).toBe('404 CARD_NOT_FOUND');
  });

  it('a card blocked for fraud cannot be replaced either', async () => {
    const card = await issueTestGiftCard(c.t, { balance: 900 });
    expect((await c.cli('cards', 'block', card.number, '--reason', 'fraud')).stdout).toContain('(fraud): self-service refuses it, REPLACE too.');
    const replaceLookup = await c.t.app.inject({ method: 'POST', url: replaceApi.lookup.build(), headers: { 'x-flow-type': 'REPLACE' }, payload: lookupBody('GIFT_BALANCE', { giftCardNumber: card.number, pinCode: card.securityCode }) });
    expect(replaceLookup.statusCode).toBe(404);
    const res = await replace(card.number, card.securityCode, 900);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CARD_NOT_FOUND');
  });

  it('a blocked Visa card gets no code, as an unknown number; unblocked it is inactive as before', async () => {
    const visa = await issueVisa(c.t, { state: 'inactive' });
    expect((await c.cli('cards', 'block', visa.number, '--reason', 'other')).code).toBe(0);
    const request = () =>
      c.t.app.inject({ method: 'POST', url: visaApi.requestActivationCode.build({ themeCode: 'demo' }), headers: { 'x-flow-type': 'VISA' }, payload: { cardNumber: visa.number, 'g-recaptcha-response': captcha, culture: 'nl' } });
    const unknown = await c.t.app.inject({ method: 'POST', url: visaApi.requestActivationCode.build({ themeCode: 'demo' }), headers: { 'x-flow-type': 'VISA' }, payload: { cardNumber: '4000999999999999991', 'g-recaptcha-response': captcha, culture: 'nl' } });
    const blocked = await request();
    expect(`${blocked.statusCode} ${blocked.json().code}`).toBe(`${unknown.statusCode} ${unknown.json().code}`);
    await c.cli('cards', 'unblock', visa.number);
    const after = await request();
    expect(after.statusCode).toBe(200);
    expect((await c.t.db.selectFrom('cards').select('state').where('id', '=', visa.id).executeTakeFirstOrThrow()).state).toBe('inactive');
  });

  it('refuses a missing or unknown reason, and an unknown card', async () => {
    expect((await c.cli('cards', 'block', '6064 0000 0000 0000 101')).code).toBe(2);
    expect((await c.cli('cards', 'block', '6064 0000 0000 0000 101', '--reason', 'bored')).code).toBe(2);
    const unknown = await c.cli('cards', 'block', '6064 9999 9999 9999 999', '--reason', 'lost');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No card with number XXXXXXXXXXXXXXXX999 exists.');
  });
});

describe('tessera cards adjust', () => {
  it('books an adjustment, never below zero, once per reference', async () => {
    const card = await issueTestGiftCard(c.t, { balance: 1000 });
    const res = await c.cli('cards', 'adjust', card.number, '--amount', '-250', '--reason', 'till double-charged, ticket 77', '--reference', 'T-77');
    expect(res.stderr).toBe('');
    expect(res.stdout).toBe(`Adjusted ${masked(card.number)} by -2.50 EUR: balance 10.00 EUR → 7.50 EUR.`);
    expect(await lookup(card.number, card.securityCode)).toBe('OK 750');

    const repeat = await c.cli('cards', 'adjust', card.number, '--amount', '-250', '--reason', 'till double-charged, ticket 77', '--reference', 'T-77');
    expect(repeat.stdout).toContain('was booked before; balance 7.50 EUR; nothing booked again.');
    const other = await c.cli('cards', 'adjust', card.number, '--amount', '-300', '--reason', 'x again', '--reference', 'T-77');
    expect(other.code).toBe(1);
    const below = await c.cli('cards', 'adjust', card.number, '--amount', '-751', '--reason', 'too much');
    expect(below.code).toBe(1);
    expect(below.stderr).toContain('would take it below zero; nothing was booked.');
    expect(await lookup(card.number, card.securityCode)).toBe('OK 750');
    const ledger = await c.t.db.selectFrom('ledger_entries').select(['kind', 'amount']).where('card_id', '=', card.id).orderBy('created_at').execute();
    expect(ledger.map((e) => [e.kind, Number(e.amount)])).toEqual([['load', 1000], ['adjustment', -250]]);
    expect((await events('card.adjust', card.id))[0]?.detail).toBe('-250 EUR (adjustment:T-77): till double-charged, ticket 77');
  });

  it('refuses an amount of 0 or not a whole number, and a missing reason', async () => {
    for (const amount of ['0', '2.50', 'ten']) expect((await c.cli('cards', 'adjust', '6064 0000 0000 0000 101', '--amount', amount, '--reason', 'why not')).code).toBe(2);
    expect((await c.cli('cards', 'adjust', '6064 0000 0000 0000 101', '--amount', '100')).code).toBe(2);
    const escape = await c.cli('cards', 'adjust', '6064 0000 0000 0000 101', '--amount', '100', '--reason', 'why\u001b[2J');
    expect(escape.code).toBe(2);
    expect(escape.stderr).toContain('--reason may not hold control characters');
  });
});

describe('tessera cards show and find', () => {
  it('shows where a card stands, its money and its history, masked', async () => {
    const card = await issueTestGiftCard(c.t, { balance: 2000 });
    await lookupGiftCard(c.t, 'DEMO', card.number, '000000');
    await c.cli('cards', 'adjust', card.number, '--amount', '500', '--reason', 'goodwill');
    await c.cli('cards', 'block', card.number, '--reason', 'lost');
    const res = await c.cli('cards', 'show', card.number);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`card          ${masked(card.number)} (giftcard, brand DEMO)`);
    expect(res.stdout).toMatch(/state {9}active, BLOCKED since \S+ \S+ \(lost\)/);
    expect(res.stdout).toContain('balance       25.00 EUR');
    expect(res.stdout).toContain('guessing      1 wrong in a row');
    expect(res.stdout).toMatch(/adjustment\s+5\.00 EUR\s+adjustment:/);
    expect(res.stdout).toMatch(/giftcard\.lookup\s+wrong_secret/);
    expect(res.stdout).not.toContain(card.number);
    const json = JSON.parse((await c.cli('cards', 'show', card.number, '--json')).stdout) as { balances: unknown; ledger: unknown[]; blocked: { reason: string } };
    expect(json.balances).toEqual([{ assetCode: 'EUR', balance: 2500 }]);
    expect(json.ledger).toHaveLength(2);
    expect(json.blocked.reason).toBe('lost');
  });

  it('finds a brand’s cards by their last three digits', async () => {
    const res = await c.cli('cards', 'find', '--brand', 'DEMO', '--last', '101');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/XXXXXXXXXXXXXXXX101\s+giftcard\s+active\s+25\.00 EUR/);
    expect((await c.cli('cards', 'find', '--brand', 'ACME', '--last', '101')).stdout).toBe('No card of brand ACME ends in 101.');
    expect((await c.cli('cards', 'find', '--brand', 'DEMO', '--last', '1')).code).toBe(2);
    expect((await c.cli('cards', 'find', '--brand', 'NOPE', '--last', '101')).code).toBe(1);
  });
});

describe('migration 010', () => {
  it('keeps the ledger through the rebuild, takes the new kinds and refuses unknown ones, and goes down again', async () => {
    const db = c.t.db;
    const migrator = new Migrator({ db, provider: migrationProvider, ...(c.t.database.dialect === 'postgres' && { migrationTableSchema: c.t.database.schema }) });
    // Going down refuses while the ledger holds entries of the new kinds (the adjustments above),
    // and leaves the schema as it was; without them it goes down.
    const down = await migrator.migrateTo('009_identity_bound_card');
    expect(down.error).toBeDefined();
    expect((await migrator.getMigrations()).find((m) => m.name === '010_card_operations')?.executedAt).toBeDefined();
    await db.deleteFrom('ledger_entries').where('kind', '=', 'adjustment').execute();
    const before = Number((await db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect((await migrator.migrateTo('009_identity_bound_card')).error).toBeUndefined();
    const card = await db.selectFrom('cards').select('id').executeTakeFirstOrThrow();
    const entry = (kind: string, reference: string) =>
      sql`insert into ledger_entries (id, card_id, asset_code, amount, kind, reference, created_at) values (${reference}, ${card.id}, 'EUR', 0, ${kind}, ${reference}, '2030-01-01T00:00:00.000Z')`.execute(db);
    await expect(entry('adjustment', 'm010-a')).rejects.toThrow();
    await expect(migrateToLatest(db)).resolves.toBeDefined();
    expect(Number((await db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(before);
    for (const kind of ['adjustment', 'redemption', 'refund']) await entry(kind, `m010-${kind}`);
    await expect(entry('bogus', 'm010-bogus')).rejects.toThrow();
    await db.deleteFrom('ledger_entries').where('reference', 'like', 'm010-%').execute();
  });
});

describe('tessera cards expire-balances', () => {
  it('books the balance of a gift card past its grace period once; a card in its grace period keeps it', async () => {
    const expired = demoCard('GIFT_EXPIRED');
    const grace = demoCard('GIFT_GRACE');
    const dry = await c.cli('cards', 'expire-balances', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/XXXXXXXXXXXXXXXX105\s+DEMO\s+\d{4}-\d{2}-\d{2}\s+10\.00 EUR/);
    expect(dry.stdout).not.toContain('XXXXXXXXXXXXXXXX104');
    expect(dry.stdout).toContain('Dry run, nothing booked: would expire 1 balance: DEMO 10.00 EUR.');
    expect(await lookup(expired.number, expired.securityCode!)).toBe('OK 1000');

    const res = await c.cli('cards', 'expire-balances', '--by', 'finance.piet');
    expect(res.stdout).toContain('Expired 1 balance: DEMO 10.00 EUR.');
    expect(await lookup(expired.number, expired.securityCode!)).toBe('OK 0');
    expect(await lookup(grace.number, grace.securityCode!)).toBe('OK 1000');
    const again = await c.cli('cards', 'expire-balances');
    expect(again.stdout).toBe('No balances past their grace period.');
    const entries = await c.t.db.selectFrom('ledger_entries').select(['amount']).where('kind', '=', 'expiry').execute();
    expect(entries.map((e) => Number(e.amount))).toEqual([-1000]);
    const audit = await c.t.db.selectFrom('audit_events').select(['client', 'detail']).where('type', '=', 'card.expiry').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.client).toBe('operator:finance.piet');
  });
});
