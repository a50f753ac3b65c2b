import type { Insertable } from 'kysely';
import { isPostgres } from '../database.js';
import type { CardRow, PayoutBatchesTable, PayoutRow, PayoutsTable } from '../schema.js';
import type { Executor } from './executor.js';

export type PayoutStatus = PayoutsTable['status'];
export const PAYOUT_STATUSES: readonly PayoutStatus[] = ['pending', 'held', 'exported', 'paid', 'failed', 'returned', 'rejected'];

/**
 * A card by id, locked for the rest of the transaction on PostgreSQL (`FOR UPDATE`), so
 * concurrent payouts of one card queue behind each other and each sees what the one before it
 * committed. SQLite runs one write transaction at a time and needs no lock.
 */
export async function findCardForUpdate(db: Executor, cardId: string): Promise<CardRow | undefined> {
  const query = db.selectFrom('cards').selectAll().where('id', '=', cardId);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

export async function payoutsOfCard(db: Executor, cardId: string): Promise<PayoutRow[]> {
  return db.selectFrom('payouts').selectAll().where('card_id', '=', cardId).orderBy('attempt').execute();
}

export async function insertPayout(db: Executor, payout: Insertable<PayoutsTable>): Promise<void> {
  await db.insertInto('payouts').values(payout).execute();
}

/** Payouts with what a payout file writes of their card and brand, in the file's order. */
const payoutsForFile = (db: Executor) =>
  db
    .selectFrom('payouts')
    .innerJoin('cards', 'cards.id', 'payouts.card_id')
    .innerJoin('brands', 'brands.id', 'payouts.brand_id')
    .selectAll('payouts')
    .select(['cards.number_last3 as card_last3', 'brands.name as brand_name', 'brands.code as brand_code'])
    .orderBy('payouts.created_at')
    .orderBy('payouts.id');

export type PayoutForFile = Awaited<ReturnType<typeof payoutsToExport>>[number];

/**
 * What an export takes: every pending payout (of one brand, or of all), oldest first, locked on
 * PostgreSQL so two exports cannot both take one. The one place that decides what goes into a
 * payout file: a payout that must wait (held for review) is left out here, by its status.
 */
export async function payoutsToExport(db: Executor, brandId?: string) {
  let query = payoutsForFile(db).where('payouts.status', '=', 'pending');
  if (brandId !== undefined) query = query.where('payouts.brand_id', '=', brandId);
  return (isPostgres(db) ? query.forUpdate('payouts') : query).execute();
}

/** The payouts of one batch in the order its file lists them, locked on PostgreSQL while it is written again. */
export async function payoutsOfBatch(db: Executor, batchId: string): Promise<PayoutForFile[]> {
  const query = payoutsForFile(db).where('payouts.batch_id', '=', batchId);
  return (isPostgres(db) ? query.forUpdate('payouts') : query).execute();
}

export async function findPayoutBatch(db: Executor, batchId: string) {
  return db.selectFrom('payout_batches').selectAll().where('id', '=', batchId).executeTakeFirst();
}

/** Marks payouts exported into a batch, only those still pending; answers how many changed. */
export async function markPayoutsExported(db: Executor, ids: readonly string[], batchId: string, at: string): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('payouts')
    .set({ status: 'exported', batch_id: batchId, exported_at: at, updated_at: at })
    .where('id', 'in', [...ids])
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertPayoutBatch(db: Executor, batch: Insertable<PayoutBatchesTable>): Promise<void> {
  await db.insertInto('payout_batches').values(batch).execute();
}

/** Payouts by id or by end-to-end id (what a bank quotes back), locked on PostgreSQL. */
export async function findPayoutsByKeys(db: Executor, keys: readonly string[]): Promise<PayoutRow[]> {
  if (keys.length === 0) return [];
  const query = db
    .selectFrom('payouts')
    .selectAll()
    .where((eb) => eb.or([eb('id', 'in', [...keys]), eb('end_to_end_id', 'in', [...keys])]));
  return (isPostgres(db) ? query.forUpdate() : query).execute();
}

/** Changes a payout's status only when it is still in `from`; answers whether it did. */
export async function transitionPayout(
  db: Executor,
  id: string,
  from: PayoutStatus,
  to: PayoutStatus,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payouts')
    .set({ status: to, settled_at: at, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Payouts as lists show them (masked IBAN, no name), oldest first: all, or those of a status, a batch, an id. */
export async function listPayouts(db: Executor, filter: { status?: PayoutStatus; batchId?: string; id?: string } = {}) {
  let query = db
    .selectFrom('payouts')
    .innerJoin('cards', 'cards.id', 'payouts.card_id')
    .innerJoin('brands', 'brands.id', 'payouts.brand_id')
    .select([
      'payouts.id',
      'payouts.status',
      'payouts.amount',
      'payouts.fee',
      'payouts.asset_code',
      'payouts.iban_hint',
      'payouts.bic',
      'payouts.batch_id',
      'payouts.end_to_end_id',
      'payouts.attempt',
      'payouts.created_at',
      'payouts.exported_at',
      'payouts.settled_at',
      'payouts.card_id',
      'cards.number_last3 as card_last3',
      'brands.code as brand_code',
    ])
    .orderBy('payouts.created_at')
    .orderBy('payouts.id');
  if (filter.status) query = query.where('payouts.status', '=', filter.status);
  if (filter.batchId !== undefined) query = query.where('payouts.batch_id', '=', filter.batchId);
  if (filter.id !== undefined) query = query.where('payouts.id', '=', filter.id);
  return query.execute();
}

export type ListedPayout = Awaited<ReturnType<typeof listPayouts>>[number];

/** Every batch, newest first. */
export async function listPayoutBatches(db: Executor) {
  return db.selectFrom('payout_batches').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Per batch, brand and status: how many payouts and their sum (what the batch list shows of each). */
export async function payoutCountsByBatch(db: Executor) {
  const rows = await db
    .selectFrom('payouts')
    .innerJoin('brands', 'brands.id', 'payouts.brand_id')
    .select((eb) => ['payouts.batch_id', 'brands.code as brand_code', 'payouts.status', eb.fn.countAll<number | string>().as('count'), eb.fn.sum<number | string>('payouts.amount').as('total')])
    .where('payouts.batch_id', 'is not', null)
    .groupBy(['payouts.batch_id', 'brands.code', 'payouts.status'])
    .execute();
  return rows.map((r) => ({ batchId: r.batch_id!, brandCode: r.brand_code, status: r.status, count: Number(r.count), total: Number(r.total) }));
}

/** Per brand: the pending payouts an export would take now, with their sum. */
export async function pendingPayoutCounts(db: Executor) {
  const rows = await db
    .selectFrom('payouts')
    .innerJoin('brands', 'brands.id', 'payouts.brand_id')
    .select((eb) => ['brands.code as brand_code', 'payouts.asset_code', eb.fn.countAll<number | string>().as('count'), eb.fn.sum<number | string>('payouts.amount').as('total')])
    .where('payouts.status', '=', 'pending')
    .groupBy(['brands.code', 'payouts.asset_code'])
    .execute();
  return rows.map((r) => ({ brandCode: r.brand_code, assetCode: r.asset_code, count: Number(r.count), total: Number(r.total) }));
}

/** The codes of the brands whose payouts a batch holds (none: no such batch). */
export async function brandCodesOfBatch(db: Executor, batchId: string): Promise<string[]> {
  const rows = await db.selectFrom('payouts').innerJoin('brands', 'brands.id', 'payouts.brand_id').select('brands.code').distinct().where('payouts.batch_id', '=', batchId).execute();
  return rows.map((r) => r.code);
}

/** The code of a payout's brand by the payout's id, or undefined. */
export async function brandCodeOfPayout(db: Executor, payoutId: string): Promise<string | undefined> {
  const row = await db.selectFrom('payouts').innerJoin('brands', 'brands.id', 'payouts.brand_id').select('brands.code').where('payouts.id', '=', payoutId).executeTakeFirst();
  return row?.code;
}
