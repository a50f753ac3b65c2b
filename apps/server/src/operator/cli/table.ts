import { printable } from '@tessera/contracts';
import type { CliIo } from './context.js';

/**
 * Prints rows (the first is the header) as columns two spaces apart; `right` lists columns aligned
 * right (numbers). Cells are made printable: a stored name or note with an escape sequence (saved
 * before such text was refused) must not drive the operator's terminal or break the columns.
 */
export function printTable(io: Pick<CliIo, 'out'>, table: readonly (readonly string[])[], right: readonly number[] = []): void {
  const rows = table.map((row) => row.map(printable));
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) io.out(row.map((cell, i) => (right.includes(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ').trimEnd());
}

export interface Listing<T> {
  /** --json: the items as JSON (what `asJson` makes of each; the item itself by default). */
  json: unknown;
  asJson?: (item: T) => unknown;
  /** What to say when there are none. */
  none: string;
  header: readonly string[];
  row: (item: T) => readonly string[];
  /** Columns aligned right (numbers). */
  right?: readonly number[];
}

/**
 * A list command's answer: the items as JSON with --json, a sentence when there are none, else a
 * table. Whether it printed the table: a command may follow it with a count.
 */
export function printListing<T>(io: Pick<CliIo, 'out'>, items: readonly T[], listing: Listing<T>): boolean {
  if (listing.json) {
    io.out(JSON.stringify(listing.asJson ? items.map(listing.asJson) : items, null, 2));
    return false;
  }
  if (items.length === 0) {
    io.out(listing.none);
    return false;
  }
  printTable(io, [listing.header, ...items.map(listing.row)], listing.right);
  return true;
}

/** "1 event", "2 events". */
export const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "2030-01-01T10:00:00.000Z" → "2030-01-01 10:00Z"; "-" for none. */
export const minute = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')}Z` : '-');

/** Minor units as the operator reads them: 2500 EUR → "25.00 EUR", -500 → "-5.00 EUR". */
export const money = (minor: number, asset: string) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')} ${asset}`;
