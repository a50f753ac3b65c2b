import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { recordAuditEvent } from '../../db/repositories/audit.js';
import { findPinFrameKey, spendPinFrameKey } from '../../db/repositories/pin-frame-keys.js';
import { findVisaHolder } from '../../db/repositories/visa-holders.js';
import { truncateAddress } from '../../domain/client-address.js';
import { AppError } from '../../errors.js';
import type { RequestContext, ServiceDeps } from '../../deps.js';
import { cookieValue } from '../../http/cookie-value.js';
import { frameSessionCookieName, isKeysFrameSession } from './frame-session.js';
import { pinFrameKeyHashes } from './get-pin.js';

/** What the PIN frame's script posts to POST /pin-frame/pin (its own origin). */
export const pinReadRequestSchema = z.object({
  key: z.string().min(1).max(128),
  controlId: z.string().min(1).max(64),
});

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The PIN frame's read (POST /pin-frame/pin on the PIN frame origin only): the key from the
 * frame's address, the controlId the portal posted to it, and the cookie of the frame session
 * the key's first page load opened (frame-session.ts). The key is spent by the first read that
 * names it, whatever the outcome, so it works once: a refused read (no cookie, as curl would
 * send it, or another session's) spends it too, so a stolen key gets one try and the holder's
 * frame then fails visibly rather than an attacker probing on. It must be unexpired (60 s), the
 * controlId must be the one getPin answered with it, and the cookie the key's session. Every
 * refusal is the same 404 NOT_FOUND. The PIN is decrypted here and answered with no-store; the
 * answer goes to the frame's own origin, never to the portal's.
 */
export async function readPin(
  deps: ServiceDeps,
  ctx: RequestContext,
  request: z.output<typeof pinReadRequestSchema>,
  cookieHeader: string | undefined,
): Promise<{ pin: string }> {
  const keyHashes = pinFrameKeyHashes(deps, request.key);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const at = deps.now().toISOString();
    const audit = (outcome: string, cardId: string | null) =>
      recordAuditEvent(trx, { type: 'visa.pin_frame', outcome, brandId: null, cardId, flowType: 'VISA', client: truncateAddress(ctx.clientAddress), detail: null }, at);
    const row = await findPinFrameKey(trx, keyHashes);
    if (!row) {
      await audit('unknown_key', null);
      return undefined;
    }
    const session = cookieValue(cookieHeader, frameSessionCookieName(row.key_hash));
    const spent = await spendPinFrameKey(trx, row.key_hash, at);
    const refusal = !spent
      ? 'key_used'
      : row.expires_at <= at
        ? 'key_expired'
        : !sameText(row.control_id, request.controlId)
          ? 'wrong_control_id'
          : !isKeysFrameSession(deps, row.frame_session_hash, session)
            ? session === undefined
              ? 'no_frame_session'
              : 'wrong_frame_session'
            : undefined;
    if (refusal) {
      await audit(refusal, row.card_id);
      return undefined;
    }
    const holder = await findVisaHolder(trx, row.card_id);
    if (!holder?.pinCiphertext) {
      await audit('no_pin', row.card_id);
      return undefined;
    }
    await audit('success', row.card_id);
    return deps.crypto.pins.open(holder.pinCiphertext);
  });
  if (outcome === undefined) throw new AppError('NOT_FOUND');
  return { pin: outcome };
}
