import { PAYOUT_REVIEW_DEFAULTS, PAYOUT_REVIEW_RULES, type PayoutReviewRule } from '@tessera/contracts/admin';
import { amsterdamDay, amsterdamDayStart } from './report-period.js';

/**
 * Which payouts are held for review before they may be exported (docs/back-office.md, "Payouts
 * held for review"; docs/decisions/036). Pure: the facts are read in the payout's transaction
 * (payout-review/evaluate-payout.ts) and judged here.
 */

/** The rules, as the review page and the webhooks name them (contracts). */
export { PAYOUT_REVIEW_RULES, type PayoutReviewRule };

/** A brand's settings (its brand file's `payoutReview`); null turns a rule off. */
export interface PayoutReviewSettings {
  /** Hold when the IBAN received payouts from this many other cards (any brand) within `ibanWindowDays`. */
  ibanOtherCards: number | null;
  ibanWindowDays: number;
  /** Hold when the bank-verified identity's payouts this Amsterdam calendar month (any brand), this one included, exceed this (minor units, EUR). */
  identityMonthlyLimit: number | null;
  /** Hold a payout to an IBAN on the brand's block list. */
  blockList: boolean;
  /** Hold when the card entered a guessing cool-down (or the lock) within this many hours before. */
  guessingWindowHours: number | null;
}

/** The defaults of the design: 3 other cards in 30 days, EUR 150 a month (AMLD art. 12), the block list, 24 hours. */
export const DEFAULT_PAYOUT_REVIEW: PayoutReviewSettings = { ...PAYOUT_REVIEW_DEFAULTS };

/** A brand's stored settings (brands.payout_review_json; null: the defaults). */
export function payoutReviewSettingsOf(json: string | null): PayoutReviewSettings {
  if (json === null) return DEFAULT_PAYOUT_REVIEW;
  return { ...DEFAULT_PAYOUT_REVIEW, ...(JSON.parse(json) as Partial<PayoutReviewSettings>) };
}

/** Since when each rule looks back, for a payout asked for at `now`. */
export function reviewWindows(settings: PayoutReviewSettings, now: Date): { ibanSince: string; monthStart: string; guessingSince: string } {
  const day = amsterdamDay(now);
  return {
    ibanSince: new Date(now.getTime() - settings.ibanWindowDays * 86_400_000).toISOString(),
    monthStart: amsterdamDayStart(`${day.slice(0, 8)}01`).toISOString(),
    guessingSince: new Date(now.getTime() - (settings.guessingWindowHours ?? 0) * 3_600_000).toISOString(),
  };
}

/** What the payout's transaction found. */
export interface PayoutReviewFacts {
  /** Other cards whose payouts (not credited back) went to this IBAN within the window. */
  otherCardsToIban: number;
  /** The identity's payouts (not credited back) this month before this one, in minor units; null: no verified identity. */
  identityMonthTotal: number | null;
  /** This payout's amount, in minor units. */
  amount: number;
  ibanBlocked: boolean;
  /** Whether the card entered a cool-down or the lock within the window. */
  recentLockout: boolean;
}

/** The rules a payout hits, in the order PAYOUT_REVIEW_RULES lists them; none: it is paid in the next export. */
export function rulesHit(settings: PayoutReviewSettings, facts: PayoutReviewFacts): PayoutReviewRule[] {
  const hit: PayoutReviewRule[] = [];
  if (settings.ibanOtherCards !== null && facts.otherCardsToIban >= settings.ibanOtherCards) hit.push('iban_shared');
  if (settings.identityMonthlyLimit !== null && facts.identityMonthTotal !== null && facts.identityMonthTotal + facts.amount > settings.identityMonthlyLimit) {
    hit.push('identity_monthly_limit');
  }
  if (settings.blockList && facts.ibanBlocked) hit.push('iban_blocked');
  if (settings.guessingWindowHours !== null && facts.recentLockout) hit.push('guessing_cooldown');
  return hit;
}
