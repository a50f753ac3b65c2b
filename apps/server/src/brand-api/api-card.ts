import { maskCardNumber, validityOf } from '@tessera/contracts';
import type { Transaction } from 'kysely';
import type { LockedCard } from '../card-commands/locked-card.js';
import { findCardById } from '../db/repositories/cards.js';
import type { Executor } from '../db/repositories/executor.js';
import { sumLedgerByAsset } from '../db/repositories/ledger.js';
import type { CardRow, Database } from '../db/schema.js';
import type { ServiceDeps } from '../deps.js';
import { apiCardState, type ApiCardState } from '../domain/card-state.js';
import { balancesOf } from '../domain/ledger.js';
import { AppError } from '../errors.js';
import type { ApiCaller } from './caller.js';
import type { ApiCard } from './schemas.js';

/** A card's state as the API answers it, on the day `now` falls on. */
export function stateOf(card: Parameters<typeof apiCardState>[0], now: Date): ApiCardState {
  const validity = validityOf(card.expires_at, now).kind;
  return apiCardState(card, validity === 'grace' || validity === 'expired');
}

/** The card as GET /api/v1/cards/{id} and the lookup answer it. */
export async function cardAnswer(db: Executor, card: CardRow, now: Date): Promise<ApiCard> {
  return {
    id: card.id,
    kind: card.kind,
    state: stateOf(card, now),
    balances: balancesOf(await sumLedgerByAsset(db, card.id), card.asset_code).map((b) => ({ value: b.balance, assetCode: b.assetCode })),
    expiresAt: card.expires_at ? card.expires_at.slice(0, 10) : null,
  };
}

export const cardNotFound = () => new AppError('CARD_NOT_FOUND', 'No card with this id or number exists for this brand.');

/** The card with this id, if it is the caller's brand's; another brand's answers as an unknown one. */
export async function findBrandCard(db: Executor, caller: ApiCaller, cardId: string, options: { forUpdate?: boolean } = {}): Promise<CardRow> {
  const card = await findCardById(db, cardId, options);
  if (!card || card.brand_id !== caller.brandId) throw cardNotFound();
  return card;
}

/**
 * A brand API call that changes one card: one transaction with the card row locked (PostgreSQL
 * FOR UPDATE; SQLite runs one write transaction at a time), so calls on one card queue up and a
 * balance read in it stays true until the commit. Another brand's card is 404 CARD_NOT_FOUND.
 */
export function changeBrandCard<T>(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  caller: ApiCaller,
  cardId: string,
  change: (locked: LockedCard, masked: string) => Promise<T>,
): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    const card = await findBrandCard(trx, caller, cardId, { forUpdate: true });
    return change({ trx, card, now: deps.now() }, maskCardNumber(card.number_last3));
  });
}

/** What a use case hands to its caller inside its transaction: storing the idempotent answer. */
export type InTransaction<T> = (trx: Transaction<Database>, result: T) => Promise<void>;
