import { CARD_SEARCH_LIMIT, type AdminCardSummary, type CardSearchRequest, cardSearchRequestSchema } from '@tessera/contracts/admin';
import { PURPOSE } from '../../crypto/index.js';
import { emailIndexCandidates, phoneIndexCandidates } from '../../cards/search-indexes.js';
import {
  findStaffCardsByEmailIndex,
  findStaffCardsByLastDigits,
  findStaffCardsByNumberIndex,
  findStaffCardsByPhoneIndex,
  type StaffCardListing,
} from '../../db/repositories/staff-cards.js';
import type { ServiceDeps } from '../../deps.js';
import { cardSummary } from './card-summary.js';
import { scopeIncludes, type StaffScope } from './staff-scope.js';

/**
 * POST /admin/api/cards/search: the cards of the caller's brands found one of four ways, newest
 * first, at most CARD_SEARCH_LIMIT. By the whole number, a phone number or an e-mail address the
 * search goes through blind indexes (both index key versions during a rotation); by brand and
 * last digits through the clear last three or four (docs/decisions/032). A card of another
 * brand is left out exactly as if it did not exist.
 */
export async function searchCards(
  deps: Pick<ServiceDeps, 'db' | 'crypto' | 'now'>,
  scope: StaffScope,
  request: CardSearchRequest,
): Promise<{ cards: AdminCardSummary[] }> {
  if (scope.brands !== 'all' && scope.brands.length === 0) return { cards: [] };
  const found = await find(deps, scope, cardSearchRequestSchema.parse(request));
  const now = deps.now();
  return { cards: found.map((card) => cardSummary(card, card.balance, now)) };
}

async function find(deps: Pick<ServiceDeps, 'db' | 'crypto'>, scope: StaffScope, request: ReturnType<typeof cardSearchRequestSchema.parse>): Promise<StaffCardListing[]> {
  const { db, crypto } = deps;
  if ('number' in request) {
    return findStaffCardsByNumberIndex(db, crypto.blindIndex.candidates(PURPOSE.cardNumber, request.number), scope.brands, CARD_SEARCH_LIMIT);
  }
  if ('last' in request) {
    if (!scopeIncludes(scope, request.brand)) return [];
    return findStaffCardsByLastDigits(db, request.brand, request.last, CARD_SEARCH_LIMIT);
  }
  if ('phone' in request) {
    const indexes = phoneIndexCandidates(crypto, request.phone);
    return indexes ? findStaffCardsByPhoneIndex(db, indexes, scope.brands, CARD_SEARCH_LIMIT) : [];
  }
  const indexes = emailIndexCandidates(crypto, request.email);
  return indexes ? findStaffCardsByEmailIndex(db, indexes, scope.brands, CARD_SEARCH_LIMIT) : [];
}
