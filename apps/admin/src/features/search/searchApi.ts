import { adminApi, cardSearchResultSchema, type AdminCardSummary, type CardSearchRequest } from '@tessera/contracts/admin';
import { callApi } from '../../lib/http';

export const searchCards = (request: CardSearchRequest) => callApi(adminApi.searchCards.build(), cardSearchResultSchema, { method: 'POST', body: request });

/**
 * The last search's answer, kept in the query client (memory only) so going back from a card
 * shows it again. The request is not kept: a card number never outlives its form.
 */
export const LAST_RESULT_KEY = ['search', 'last-result'] as const;
export type LastResult = { cards: AdminCardSummary[] };
