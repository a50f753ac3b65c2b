import { stripCardNumber } from '@tessera/contracts';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import type { Insertable } from 'kysely';
import { insertCard, insertCardIfNumberFree, insertCardRows, insertNewCardRows } from '../db/repositories/cards.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import type { Executor } from '../db/repositories/executor.js';
import type { CardSecretsTable, LedgerEntriesTable, NewCard, VisaHoldersTable } from '../db/schema.js';
import type { CardState } from '../domain/card-state.js';
import { lastFourOf } from '../domain/search-values.js';
import { sealHolderData } from './search-indexes.js';

/** Holder data of a Visa card; stored encrypted as one JSON document. */
export interface VisaHolderData {
  holderName: string;
  phoneNumber: string;
  email: string | null;
  address: { addressLine1: string; city: string; postalCode: string } | null;
  dateOfBirth: string | null;
  countryOfBirth: string | null;
  nationality: string | null;
  /** Set when the holder's data was erased on request (operator/holders.ts); every other field is then empty. */
  erasedAt?: string;
}

/** What is left of a holder after a data deletion request: nothing but when. */
export function erasedHolder(at: string): VisaHolderData {
  return { holderName: '', phoneNumber: '', email: null, address: null, dateOfBirth: null, countryOfBirth: null, nationality: null, erasedAt: at };
}

export const holderWasErased = (holder: VisaHolderData) => holder.erasedAt !== undefined;

export interface IssueCardInput {
  brandId: string;
  kind: 'visa' | 'giftcard';
  cardNumber: string;
  state: CardState;
  assetCode: string;
  expiresAt: string | null;
  securityCode?: string;
  passcode?: string;
  recoveryCode?: string;
  visa?: { holder: VisaHolderData; pin: string };
  /** Initial load in minor units, booked as a ledger entry with this idempotency reference. */
  load?: { amount: number; reference: string };
  /** From a card import: its `cards.import` audit event and the card's line in the file. */
  imported?: { eventId: string; line: number };
}

/**
 * Creates a card with everything sensitive sealed: the number encrypted plus its blind index,
 * secrets as peppered hashes, holder data and PIN encrypted. Used by the demo seed and the
 * operator's card import.
 */
export async function issueCard(db: Executor, crypto: Crypto, input: IssueCardInput, now: string): Promise<string> {
  return (await issue(db, crypto, input, now, false))!;
}

/**
 * issueCard, unless a card with the same number exists: then nothing is written and the answer is
 * undefined (the caller draws another number). For numbers the server draws itself (REPLACE).
 */
export async function issueCardIfNumberFree(db: Executor, crypto: Crypto, input: IssueCardInput, now: string): Promise<string | undefined> {
  return issue(db, crypto, input, now, true);
}

/** A card as rows, sealed and ready to insert: what issueCard writes, one statement per table. */
export interface SealedCard {
  card: NewCard;
  secrets: Insertable<CardSecretsTable>[];
  holder: Insertable<VisaHoldersTable> | null;
  load: LedgerEntriesTable | null;
}

/**
 * Seals a card (number encrypted plus its blind index, secrets as peppered hashes, holder data and
 * PIN encrypted) into the rows issueCard writes. No I/O: the import seals thousands, then writes
 * them a batch at a time (insertSealedCards).
 */
export function sealCard(crypto: Crypto, input: IssueCardInput, now: string): SealedCard {
  const id = timeOrderedId();
  const number = stripCardNumber(input.cardNumber);
  const card: NewCard = {
    id,
    brand_id: input.brandId,
    kind: input.kind,
    number_ciphertext: crypto.cipher.encrypt(number, PURPOSE.cardNumber),
    number_index: crypto.blindIndex.of(PURPOSE.cardNumber, number),
    number_key_version: crypto.cipher.keyVersion,
    number_last3: number.slice(-3),
    number_last4: lastFourOf(number),
    state: input.state,
    asset_code: input.assetCode,
    expires_at: input.expiresAt,
    registered_at: null,
    paid_out_at: null,
    replaced_by_card_id: null,
    import_event_id: input.imported?.eventId ?? null,
    import_line: input.imported?.line ?? null,
    created_at: now,
    updated_at: now,
  };
  const secrets = (
    [
      ['security_code', input.securityCode],
      ['passcode', input.passcode],
      ['recovery_code', input.recoveryCode],
    ] as const
  ).flatMap(([kind, value]) => {
    if (value === undefined) return [];
    const { hash, pepperVersion } = crypto.secrets.hash(id, kind, value);
    return [{ id: timeOrderedId(), card_id: id, kind, hash, pepper_version: pepperVersion, purpose: null, attempts_left: null, expires_at: null, created_at: now }];
  });
  const sealedHolder = input.visa ? sealHolderData(crypto, input.visa.holder) : null;
  const holder =
    input.visa && sealedHolder
      ? {
          card_id: id,
          holder_ciphertext: sealedHolder.holderCiphertext,
          pin_ciphertext: crypto.pins.seal(input.visa.pin),
          key_version: sealedHolder.keyVersion,
          phone_index: sealedHolder.phoneIndex,
          email_index: sealedHolder.emailIndex,
          updated_at: now,
        }
      : null;
  const load =
    input.load && input.load.amount !== 0
      ? { id: timeOrderedId(), card_id: id, asset_code: input.assetCode, amount: input.load.amount, kind: 'load' as const, reference: input.load.reference, created_at: now }
      : null;
  return { card, secrets, holder, load };
}

async function issue(db: Executor, crypto: Crypto, input: IssueCardInput, now: string, ifNumberFree: boolean): Promise<string | undefined> {
  const sealed = sealCard(crypto, input, now);
  if (ifNumberFree) {
    const [, previousIndex] = crypto.blindIndex.candidates(PURPOSE.cardNumber, stripCardNumber(input.cardNumber));
    if (!(await insertCardIfNumberFree(db, sealed.card, previousIndex))) return undefined;
  } else {
    await insertCard(db, sealed.card);
  }
  // A new card has no earlier secrets to retire: its rows go in as they are.
  await insertCardRows(db, { cards: [], secrets: sealed.secrets, holders: sealed.holder ? [sealed.holder] : [], ledger: sealed.load ? [sealed.load] : [] });
  return sealed.card.id;
}

/** Writes sealed cards inside the caller's transaction: COPY on PostgreSQL, a few statements per table on SQLite. */
export async function insertSealedCards(db: Executor, cards: readonly SealedCard[]): Promise<void> {
  await insertNewCardRows(db, {
    cards: cards.map((c) => c.card),
    secrets: cards.flatMap((c) => c.secrets),
    holders: cards.flatMap((c) => (c.holder ? [c.holder] : [])),
    ledger: cards.flatMap((c) => (c.load ? [c.load] : [])),
  });
}
