import type { ErrorCode } from '@tessera/contracts';
import { ApiError } from './api';

/**
 * What a refused call says, one table per call: from the answer's status and error code to a
 * message key, or to a named outcome where the screen does more than show a text ('captcha'
 * restarts the bot check, 'insecure' blocks the passcode, …). Every screen reads its table through
 * errorMessage(), so a code means the same wherever it is read, and a flow overrides a shared table
 * by spreading it.
 */
export interface ErrorTable<K extends string> {
  /**
   * Read in this order: '400 INVALID_TOKEN' (that code with that status: the spec names most codes
   * with their status), then a status alone (429 the per-address rate limit, 404 a wrong card, 0 no
   * answer at all: lib/api's network failure), then a code alone (with any status).
   */
  answers: Partial<Record<`${number} ${ErrorCode}` | number | ErrorCode, K>>;
  /** A status other than 400 that `answers` does not name, 0 (no answer) included; `fallback` when absent. */
  otherStatus?: K;
  /** Everything else: an unnamed code or status, a failure that is not a call's. */
  fallback: K;
}

/**
 * The entry of `table` for a failed call (an ApiError from lib/api, or anything else thrown). The
 * codes looked up are the API's own (ErrorCode, from the same-origin server), so no code names a
 * member of Object.prototype; a guard against one would cost the first screen bytes for nothing.
 */
export function errorMessage<K extends string>(error: unknown, { answers, otherStatus, fallback }: ErrorTable<K>): K {
  if (!(error instanceof ApiError)) return fallback;
  const { status, code } = error;
  return (
    answers[`${status} ${code as ErrorCode}`] ??
    answers[status] ??
    answers[code as ErrorCode] ??
    (status !== 400 ? otherStatus : undefined) ??
    fallback
  );
}
