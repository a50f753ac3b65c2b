import type { CardTransaction } from '@tessera/contracts';
import type { Executor } from '../db/repositories/executor.js';
import { latestLedgerEntries, sumLedgerByAsset } from '../db/repositories/ledger.js';
import type { LedgerAmount, LedgerEntry } from '../domain/ledger.js';

/**
 * What an answer about a card reads of its ledger: the sums per asset (the balances) and the
 * latest entries (the history the gift card answer and the VISA account show).
 */
export interface CardLedger {
  sums: LedgerAmount[];
  latest: LedgerEntry[];
}

/** Reads a card's balances and its latest entries (two indexed reads, side by side). */
export async function readCardLedger(db: Executor, cardId: string): Promise<CardLedger> {
  const [sums, latest] = await Promise.all([sumLedgerByAsset(db, cardId), latestLedgerEntries(db, cardId)]);
  return { sums, latest };
}

/** A card's latest entries as the cardholder's history lists them: signed amounts, newest first. */
export function cardTransactions(entries: readonly LedgerEntry[]): CardTransaction[] {
  return entries.map((e) => ({ kind: e.kind, amount: { value: e.amount, assetCode: e.assetCode }, createdAt: e.createdAt }));
}
