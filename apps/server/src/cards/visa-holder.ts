import { type Crypto, PURPOSE } from '../crypto/index.js';
import type { Executor } from '../db/repositories/executor.js';
import { findVisaHolder } from '../db/repositories/visa-holders.js';
import type { VisaHolderData } from './issue-card.js';

/** A Visa card's holder data, decrypted. Read by the VISA flow and by the guessing limits (the lockout SMS). */
export async function readHolderData(db: Executor, crypto: Crypto, cardId: string): Promise<VisaHolderData> {
  const sealed = await findVisaHolder(db, cardId);
  if (!sealed) throw new Error('a Visa card without holder data');
  return JSON.parse(crypto.cipher.decrypt(sealed.holderCiphertext, PURPOSE.visaHolder)) as VisaHolderData;
}
