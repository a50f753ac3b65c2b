import { listCardEntries, type LedgerPosition, sumCardEntriesUpTo } from '../db/repositories/api-ledger.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { findBrandCard } from './api-card.js';
import type { ApiCaller } from './caller.js';
import type { z } from 'zod';
import type { transactionsSchema } from './schemas.js';

export type TransactionPage = z.infer<typeof transactionsSchema>;

/** The cursor is opaque to the client: the position of the page's last entry, base64url JSON. */
const encodeCursor = (p: LedgerPosition) => Buffer.from(JSON.stringify([p.createdAt, p.id])).toString('base64url');

function decodeCursor(cursor: string): LedgerPosition {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string' && createdAt.length <= 40 && id.length <= 64) return { createdAt, id };
  } catch {
    // Falls through to the refusal.
  }
  throw new AppError('VALIDATION_ERROR', 'The cursor is not one this API gave.', [{ path: 'cursor', message: 'use nextCursor of the previous page' }]);
}

/**
 * GET /api/v1/cards/{id}/transactions: the card's ledger entries, newest first, `limit` a page;
 * `nextCursor` continues after the page's last entry (an entry booked meanwhile does not shift
 * the pages: they are positions, not offsets). balanceAfter is the card's balance in the entry's
 * asset right after it: the sum up to the page's first entry, then walked down the page.
 */
export async function listTransactions(deps: Pick<ServiceDeps, 'db'>, caller: ApiCaller, cardId: string, query: { limit: number; cursor?: string }): Promise<TransactionPage> {
  const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const card = await findBrandCard(deps.db, caller, cardId);
  // One more than asked: whether there is a next page, without a count.
  const rows = await listCardEntries(deps.db, card.id, query.limit + 1, before);
  const page = rows.slice(0, query.limit);
  const first = page[0];
  const running = new Map<string, number>();
  if (first) for (const s of await sumCardEntriesUpTo(deps.db, card.id, { createdAt: first.created_at, id: first.id })) running.set(s.assetCode, s.amount);
  const items = page.map((row) => {
    const after = running.get(row.asset_code) ?? 0;
    running.set(row.asset_code, after - row.amount);
    return {
      id: row.id,
      kind: row.kind,
      amount: { value: row.amount, assetCode: row.asset_code },
      balanceAfter: { value: after, assetCode: row.asset_code },
      reference: row.reference,
      createdAt: row.created_at,
    };
  });
  const last = page.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null };
}
