import { randomBytes, randomUUID } from 'node:crypto';
import type { PinRetrieval, pinRequestSchema } from '@tessera/contracts';
import type { z } from 'zod';
import { PURPOSE } from '../../crypto/index.js';
import { deleteExpiredPinFrameKeys, insertPinFrameKey } from '../../db/repositories/pin-frame-keys.js';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../../deps.js';
import { auditOf, type CustomerCall } from '../../customer-call/call-gate.js';
import { checkCardSecretAndWrite } from '../../customer-call/card-secret-check.js';
import { isActiveVisa, passcodeOf } from './visa-card.js';

/** A PIN frame key works for this long (docs/product/visa.md#pin). */
export const PIN_FRAME_KEY_TTL_MS = 60_000;
/** Where the PIN frame page and its PIN read live, on the PIN frame's origin. */
export const PIN_FRAME_PATH = '/pin-frame';
export const PIN_FRAME_PIN_PATH = '/pin-frame/pin';

/** The stored form of a PIN frame key: HMAC-SHA-256 under the index key, never the key. */
export const pinFrameKeyHash = (deps: Pick<ServiceDeps, 'crypto'>, key: string) => deps.crypto.blindIndex.of(PURPOSE.pinFrameKey, key);
/** What a key is looked up by: its hash under each configured index key version (a rotation may be under way). */
export const pinFrameKeyHashes = (deps: Pick<ServiceDeps, 'crypto'>, key: string) => deps.crypto.blindIndex.candidates(PURPOSE.pinFrameKey, key);

/**
 * VISA getPin (POST /api/visa/getPin/{themeCode}, x-flow-type VISA): `code` (the brand's code or
 * slug, which must name the path's brand), card number and passcode. Past the call gate and
 * validation: `code` names the path's brand, then an active Visa card of this brand and its passcode under the guessing limits (404
 * CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS). Issues a one-time key (256 random bits, valid 60 s,
 * stored only as a keyed hash) bound to the card and to a fresh controlId, and answers the PIN
 * frame's address with both. The PIN itself never passes through the portal's origin: the frame
 * reads it with the key (read-pin.ts).
 */
export async function getPin(deps: ServiceDeps, call: CustomerCall, request: z.output<typeof pinRequestSchema>): Promise<PinRetrieval> {
  const { brand } = call;
  const named = request.code.toLowerCase();
  if (named !== brand.code.toLowerCase() && named !== brand.slug.toLowerCase()) {
    throw new AppError('VALIDATION_ERROR', undefined, [{ path: 'code', message: "not the path's brand" }]);
  }
  const key = randomBytes(32).toString('base64url');
  const controlId = randomUUID();

  const result = await checkCardSecretAndWrite(deps, {
    ...passcodeOf(request),
    accepts: (card) => isActiveVisa(card, brand.id),
    audit: auditOf(call, 'visa.get_pin'),
    write: async (trx, { card, now }) => {
      const at = now.toISOString();
      // Keys expire within a minute; older ones are of no use and go now (indexed, a few rows).
      await deleteExpiredPinFrameKeys(trx, new Date(now.getTime() - PIN_FRAME_KEY_TTL_MS).toISOString());
      await insertPinFrameKey(trx, {
        key_hash: pinFrameKeyHash(deps, key),
        card_id: card.id,
        control_id: controlId,
        expires_at: new Date(now.getTime() + PIN_FRAME_KEY_TTL_MS).toISOString(),
        created_at: at,
      });
      return { value: null, detail: 'pin frame key issued' };
    },
  });
  if (!result.ok) throw new AppError(result.code);
  return { pinFrameURL: `${new URL(deps.config.pinFrameUrl).origin}${PIN_FRAME_PATH}`, key, controlId };
}
