/** Ledger rules: a balance is the sum of a card's entries per asset, and never goes below zero. */

import type { TransactionKind } from '@tessera/contracts';

export interface LedgerAmount {
  assetCode: string;
  amount: number;
}

/** One entry as the cardholder's history reads it (db schema ledger_entries). */
export interface LedgerEntry extends LedgerAmount {
  kind: TransactionKind;
  createdAt: string;
}

export interface AssetBalance {
  assetCode: string;
  balance: number;
}

/**
 * Sums entries per asset. The card's own asset is always listed (0 for a card never loaded),
 * first, so a cardholder sees the card's currency even when it is empty.
 */
export function balancesOf(entries: readonly LedgerAmount[], cardAssetCode: string): AssetBalance[] {
  const totals = new Map<string, number>([[cardAssetCode, 0]]);
  for (const e of entries) totals.set(e.assetCode, (totals.get(e.assetCode) ?? 0) + e.amount);
  return [...totals].map(([assetCode, balance]) => ({ assetCode, balance }));
}

export function balanceIn(entries: readonly LedgerAmount[], assetCode: string): number {
  return entries.filter((e) => e.assetCode === assetCode).reduce((sum, e) => sum + e.amount, 0);
}

/** Whether debiting `amount` keeps the balance at zero or above. */
export function canDebit(balance: number, amount: number): boolean {
  return Number.isInteger(amount) && amount >= 0 && balance - amount >= 0;
}
