import type { Executor } from './executor.js';

/**
 * Records a captcha token as spent. Answers false when it already was: the primary key makes
 * the check atomic, so two requests racing with one token cannot both pass.
 */
export async function spendCaptchaToken(db: Executor, tokenHash: string, expiresAt: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('spent_captcha_tokens')
    .values({ token_hash: tokenHash, expires_at: expiresAt, created_at: now })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Spent tokens past their expiry could not be replayed anyway: they go; answers how many. */
export async function deleteExpiredCaptchaTokens(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom('spent_captcha_tokens').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
