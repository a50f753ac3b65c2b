/**
 * Per-card guessing limits (docs/product/common.md#guessing-limits). Every secret kind counts
 * together.
 * - 5 consecutive wrong secrets: every secret is refused for 30 minutes (TOO_MANY_REQUESTS);
 * - each further run of 5 wrong answers after a cool-down starts another 30 minutes;
 * - 20 consecutive wrong secrets: self-service is locked until the operator unlocks the card;
 * - a correct secret resets the count.
 * Attempts refused during a cool-down or lock are not counted: nobody can check a secret then.
 */
export const GUESSING_COOLDOWN_AFTER = 5;
export const GUESSING_LOCK_AFTER = 20;
export const GUESSING_COOLDOWN_MS = 30 * 60 * 1000;

export interface GuessingState {
  failedAttempts: number;
  lockedUntil: Date | null;
  operatorLocked: boolean;
}

export type GuessingGate = { allowed: true } | { allowed: false; reason: 'cooldown' | 'locked' };

/** May this card check a secret now? */
export function guessingGate(state: GuessingState, now: Date): GuessingGate {
  if (state.operatorLocked) return { allowed: false, reason: 'locked' };
  if (state.lockedUntil && state.lockedUntil.getTime() > now.getTime()) return { allowed: false, reason: 'cooldown' };
  return { allowed: true };
}

/** What a wrong secret does, given the failed-attempt count after counting it. */
export function afterWrongSecret(failedAttempts: number, now: Date): { lockedUntil: Date | null; operatorLocked: boolean } {
  if (failedAttempts >= GUESSING_LOCK_AFTER) return { lockedUntil: null, operatorLocked: true };
  if (failedAttempts % GUESSING_COOLDOWN_AFTER === 0) {
    return { lockedUntil: new Date(now.getTime() + GUESSING_COOLDOWN_MS), operatorLocked: false };
  }
  return { lockedUntil: null, operatorLocked: false };
}
