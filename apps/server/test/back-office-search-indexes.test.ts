import { replaceApi, stripCardNumber } from '@tessera/contracts';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { searchCards } from '../src/back-office/cards/search-cards.js';
import { prepareDatabase } from '../src/app/prepare-database.js';
import { fillSearchIndexes } from '../src/cards/fill-search-indexes.js';
import { issueCard, insertSealedCards, sealCard } from '../src/cards/issue-card.js';
import { PURPOSE } from '../src/crypto/index.js';
import { isPostgres } from '../src/db/database.js';
import { migrateToLatest, migrationStatus } from '../src/db/migrate.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import { DEMO_CARDS } from '../src/demo/cards.js';
import { eraseHolder } from '../src/operator/holders.js';
import { resendReplacementCard } from '../src/operator/resend-replacement-card.js';
import { demoCard } from './helpers/demo.js';
import { cardRow, replaceBody, useFlowTestApp } from './helpers/flows.js';

// Migration 018's search columns: rows that existed before it get them at the next start
// (cards/fill-search-indexes.ts, run by prepareDatabase), and every write from then on sets them.

const { t } = useFlowTestApp();

const DEMO = { brands: ['DEMO'] } as const;
const found = async (request: Parameters<typeof searchCards>[2]) => (await searchCards(t.deps, DEMO, request)).cards.map((c) => c.id);

/** Undoes migration 018 and every later one, as a database of the release before 018 is. */
async function undoMigration018() {
  const schema = isPostgres(t.db) ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]!.s : undefined;
  const migrator = new Migrator({ db: t.db, provider: migrationProvider, ...(schema && { migrationTableSchema: schema }) });
  const { error, results } = await migrator.migrateTo('017_staff');
  expect(error).toBeUndefined();
  expect(results?.map((r) => r.migrationName).at(-1)).toBe('018_staff_card_search');
}

describe('migration 018 and the search indexes', () => {
  it('fills the last four digits and the phone and e-mail indexes of rows written before it, at the next start', async () => {
    const replaced = await cardRow(t, 'GIFT_REPLACE');
    const res = await t.app.inject({ method: 'POST', url: replaceApi.replace.build({ themeCode: 'demo' }), headers: { 'x-flow-type': 'REPLACE' }, payload: replaceBody('GIFT_REPLACE', { email: 'Eerder@Example.nl' }) });
    expect(res.statusCode).toBe(200);

    await undoMigration018();
    expect((await migrationStatus(t.db)).pending[0]).toBe('018_staff_card_search');
    await migrateToLatest(t.db);
    expect(await t.db.selectFrom('cards').select('id').where('number_last4', 'is not', null).execute()).toEqual([]);
    expect(await t.db.selectFrom('visa_holders').select('card_id').where('phone_index', 'is not', null).execute()).toEqual([]);
    // Not found until the indexes are there.
    expect(await found({ phone: '+31612345601' })).toEqual([]);

    const logged: string[] = [];
    const note = (_: unknown, message?: string) => void logged.push(message ?? '');
    await prepareDatabase({ ...t.config, migrateOnStart: true }, t.db, { info: note, warn: note } as never);
    expect(logged).toContain('search indexes of older cards filled');

    const cards = await t.db.selectFrom('cards').select(['number_ciphertext', 'number_last4']).execute();
    expect(cards.length).toBe(DEMO_CARDS.length + 1);
    for (const card of cards) expect(card.number_last4).toBe(t.deps.crypto.cipher.decrypt(card.number_ciphertext, PURPOSE.cardNumber).slice(-4));
    const holders = await t.db.selectFrom('visa_holders').select(['phone_index', 'email_index']).execute();
    expect(holders.every((h) => h.phone_index !== null)).toBe(true);
    expect(holders.filter((h) => h.email_index !== null)).toHaveLength(1);

    expect(await found({ phone: '+31612345601' })).toEqual([(await cardRow(t, demoCard('VISA_NEW_1').number)).id]);
    expect(await found({ email: 'm.bakker@example.nl' })).toEqual([(await cardRow(t, demoCard('VISA_ACTIVE').number)).id]);
    expect((await found({ email: 'eerder@example.nl' })).sort()).toEqual([replaced.id, (await cardRow(t, 'GIFT_REPLACE')).replaced_by_card_id!].sort());
    expect(await found({ brand: 'DEMO', last: '0101' })).toEqual([(await cardRow(t, 'GIFT_BALANCE')).id]);

    // Once done there is nothing left to fill.
    expect(await fillSearchIndexes(t.db, t.deps.crypto)).toEqual({ cards: 0, holders: 0, replacements: 0, unreadable: 0 });
  });

  it('sets them on every new card, holder and replacement address: issue, import, holder erasure, a new address', async () => {
    const brand = await t.db.selectFrom('brands').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const holder = (phoneNumber: string, email: string | null) => ({ holderName: 'T. Test', phoneNumber, email, address: null, dateOfBirth: null, countryOfBirth: null, nationality: null });
    const issued = await issueCard(
      t.db,
      t.deps.crypto,
      { brandId: brand.id, kind: 'visa', cardNumber: '4000 0000 0000 0009 876', state: 'inactive', assetCode: 'EUR', expiresAt: null, visa: { holder: holder('06 9876 5432', 'Nieuw@Example.nl'), pin: '1234' } },
      now,
    );
    const imported = sealCard(
      t.deps.crypto,
      { brandId: brand.id, kind: 'visa', cardNumber: '4000 0000 0000 0009 877', state: 'inactive', assetCode: 'EUR', expiresAt: null, visa: { holder: holder('+31 6 9876 5433', null), pin: '1234' } },
      now,
    );
    await t.db.transaction().execute((trx) => insertSealedCards(trx, [imported]));

    expect(await found({ phone: '+31698765432' })).toEqual([issued]);
    expect(await found({ email: 'nieuw@example.nl' })).toEqual([issued]);
    expect(await found({ phone: '0698765433' })).toEqual([imported.card.id]);
    expect(await found({ brand: 'DEMO', last: '9876' })).toEqual([issued]);
    expect(await found({ brand: 'DEMO', last: '9877' })).toEqual([imported.card.id]);

    // An erased holder has no phone number or address left to be found by.
    await eraseHolder({ db: t.db, crypto: t.deps.crypto, now: () => new Date() }, '4000 0000 0000 0009 876');
    expect(await found({ phone: '+31698765432' })).toEqual([]);
    expect(await found({ email: 'nieuw@example.nl' })).toEqual([]);
    expect(await fillSearchIndexes(t.db, t.deps.crypto)).toEqual({ cards: 0, holders: 0, replacements: 0, unreadable: 0 });

    // The operator sends a replacement to another address: found by the new one, not the old.
    const old = await cardRow(t, 'GIFT_REPLACE');
    await t.db.updateTable('outbox_messages').set({ status: 'sent' }).where('dedupe_key', '=', `replacement-card:${old.id}`).execute();
    await resendReplacementCard({ db: t.db, crypto: t.deps.crypto, now: () => new Date() }, stripCardNumber(demoCard('GIFT_REPLACE').number), { email: 'later@example.nl' });
    expect(await found({ email: 'eerder@example.nl' })).toEqual([]);
    expect(await found({ email: 'later@example.nl' })).toContain(old.id);
  });
});
