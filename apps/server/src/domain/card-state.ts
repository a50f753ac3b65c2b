/**
 * Card states. A Visa card goes inactive → passcode_set → active; a gift card is active from issue.
 * blocked: replaced or stopped; no self-service flow finds it any more.
 */
export const CARD_STATES = ['inactive', 'passcode_set', 'active', 'blocked'] as const;
export type CardState = (typeof CARD_STATES)[number];

export type CardKind = 'visa' | 'giftcard';

/** What the self-service rules read of a card. */
export interface CardStanding {
  kind: CardKind;
  state: string;
  /** Set while the card is blocked (lost, stolen, fraud: operator, brand or cardholder). */
  blocked_at: string | null;
  block_reason?: string | null;
}

/**
 * Gift card flows (balance, identify, replace, payout, reset) work on active gift cards only; a
 * blocked one answers as an unknown card would (REPLACE's exception: mayReplaceWhileBlocked).
 */
export function isUsableGiftCard(card: CardStanding): boolean {
  return card.kind === 'giftcard' && card.state === 'active' && card.blocked_at === null;
}

/**
 * A lost or stolen gift card stays replaceable by whoever proves it with its security code: the
 * point of blocking a lost card is to move its balance to a new one. A card blocked for fraud is not.
 */
export function mayReplaceWhileBlocked(card: CardStanding): boolean {
  return card.kind === 'giftcard' && card.state === 'active' && card.blocked_at !== null && card.block_reason !== 'fraud';
}

/**
 * A card its owner may block as lost (POST /api/cards/block): a gift card that is active, or a
 * Visa card with a passcode (the ones the VISA account logs in to), of the kind the flow names.
 * One already blocked qualifies too, so a repeat answers what the first block did; not one the
 * operator blocked for fraud, which stays unknown to every self-service call. A replaced gift card
 * (state blocked) does not: its balance went to the new card.
 */
export function mayBlockAsLost(card: CardStanding, kind: CardKind): boolean {
  const owned = kind === 'giftcard' ? card.state === 'active' : card.state === 'passcode_set' || card.state === 'active';
  return card.kind === kind && owned && (card.blocked_at === null || card.block_reason !== 'fraud');
}

/**
 * A gift card that REPLACE has replaced: blocked, with the card that took its place. No flow
 * finds it (isUsableGiftCard refuses it); only a repeat of the replacement call recognises it, to
 * answer what the first call did.
 */
export function isReplacedGiftCard(card: { kind: CardKind; state: string; replaced_by_card_id: string | null }): boolean {
  return card.kind === 'giftcard' && card.state === 'blocked' && card.replaced_by_card_id !== null;
}

const VISA_TRANSITIONS: Record<CardState, readonly CardState[]> = {
  inactive: ['passcode_set', 'blocked'],
  passcode_set: ['active', 'blocked'],
  active: ['blocked'],
  blocked: [],
};

export function canTransition(from: CardState, to: CardState): boolean {
  return VISA_TRANSITIONS[from].includes(to);
}

/** How the brand API names a card's standing (docs/brand-api.md). */
export type ApiCardState = 'active' | 'inactive' | 'passcode_set' | 'blocked' | 'replaced' | 'paid_out' | 'expired';

/**
 * The brand API's state of a card: a block first (whatever else), then a balance that moved on
 * (replaced, paid out), then an expiry date that has passed (`expired`: from the day after it),
 * else the card's own state. Only `active` cards are redeemed or loaded.
 */
export function apiCardState(
  card: CardStanding & { replaced_by_card_id: string | null; paid_out_at: string | null; expires_at: string | null },
  expired: boolean,
): ApiCardState {
  if (card.blocked_at !== null) return 'blocked';
  if (card.replaced_by_card_id !== null) return 'replaced';
  if (card.state === 'blocked') return 'blocked';
  if (card.paid_out_at !== null) return 'paid_out';
  if (expired) return 'expired';
  return card.state as ApiCardState;
}
