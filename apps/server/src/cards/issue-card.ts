import { randomUUID } from 'node:crypto';
import { stripCardNumber } from '@tessera/contracts';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import { insertCard, insertCardIfNumberFree } from '../db/repositories/cards.js';
import type { Executor } from '../db/repositories/executor.js';
import { insertLedgerEntries } from '../db/repositories/ledger.js';
import { insertVisaHolder } from '../db/repositories/visa-holders.js';
import type { NewCard } from '../db/schema.js';
import type { CardState } from '../domain/card-state.js';
import { setCardSecret } from './set-card-secret.js';

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

async function issue(db: Executor, crypto: Crypto, input: IssueCardInput, now: string, ifNumberFree: boolean): Promise<string | undefined> {
  const id = randomUUID();
  const number = stripCardNumber(input.cardNumber);
  const row: NewCard = {
    id,
    brand_id: input.brandId,
    kind: input.kind,
    number_ciphertext: crypto.cipher.encrypt(number, PURPOSE.cardNumber),
    number_index: crypto.blindIndex.of(PURPOSE.cardNumber, number),
    number_key_version: crypto.cipher.keyVersion,
    number_last3: number.slice(-3),
    state: input.state,
    asset_code: input.assetCode,
    expires_at: input.expiresAt,
    failed_attempts: 0,
    locked_until: null,
    operator_locked: 0,
    registered_at: null,
    paid_out_at: null,
    replaced_by_card_id: null,
    created_at: now,
    updated_at: now,
  };
  if (ifNumberFree) {
    if (!(await insertCardIfNumberFree(db, row))) return undefined;
  } else {
    await insertCard(db, row);
  }
  const secrets = [
    ['security_code', input.securityCode],
    ['passcode', input.passcode],
    ['recovery_code', input.recoveryCode],
  ] as const;
  for (const [kind, value] of secrets) {
    if (value === undefined) continue;
    await setCardSecret(db, crypto, { cardId: id, kind: kind, value: value, at: now });
  }
  if (input.visa) {
    await insertVisaHolder(
      db,
      {
        cardId: id,
        holderCiphertext: crypto.cipher.encrypt(JSON.stringify(input.visa.holder), PURPOSE.visaHolder),
        pinCiphertext: crypto.pins.seal(input.visa.pin),
        keyVersion: crypto.cipher.keyVersion,
      },
      now,
    );
  }
  if (input.load && input.load.amount !== 0) {
    await insertLedgerEntries(db, [
      {
        id: randomUUID(),
        card_id: id,
        asset_code: input.assetCode,
        amount: input.load.amount,
        kind: 'load',
        reference: input.load.reference,
        created_at: now,
      },
    ]);
  }
  return id;
}
