import { PURPOSE } from '../crypto/index.js';
import { findCardByNumberIndex } from '../db/repositories/cards.js';
import type { ServiceDeps } from '../deps.js';
import { cardAnswer, cardNotFound, findBrandCard } from './api-card.js';
import type { ApiCaller } from './caller.js';
import type { ApiCard } from './schemas.js';

type Deps = Pick<ServiceDeps, 'db' | 'crypto' | 'now'>;

/**
 * POST /api/v1/cards/lookup: a card of the caller's brand by its number (a number never goes in a
 * URL), found by the number's blind index; another brand's card answers as an unknown one.
 * No guessing limits: the key is the brand's own system, and its rate limit bounds it.
 */
export async function lookUpCard(deps: Deps, caller: ApiCaller, cardNumber: string): Promise<ApiCard> {
  const card = await findCardByNumberIndex(deps.db, deps.crypto.blindIndex.candidates(PURPOSE.cardNumber, cardNumber));
  if (!card || card.brand_id !== caller.brandId) throw cardNotFound();
  return cardAnswer(deps.db, card, deps.now());
}

/** GET /api/v1/cards/{id}. */
export async function getCard(deps: Deps, caller: ApiCaller, cardId: string): Promise<ApiCard> {
  return cardAnswer(deps.db, await findBrandCard(deps.db, caller, cardId), deps.now());
}
