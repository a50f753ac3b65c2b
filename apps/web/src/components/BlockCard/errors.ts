import type { ErrorTable } from '../../lib/errorMessages';
import type { BlockCardFlow } from './blockCardApi';

export type BlockCardErrorKey =
  | 'card__block_error_code'
  | 'card__block_error_login'
  | 'generic__too_many_requests'
  | 'generic__network_error'
  | 'card__block_error';

/**
 * What a refused block says. 404 CARD_NOT_FOUND: on BALANCE the security code just typed does not
 * match (the number is the one the lookup found); in the VISA account the passcode it logged in
 * with no longer works, so logging in again is the way on. The guessing cool-down (400
 * TOO_MANY_REQUESTS) and the per-address limit (429) say 'too many attempts'; no answer at all the
 * network error; anything else the generic block error.
 */
export const blockCardErrors: Record<BlockCardFlow, ErrorTable<BlockCardErrorKey>> = {
  BALANCE: {
    answers: { 404: 'card__block_error_code', '400 TOO_MANY_REQUESTS': 'generic__too_many_requests', 429: 'generic__too_many_requests', 0: 'generic__network_error' },
    fallback: 'card__block_error',
  },
  VISA: {
    answers: { 404: 'card__block_error_login', '400 TOO_MANY_REQUESTS': 'generic__too_many_requests', 429: 'generic__too_many_requests', 0: 'generic__network_error' },
    fallback: 'card__block_error',
  },
};
