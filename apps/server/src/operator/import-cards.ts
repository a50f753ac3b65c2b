import { cardNumberField, maskCardNumber, plainText, secretField } from '@tessera/contracts';
import { z } from 'zod';
import { insertSealedCards, type SealedCard, sealCard, type VisaHolderData } from '../cards/issue-card.js';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { growSqliteCache } from '../db/bulk-insert.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findBrandByIdentifier } from '../db/repositories/brands.js';
import { cardsByNumberIndexes } from '../db/repositories/cards.js';
import { findIndexedUnderOther } from '../db/repositories/indexed-columns.js';
import type { BrandRow } from '../db/schema.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import { operatorAuditFields } from './operator-name.js';
import { OperatorError } from './operator-error.js';

/**
 * `tessera cards import FILE`: the cards CSV (docs/operations.md describes it for operators).
 * Every row is checked before anything is written; one bad row refuses the whole file, so an
 * import is never half done and can simply be run again once the file is fixed.
 */

export const CARD_COLUMNS = [
  'brand',
  'kind',
  'card_number',
  'security_code',
  'recovery_code',
  'balance',
  'asset_code',
  'expires_at',
  'holder_name',
  'phone',
  'pin',
  'email',
  'address_line1',
  'postal_code',
  'city',
  'birth_date',
  'country_of_birth',
  'nationality',
] as const;
export type CardColumn = (typeof CARD_COLUMNS)[number];

export const REQUIRED_COLUMNS: readonly CardColumn[] = ['brand', 'kind', 'card_number', 'balance'];
/** The holder columns, from holder_name on: they belong to Visa cards only. */
const VISA_ONLY: readonly CardColumn[] = CARD_COLUMNS.slice(CARD_COLUMNS.indexOf('holder_name'));

/** Cards checked and written per round (a COPY per table on PostgreSQL). */
const IMPORT_BATCH = 1000;

/** SQLite's page cache during an import (decision 026: speed against the memory target). */
const SQLITE_IMPORT_CACHE_MB = 32;

/** The ledger's amount column is a 32-bit integer on PostgreSQL. */
const MAX_AMOUNT = 2_147_483_647;

/** "Card Number", "card-number" and "CARD_NUMBER" all name card_number. */
export function normalizeColumnName(name: string): string {
  return name.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const d = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return d.toISOString().slice(0, 10) === value;
}

const isoDate = z.string().refine(isRealDate, 'expected a date as yyyy-mm-dd');

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const country = z
  .string()
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z]{2}$/.test(v) && regionNames.of(v) !== v, 'expected an ISO 3166 two-letter country code such as NL');

const required = { error: 'required' } as const;
// Empty cells are left out before parsing, so a column of the other kind must simply be absent.
const notForVisa = z.never({ error: 'only for gift cards; leave it empty on a visa row' }).optional();
const notForGiftcard = z.never({ error: 'only for visa cards; leave it empty on a giftcard row' }).optional();

const baseRow = {
  brand: z.string(required).max(64, 'at most 64 characters'),
  card_number: z.string(required).pipe(cardNumberField),
  balance: z
    .string(required)
    .regex(/^\d+$/, 'a whole number of minor units (cents), 0 or more')
    .transform(Number)
    .pipe(z.number().max(MAX_AMOUNT, `at most ${MAX_AMOUNT}`)),
  asset_code: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as EUR'))
    .optional(),
  expires_at: isoDate.optional(),
};

const giftcardRow = z.object({
  ...baseRow,
  kind: z.literal('giftcard'),
  security_code: z
    .string(required)
    .pipe(secretField)
    .pipe(z.string().min(4, 'at least 4 characters')),
  recovery_code: z.string().regex(/^\d{6}$/, 'exactly 6 digits').optional(),
  ...Object.fromEntries(VISA_ONLY.map((c) => [c, notForGiftcard])),
});

const visaRow = z.object({
  ...baseRow,
  kind: z.literal('visa'),
  security_code: notForVisa,
  recovery_code: notForVisa,
  holder_name: plainText(required).max(100, 'at most 100 characters'),
  phone: z
    .string(required)
    .transform((v) => v.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'an international number in E.164 form such as +31612345678')),
  pin: z.string(required).regex(/^\d{4}$/, 'exactly 4 digits'),
  email: z.email('an e-mail address').max(254).optional(),
  address_line1: plainText().max(100, 'at most 100 characters').optional(),
  postal_code: plainText().max(16, 'at most 16 characters').optional(),
  city: plainText().max(100, 'at most 100 characters').optional(),
  birth_date: isoDate
    .refine((v) => v >= '1900-01-01' && v < new Date().toISOString().slice(0, 10), 'a birth date in the past')
    .optional(),
  country_of_birth: country.optional(),
  nationality: country.optional(),
  });

