import { type SelectQueryBuilder, sql } from 'kysely';
import type { CardRow, Database } from '../schema.js';
import type { Executor } from './executor.js';
import { preparedQuery } from '../prepared.js';

/**
 * The back office's reads of cards: by id, and the four searches. Each search is limited to the
 * brands of the caller (`'all'`, or brand codes in upper case) in the query itself, so another
 * brand's card is never read, and answers the newest cards first.
 */

export type BrandCodes = 'all' | readonly string[];

export type StaffCardRow = CardRow & { brand_code: string };

/** A card with its brand's code, whatever its brand: the caller decides whether it may see it. */
export async function findStaffCardById(db: Executor, cardId: string): Promise<StaffCardRow | undefined> {
  const row = await db.selectFrom('cards as c').innerJoin('brands as b', 'b.id', 'c.brand_id').selectAll('c').select('b.code as brand_code').where('c.id', '=', cardId).executeTakeFirst();
  return row as StaffCardRow | undefined;
}

/** The code of a card's brand by the card's id (the brand API's id), or undefined: what the permission guard checks first. */
export async function findBrandCodeOfCard(db: Executor, cardId: string): Promise<string | undefined> {
  const row = await db.selectFrom('cards as c').innerJoin('brands as b', 'b.id', 'c.brand_id').select('b.code').where('c.id', '=', cardId).executeTakeFirst();
  return row?.code;
}

/**
 * A card as a search lists it: the columns its summary reads, its balance in its own asset the
 * one the database keeps on the card (cards.balance, migration 026), so a page of 50 cards reads
 * no ledger.
 */
export type StaffCardListing = Pick<
  CardRow,
  'id' | 'kind' | 'number_last3' | 'state' | 'asset_code' | 'expires_at' | 'blocked_at' | 'paid_out_at' | 'replaced_by_card_id'
> & { brand_code: string; balance: number };

type ListingQuery = SelectQueryBuilder<Database & { c: Database['cards']; b: Database['brands'] }, 'c' | 'b', Omit<StaffCardListing, 'balance'> & { balance: number | string }>;

function cardListings(db: Executor): ListingQuery {
  return db
    .selectFrom('cards as c')
    .innerJoin('brands as b', 'b.id', 'c.brand_id')
    .select(['c.id', 'c.kind', 'c.number_last3', 'c.state', 'c.asset_code', 'c.expires_at', 'c.blocked_at', 'c.paid_out_at', 'c.replaced_by_card_id', 'c.balance', 'b.code as brand_code']) as unknown as ListingQuery;
}

function inBrands<Q extends ListingQuery>(query: Q, brands: BrandCodes): Q {
  // Codes compare in upper case, as grants name them whatever case a brand file used.
  return (brands === 'all' ? query : query.where(sql<string>`upper(b.code)`, 'in', brands.length > 0 ? [...brands] : [''])) as Q;
}

async function listings(query: ListingQuery, limit: number): Promise<StaffCardListing[]> {
  return (await query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute()).map(listing);
}

// PostgreSQL answers a bigint as a string.
const listing = (row: Omit<StaffCardListing, 'balance'> & { balance: number | string }): StaffCardListing => ({ ...row, balance: Number(row.balance) });

/** By the blind index of the number, under either index key version. */
export async function findStaffCardsByNumberIndex(db: Executor, indexes: readonly string[], brands: BrandCodes, limit: number): Promise<StaffCardListing[]> {
  return listings(inBrands(cardListings(db), brands).where('c.number_index', 'in', [...indexes]), limit);
}

// The most repeated search: prepared (parsed and planned once per connection), one per length of
// the ending, as each has its own indexed column.
const byLastDigits = (column: 'c.number_last4' | 'c.number_last3') =>
  preparedQuery((db, p: { brand: string; last: string; limit: number }) =>
    cardListings(db)
      .where(sql<string>`upper(b.code)`, '=', p.brand)
      .where(column, '=', p.last)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(p.limit),
  );
const byLast4 = byLastDigits('c.number_last4');
const byLast3 = byLastDigits('c.number_last3');

/**
 * A brand's cards ending in these 3 or 4 digits (number_last3 or number_last4, each indexed with
 * the brand). The caller has checked that the brand is one of theirs; the query names only it.
 */
export async function findStaffCardsByLastDigits(db: Executor, brandCode: string, last: string, limit: number): Promise<StaffCardListing[]> {
  const rows = await (last.length === 4 ? byLast4 : byLast3)(db, { brand: brandCode.toUpperCase(), last, limit });
  return rows.map(listing);
}

/** Visa cards whose holder's phone number has this blind index (either version). */
export async function findStaffCardsByPhoneIndex(db: Executor, indexes: readonly string[], brands: BrandCodes, limit: number): Promise<StaffCardListing[]> {
  const holders = db.selectFrom('visa_holders').select('card_id').where('phone_index', 'in', [...indexes]);
  return listings(inBrands(cardListings(db), brands).where('c.id', 'in', holders), limit);
}

/**
 * Cards whose holder has this e-mail address, and both cards of a replacement e-mailed to it (the
 * replaced card and the one sent to the address).
 */
export async function findStaffCardsByEmailIndex(db: Executor, indexes: readonly string[], brands: BrandCodes, limit: number): Promise<StaffCardListing[]> {
  const list = [...indexes];
  const holders = db.selectFrom('visa_holders').select('card_id').where('email_index', 'in', list);
  const replaced = db.selectFrom('card_replacements').select('old_card_id').where('email_index', 'in', list);
  const sent = db.selectFrom('card_replacements').select('new_card_id').where('email_index', 'in', list);
  return listings(
    inBrands(cardListings(db), brands).where((eb) => eb.or([eb('c.id', 'in', holders), eb('c.id', 'in', replaced), eb('c.id', 'in', sent)])),
    limit,
  );
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
