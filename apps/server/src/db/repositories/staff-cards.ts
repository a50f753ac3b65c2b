import { type SelectQueryBuilder, sql } from 'kysely';
import type { LedgerAmount } from '../../domain/ledger.js';
import type { CardRow, Database } from '../schema.js';
import type { Executor } from './executor.js';

/**
 * The back office's reads of cards: by id, and the four searches. Each search is limited to the
 * brands of the caller (`'all'`, or brand codes in upper case) in the query itself, so another
 * brand's card is never read, and answers the newest cards first.
 */

export type BrandCodes = 'all' | readonly string[];

export type StaffCardRow = CardRow & { brand_code: string };

type CardQuery = SelectQueryBuilder<Database & { c: Database['cards']; b: Database['brands'] }, 'c' | 'b', StaffCardRow>;

function staffCards(db: Executor, brands: BrandCodes): CardQuery {
  const query = db.selectFrom('cards as c').innerJoin('brands as b', 'b.id', 'c.brand_id').selectAll('c').select('b.code as brand_code') as unknown as CardQuery;
  // Codes compare in upper case, as grants name them whatever case a brand file used.
  return brands === 'all' ? query : query.where(sql<string>`upper(b.code)`, 'in', brands.length > 0 ? [...brands] : ['']);
}

const newestFirst = (query: CardQuery, limit: number) => query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit);

/** A card with its brand's code, whatever its brand: the caller decides whether it may see it. */
export async function findStaffCardById(db: Executor, cardId: string): Promise<StaffCardRow | undefined> {
  return staffCards(db, 'all').where('c.id', '=', cardId).executeTakeFirst();
}

/** The code of a card's brand by the card's id (the brand API's id), or undefined: what the permission guard checks first. */
export async function findBrandCodeOfCard(db: Executor, cardId: string): Promise<string | undefined> {
  const row = await db.selectFrom('cards as c').innerJoin('brands as b', 'b.id', 'c.brand_id').select('b.code').where('c.id', '=', cardId).executeTakeFirst();
  return row?.code;
}

/** By the blind index of the number, under either index key version. */
export async function findStaffCardsByNumberIndex(db: Executor, indexes: readonly string[], brands: BrandCodes, limit: number): Promise<StaffCardRow[]> {
  return newestFirst(staffCards(db, brands).where('c.number_index', 'in', [...indexes]), limit).execute();
}

/** A brand's cards ending in these 3 or 4 digits (number_last3 or number_last4, each indexed with the brand). */
export async function findStaffCardsByLastDigits(db: Executor, brandCode: string, last: string, brands: BrandCodes, limit: number): Promise<StaffCardRow[]> {
  const query = staffCards(db, brands).where(sql<string>`upper(b.code)`, '=', brandCode.toUpperCase());
  const byDigits = last.length === 4 ? query.where('c.number_last4', '=', last) : query.where('c.number_last3', '=', last);
  return newestFirst(byDigits, limit).execute();
}

/** Visa cards whose holder's phone number has this blind index (either version). */
export async function findStaffCardsByPhoneIndex(db: Executor, indexes: readonly string[], brands: BrandCodes, limit: number): Promise<StaffCardRow[]> {
  const holders = db.selectFrom('visa_holders').select('card_id').where('phone_index', 'in', [...indexes]);
  return newestFirst(staffCards(db, brands).where('c.id', 'in', holders), limit).execute();
}

/**
 * Cards whose holder has this e-mail address, and both cards of a replacement e-mailed to it (the
 * replaced card and the one sent to the address).
 */
export async function findStaffCardsByEmailIndex(db: Executor, indexes: readonly string[], brands: BrandCodes, limit: number): Promise<StaffCardRow[]> {
  const list = [...indexes];
  const holders = db.selectFrom('visa_holders').select('card_id').where('email_index', 'in', list);
  const replaced = db.selectFrom('card_replacements').select('old_card_id').where('email_index', 'in', list);
  const sent = db.selectFrom('card_replacements').select('new_card_id').where('email_index', 'in', list);
  return newestFirst(
    staffCards(db, brands).where((eb) => eb.or([eb('c.id', 'in', holders), eb('c.id', 'in', replaced), eb('c.id', 'in', sent)])),
    limit,
  ).execute();
}

/** Per-card, per-asset sums of the ledger of some cards, in one query. */
export async function sumLedgerOfCards(db: Executor, cardIds: readonly string[]): Promise<Map<string, LedgerAmount[]>> {
  const sums = new Map<string, LedgerAmount[]>();
  if (cardIds.length === 0) return sums;
  const rows = await db
    .selectFrom('ledger_entries')
    .select((eb) => ['card_id', 'asset_code', eb.fn.sum<number | string>('amount').as('total')])
    .where('card_id', 'in', [...cardIds])
    .groupBy(['card_id', 'asset_code'])
    .execute();
  for (const row of rows) {
    const list = sums.get(row.card_id) ?? [];
    // PostgreSQL answers SUM of integers as a bigint string.
    list.push({ assetCode: row.asset_code, amount: Number(row.total) });
    sums.set(row.card_id, list);
  }
  return sums;
}

/** Whether a card was replaced, or is a replacement: either way its replacement e-mail may be sent again. */
export async function hasReplacementEmail(db: Executor, cardId: string): Promise<boolean> {
  const row = await db
    .selectFrom('card_replacements')
    .select('old_card_id')
    .where((eb) => eb.or([eb('old_card_id', '=', cardId), eb('new_card_id', '=', cardId)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** The names of some API keys by id (revoked ones too): how the timeline names what the brand API did. */
export async function apiKeyNames(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('api_keys').select(['id', 'name']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