type GiftcardRow = z.output<typeof giftcardRow>;
type VisaRow = z.output<typeof visaRow>;
type CardRowInput = GiftcardRow | VisaRow;

interface ValidRow {
  line: number;
  row: CardRowInput;
}

export interface CardImportProblem {
  line: number;
  message: string;
}

export interface ImportCardsResult {
  imported: number;
  /** Cards per brand code. */
  byBrand: Record<string, number>;
  byKind: Record<'giftcard' | 'visa', number>;
  dryRun: boolean;
}

export interface CsvInputRecord {
  line: number;
  fields: string[];
}

/** Thrown when the file is refused; `problems` names each bad row by its line. */
export class CardImportRejected extends OperatorError {
  constructor(
    readonly rowProblems: CardImportProblem[],
    count = rowProblems.length,
  ) {
    super(
      `The file was not imported: ${count} problem${count === 1 ? '' : 's'}${count > rowProblems.length ? ` (the first ${rowProblems.length} listed)` : ''}; nothing was written.`,
      rowProblems.map((p) => `line ${p.line}: ${p.message}`),
    );
    this.name = 'CardImportRejected';
  }
}

/** Maps the header row to column positions; refuses unknown, repeated and missing columns. */
function readHeader(header: CsvInputRecord): Map<CardColumn, number> {
  const problems: CardImportProblem[] = [];
  const positions = new Map<CardColumn, number>();
  header.fields.forEach((raw, index) => {
    const name = normalizeColumnName(raw);
    if (!(CARD_COLUMNS as readonly string[]).includes(name)) {
      problems.push({ line: header.line, message: `unknown column "${raw.trim().slice(0, 40)}" (known: ${CARD_COLUMNS.join(', ')})` });
    } else if (positions.has(name as CardColumn)) {
      problems.push({ line: header.line, message: `column ${name} appears twice` });
    } else {
      positions.set(name as CardColumn, index);
    }
  });
  for (const column of REQUIRED_COLUMNS) {
    if (!positions.has(column)) problems.push({ line: header.line, message: `the header has no ${column} column` });
  }
  if (problems.length > 0) throw new CardImportRejected(problems);
  return positions;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const column = issue.path.map(String).join('.');
  return column ? `${column}: ${issue.message}` : issue.message;
}

function validateRecord(record: CsvInputRecord, positions: Map<CardColumn, number>, width: number): ValidRow | CardImportProblem[] {
  if (record.fields.length !== width) {
    return [{ line: record.line, message: `has ${record.fields.length} fields, the header has ${width} (a comma in a value needs quotes)` }];
  }
  const raw: Record<string, string | undefined> = {};
  for (const [column, index] of positions) {
    const value = record.fields[index]!.trim();
    raw[column] = value === '' ? undefined : value;
  }
  const kind = raw.kind?.toLowerCase();
  if (kind !== 'giftcard' && kind !== 'visa') {
    return [{ line: record.line, message: raw.kind === undefined ? 'kind: required (giftcard or visa)' : 'kind: expected giftcard or visa' }];
  }
  raw.kind = kind;
  const parsed = (kind === 'giftcard' ? giftcardRow : visaRow).safeParse(raw);
  const problems: CardImportProblem[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ line: record.line, message: describeIssue(issue) }));
  // An address is all three parts or none (checked here so it is reported with the other problems).
  const address = ['address_line1', 'postal_code', 'city'] as const;
  if (kind === 'visa' && address.some((c) => raw[c] !== undefined)) {
    for (const column of address.filter((c) => raw[c] === undefined)) {
      problems.push({ line: record.line, message: `${column}: required when any address field is given` });
    }
  }
  if (!parsed.success || problems.length > 0) return problems;
  return { line: record.line, row: parsed.data as CardRowInput };
}

