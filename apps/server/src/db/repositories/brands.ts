import type { Insertable } from 'kysely';
import type { BrandFlowRow, BrandFlowsTable, BrandRow, BrandsTable } from '../schema.js';
import type { Executor } from './executor.js';

/** A brand by slug (case-insensitive) or code (case-insensitive): the spec's {id}. */
export async function findBrandByIdentifier(db: Executor, identifier: string): Promise<BrandRow | undefined> {
  return db
    .selectFrom('brands')
    .selectAll()
    .where((eb) => eb.or([eb('slug', '=', identifier.toLowerCase()), eb('code', '=', identifier.toUpperCase())]))
    .executeTakeFirst();
}

export async function findBrandById(db: Executor, id: string): Promise<BrandRow | undefined> {
  return db.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findBrandByCode(db: Executor, code: string): Promise<BrandRow | undefined> {
  return db.selectFrom('brands').selectAll().where('code', '=', code.toUpperCase()).executeTakeFirst();
}

export async function listBrandFlows(db: Executor, brandId: string): Promise<BrandFlowRow[]> {
  return db.selectFrom('brand_flows').selectAll().where('brand_id', '=', brandId).orderBy('position').execute();
}

export async function countBrands(db: Executor): Promise<number> {
  const row = await db.selectFrom('brands').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listBrands(db: Executor): Promise<BrandRow[]> {
  return db.selectFrom('brands').selectAll().orderBy('slug').execute();
}

/** Inserts or replaces a brand (matched by code) and its flows; answers the brand id. */
export async function upsertBrand(
  db: Executor,
  brand: Omit<Insertable<BrandsTable>, 'id' | 'created_at' | 'updated_at'> & { id: string },
  flows: Omit<BrandFlowsTable, 'brand_id'>[],
  now: string,
): Promise<string> {
  const existing = await db.selectFrom('brands').select('id').where('code', '=', brand.code).executeTakeFirst();
  const id = existing?.id ?? brand.id;
  if (existing) {
    await db.updateTable('brands').set({ ...brand, id, updated_at: now }).where('id', '=', id).execute();
    await db.deleteFrom('brand_flows').where('brand_id', '=', id).execute();
  } else {
    await db.insertInto('brands').values({ ...brand, id, created_at: now, updated_at: now }).execute();
  }
  if (flows.length > 0) {
    await db.insertInto('brand_flows').values(flows.map((f) => ({ ...f, brand_id: id }))).execute();
  }
  return id;
}

/** Every brand with how many cards it has, for `brands list`. */
export async function listBrandsWithCardCounts(db: Executor): Promise<(BrandRow & { card_count: number })[]> {
  const rows = await db
    .selectFrom('brands')
    .selectAll('brands')
    .select((eb) => eb.selectFrom('cards').select(eb.fn.countAll().as('n')).whereRef('cards.brand_id', '=', 'brands.id').as('card_count'))
    .orderBy('brands.slug')
    .execute();
  return rows.map((row) => ({ ...row, card_count: Number(row.card_count ?? 0) }));
}

export async function findBrandBySlug(db: Executor, slug: string): Promise<BrandRow | undefined> {
  return db.selectFrom('brands').selectAll().where('slug', '=', slug).executeTakeFirst();
}
