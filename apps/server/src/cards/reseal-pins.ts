import type { Crypto } from '../crypto/index.js';
import type { Executor } from '../db/repositories/executor.js';
import { findPinsUnderDataKeys, replacePinCiphertext } from '../db/repositories/visa-holders.js';

const BATCH = 500;

export interface ResealResult {
  /** PINs now sealed under PIN_KEYS. */
  resealed: number;
  /** PINs under DATA_KEYS that did not open (a data key version no longer configured): left as they are. */
  unreadable: number;
}

/**
 * Moves every PIN still sealed under DATA_KEYS (from before PIN_KEYS) to PIN_KEYS. main.ts runs
 * it at every start, after the migrations: once done it finds nothing (one query on visa_holders).
 * Each PIN is replaced only if its ciphertext is still the one read, so several processes starting
 * at once, or a card import meanwhile, lose nothing. Pages by card id: a PIN that does not open is
 * reported and passed over, never retried in a loop.
 */
export async function resealPinsUnderDataKeys(db: Executor, crypto: Pick<Crypto, 'pins'>): Promise<ResealResult> {
  const result: ResealResult = { resealed: 0, unreadable: 0 };
  let after = '';
  for (;;) {
    const batch = await findPinsUnderDataKeys(db, after, BATCH);
    for (const { cardId, pinCiphertext } of batch) {
      let pin: string;
      try {
        pin = crypto.pins.open(pinCiphertext);
      } catch {
        result.unreadable += 1;
        continue;
      }
      if (await replacePinCiphertext(db, cardId, pinCiphertext, crypto.pins.seal(pin))) result.resealed += 1;
    }
    if (batch.length < BATCH) return result;
    after = batch[batch.length - 1]!.cardId;
  }
}