function holderOf(row: VisaRow): VisaHolderData {
  return {
    holderName: row.holder_name,
    phoneNumber: row.phone,
    email: row.email ?? null,
    address:
      row.address_line1 && row.postal_code && row.city
        ? { addressLine1: row.address_line1, city: row.city, postalCode: row.postal_code }
        : null,
    dateOfBirth: row.birth_date ?? null,
    countryOfBirth: row.country_of_birth ?? null,
    nationality: row.nationality ?? null,
  };
}

export interface ImportCardsOptions {
  /** Named in the audit event (a file name, never its content). */
  source: string;
  /** The file's SHA-256 (hex), for the audit event; asked once the file has been read. */
  sourceDigest?: () => string | undefined;
  /** Check everything, write nothing. */
  dryRun?: boolean;
  /** Told how many rows are done, every batch (the terminal shows rows/s and the time left). */
  progress?: (rows: number) => void;
}

/** The file's records, read once from the start, a piece at a time. */
export type CsvRecordSource = () => AsyncIterable<CsvInputRecord>;

/** At most this many problems are listed; the count says how many there were. */
const MAX_LISTED_PROBLEMS = 200;

/** Thrown inside the transaction to roll a dry run (or a refused file) back. */
class RollBack extends Error {}

interface BatchRow {
  line: number;
  /** The blind index the card is written under (the current INDEX_KEYS version). */
  index: string;
  /** Every index the number may already be found under: the current and, while rotating, the previous version. */
  candidates: readonly string[];
  masked: string;
  sealed: SealedCard;
}

/**
 * Checks every record (the first is the header) and issues every card in one transaction:
 * numbers encrypted with their blind index, secrets hashed, holder data and PIN encrypted, the
 * balance booked as a `load` ledger entry; one `cards.import` audit event for the file, which
 * every card names (cards.import_event_id, with its line).
 *
 * The file is read once, a batch at a time, so memory does not grow with it. Each batch is
 * checked and written inside the transaction; its numbers are looked up among the cards
 * already there, which include this file's earlier batches, so a number twice in the file or
 * already issued is found by the database's index, not by a map of a million numbers. The
 * first problem stops the writing of money and secrets (the cards alone go on being written,
 * to find later duplicates), every later row is still checked, and the transaction is rolled
 * back: one bad row anywhere refuses the whole file and nothing is written. A dry run is the
 * same import rolled back. docs/decisions/026-card-import-at-scale.md.
 */
