/**
 * Per-number guessing limits (docs/product/common.md#guessing-limits): a card's number, or a number
 * no card has, which is answered alike (docs/security.md#guessing). Every secret kind counts
 * together. Consecutive wrong secrets bring escalating cool-downs in which every secret is refused
 * (TOO_MANY_REQUESTS):
 * - after 5: 30 minutes; after 10: 2 hours; after 15 and every 5 more: 24 hours;
 * - only after 100 (NIST SP 800-63B's ceiling on consecutive failures) is self-service locked
 *   until the operator unlocks the card. A stranger who saw a card number can slow its owner down
 *   for a day at a time, never lock them out for good: reaching 100 at 5 tries a day takes 17 days,
 *   and any right secret of the owner's in between starts the count again;
 * - a correct secret resets the count.
 * Attempts refused during a cool-down or lock are not counted: nobody can check a secret then.
 */
/** Why a card stopped taking secrets: the escalating cool-downs, then the operator lock. */
export type LockoutKind = 'cooldown_30m' | 'cooldown_2h' | 'cooldown_24h' | 'operator_lock';

export const GUESSING_COOLDOWN_AFTER = 5;
export const GUESSING_LOCK_AFTER = 100;
const MINUTE_MS = 60 * 1000;
/** The cool-down after the 5th, 10th and 15th (and every later 5th) consecutive wrong secret. */
export const GUESSING_COOLDOWNS_MS = [30 * MINUTE_MS, 120 * MINUTE_MS, 24 * 60 * MINUTE_MS] as const;
/** The first cool-down, after 5 wrong secrets. */
export const GUESSING_COOLDOWN_MS = GUESSING_COOLDOWNS_MS[0];
const COOLDOWN_KINDS: readonly LockoutKind[] = ['cooldown_30m', 'cooldown_2h', 'cooldown_24h'];

/**
 * How long a number's counters are kept after its last wrong guess, a card's or not (the same
 * rule for both, or the forgetting would tell them apart): app/housekeeping.ts forgets them then,
 * unless they reached the lock, which only an operator lifts. Longer than any cool-down, so a
 * count starts again only for someone who waited a month to guess again; the table stays bounded
 * by the guessing rate.
 */
export const NUMBER_GUESSES_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export interface GuessingState {
  failedAttempts: number;
  lockedUntil: Date | null;
  operatorLocked: boolean;
}

export type GuessingGate = { allowed: true } | { allowed: false; reason: 'cooldown' | 'locked' };

/**
 * A number's counters as stored (number_guesses; no row is no wrong secret) as the policy sees
 * them. The operator lock is the count reaching GUESSING_LOCK_AFTER: nothing else sets it, and
 * an operator's unlock forgets the count.
 */
export function guessingStateOf(counters: { failed_attempts: number; locked_until: string | null } | undefined): GuessingState {
  const failedAttempts = counters?.failed_attempts ?? 0;
  return {
    failedAttempts,
    lockedUntil: counters?.locked_until ? new Date(counters.locked_until) : null,
    operatorLocked: failedAttempts >= GUESSING_LOCK_AFTER,
  };
}

/** May this number check a secret now? */
export function guessingGate(state: GuessingState, now: Date): GuessingGate {
  if (state.operatorLocked) return { allowed: false, reason: 'locked' };
  if (state.lockedUntil && state.lockedUntil.getTime() > now.getTime()) return { allowed: false, reason: 'cooldown' };
  return { allowed: true };
}

export interface WrongSecretConsequence {
  lockedUntil: Date | null;
  operatorLocked: boolean;
  /** Set when this wrong secret starts a cool-down or the operator lock. */
  lockout: LockoutKind | null;
}

/** What a wrong secret does, given the failed-attempt count after counting it. */
export function afterWrongSecret(failedAttempts: number, now: Date): WrongSecretConsequence {
  if (failedAttempts >= GUESSING_LOCK_AFTER) return { lockedUntil: null, operatorLocked: true, lockout: 'operator_lock' };
  if (failedAttempts > 0 && failedAttempts % GUESSING_COOLDOWN_AFTER === 0) {
    const step = Math.min(failedAttempts / GUESSING_COOLDOWN_AFTER, GUESSING_COOLDOWNS_MS.length) - 1;
    return { lockedUntil: new Date(now.getTime() + GUESSING_COOLDOWNS_MS[step]!), operatorLocked: false, lockout: COOLDOWN_KINDS[step]! };
  }
  return { lockedUntil: null, operatorLocked: false, lockout: null };
}