export async function importCards(
  deps: { db: Db; crypto: Crypto; now: () => Date; operator?: string },
  records: CsvRecordSource | readonly CsvInputRecord[],
  options: ImportCardsOptions,
): Promise<ImportCardsResult> {
  const read: CsvRecordSource = typeof records === 'function' ? records : () => toAsync(records);
  const { db, crypto } = deps;
  const now = deps.now();
  const at = now.toISOString();
  const eventId = timeOrderedId();
  const result: ImportCardsResult = { imported: 0, byBrand: {}, byKind: { giftcard: 0, visa: 0 }, dryRun: options.dryRun ?? false };
  const problems: CardImportProblem[] = [];
  let problemCount = 0;
  const problem = (found: CardImportProblem) => {
    problemCount++;
    if (problems.length < MAX_LISTED_PROBLEMS) problems.push(found);
  };

  try {
    await db.transaction().execute(async (trx) => {
      // A card indexed under a key this process lacks would not be seen as a duplicate: a rotation
      // was begun with a key this configuration was not given (docs/deployment.md#key-rotation).
      const versions = [crypto.blindIndex.version, ...(crypto.blindIndex.previousVersion === undefined ? [] : [crypto.blindIndex.previousVersion])];
      if (await findIndexedUnderOther(trx, { table: 'cards', column: 'number_index' }, versions)) {
        throw new OperatorError(
          `Some card numbers are indexed under an INDEX_KEYS version this configuration lacks (it has ${versions.map((v) => `version ${v}`).join(' and ')}), so a number already there could not be recognised: give this command the INDEX_KEYS the servers have.`,
        );
      }
      const cache = await growSqliteCache(trx, SQLITE_IMPORT_CACHE_MB);
      try {
        const brands = new Map<string, BrandRow | undefined>();
        let header: { positions: Map<CardColumn, number>; width: number } | undefined;
        let rows = 0;
        let batch: BatchRow[] = [];
        // The previous batch's write, still running while the next batch is checked and sealed
        // (PostgreSQL works on it meanwhile); awaited before anything else is sent.
        let writing: Promise<void> = Promise.resolve();

        const flush = async () => {
          const current = batch;
          batch = [];
          // In-batch repeats first; then the database, whose cards include earlier batches.
          const firstLine = new Map<string, number>();
          const fresh: BatchRow[] = [];
          for (const row of current) {
            const earlier = firstLine.get(row.index);
            if (earlier !== undefined) problem({ line: row.line, message: `card number ${row.masked} also appears on line ${earlier}` });
            else {
              firstLine.set(row.index, row.line);
              fresh.push(row);
            }
          }
          await writing;
          // Both index key versions while a rotation is under way: a card still under the previous
          // one is as much in the database as one under the current one.
          const taken = await cardsByNumberIndexes(trx, [...new Set(fresh.flatMap((row) => row.candidates))]);
          const good: SealedCard[] = [];
          for (const row of fresh) {
            const card = row.candidates.map((index) => taken.get(index)).find((found) => found !== undefined);
            if (!card) good.push(row.sealed);
            else if (card.importEventId === eventId && card.importLine !== null) problem({ line: row.line, message: `card number ${row.masked} also appears on line ${card.importLine}` });
            else problem({ line: row.line, message: `card number ${row.masked} is already in the database` });
          }
          // Once the file is refused only the cards are written: later repeats are found by them.
          writing = insertSealedCards(trx, problemCount === 0 ? good : good.map((c) => ({ card: c.card, secrets: [], holder: null, load: null })));
          writing.catch(() => {}); // awaited (and thrown) by the next flush or the end
          options.progress?.(rows);
        };

        const by = operatorAuditFields(deps);
        for await (const record of read()) {
          if (!header) {
            header = { positions: readHeader(record), width: record.fields.length };
            continue;
          }
          rows++;
          const valid = validateRecord(record, header.positions, header.width);
          if (Array.isArray(valid)) {
            valid.forEach(problem);
            continue;
          }
          const { line, row } = valid;
          const key = row.brand.toLowerCase();
          if (!brands.has(key)) {
            await writing;
            brands.set(key, await findBrandByIdentifier(trx, row.brand));
          }
          const brand = brands.get(key);
          if (!brand) {
            problem({ line, message: `brand: no brand with code or slug "${row.brand}"` });
            continue;
          }
          const sealed = sealCard(
            crypto,
            {
              brandId: brand.id,
              kind: row.kind,
              cardNumber: row.card_number,
              // A gift card works from issue; a Visa card waits for its holder to activate it.
              state: row.kind === 'giftcard' ? 'active' : 'inactive',
              assetCode: row.asset_code ?? brand.asset_code,
              expiresAt: row.expires_at ?? null,
              ...(row.kind === 'giftcard'
                ? { securityCode: row.security_code, ...(row.recovery_code !== undefined && { recoveryCode: row.recovery_code }) }
                : { visa: { holder: holderOf(row), pin: row.pin } }),
              load: { amount: row.balance, reference: `cards-import:${eventId}:${line}` },
              imported: { eventId, line },
            },
            at,
          );
          batch.push({
            line,
            index: sealed.card.number_index,
            candidates: crypto.blindIndex.candidates(PURPOSE.cardNumber, row.card_number),
            masked: maskCardNumber(row.card_number),
            sealed,
          });
          result.imported++;
          result.byBrand[brand.code] = (result.byBrand[brand.code] ?? 0) + 1;
          result.byKind[row.kind]++;
          if (batch.length === IMPORT_BATCH) await flush();
        }
        if (!header) throw new OperatorError('The file is empty; it needs a header row and at least one card.');
        if (rows === 0) throw new OperatorError('The file has a header but no cards.');
        if (batch.length > 0) await flush();
        await writing;
        if (problemCount > 0 || result.dryRun) throw new RollBack();
        const digest = options.sourceDigest?.();
        await recordAuditEvent(
          trx,
          {
            id: eventId,
            type: 'cards.import',
            ...by,
            outcome: 'imported',
            detail: JSON.stringify({ source: options.source.slice(-200), ...(digest && { sha256: digest }), cards: result.imported }),
          },
          at,
        );
      } finally {
        await cache.restore();
      }
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
    if (problemCount > 0) throw new CardImportRejected(problems.sort((a, b) => a.line - b.line), problemCount);
  }
  return result;
}

async function* toAsync<T>(items: readonly T[]): AsyncIterable<T> {
  yield* items;
}
