import { type Crypto, PURPOSE } from '../crypto/index.js';
import { normalizeEmail, normalizePhoneNumber } from '../domain/search-values.js';
import type { VisaHolderData } from './issue-card.js';

/**
 * The blind indexes the back office searches by (docs/decisions/032). Every write of a holder's
 * data or of a replacement's address stores them beside the ciphertext; rows from before
 * migration 018 get them from fill-search-indexes.ts. The same normalisation serves the search.
 */

/** The index of a phone number as typed or stored, or null when it has no digits. */
export function phoneIndexCandidates(crypto: Pick<Crypto, 'blindIndex'>, phone: string): readonly [string, string] | null {
  const normalized = normalizePhoneNumber(phone);
  return normalized === null ? null : crypto.blindIndex.candidates(PURPOSE.holderPhone, normalized);
}

export function emailIndexCandidates(crypto: Pick<Crypto, 'blindIndex'>, email: string): readonly [string, string] | null {
  const normalized = normalizeEmail(email);
  return normalized === null ? null : crypto.blindIndex.candidates(PURPOSE.email, normalized);
}

/** The index a new row stores (the current index key version), or null for no value. */
export function emailIndexOf(crypto: Pick<Crypto, 'blindIndex'>, email: string | null): string | null {
  const normalized = normalizeEmail(email);
  return normalized === null ? null : crypto.blindIndex.of(PURPOSE.email, normalized);
}

export function phoneIndexOf(crypto: Pick<Crypto, 'blindIndex'>, phone: string): string | null {
  const normalized = normalizePhoneNumber(phone);
  return normalized === null ? null : crypto.blindIndex.of(PURPOSE.holderPhone, normalized);
}

/** A holder's data as visa_holders stores it: sealed, with the indexes of its phone number and e-mail. */
export interface SealedHolderData {
  holderCiphertext: string;
  keyVersion: number;
  phoneIndex: string | null;
  emailIndex: string | null;
}

export function sealHolderData(crypto: Pick<Crypto, 'cipher' | 'blindIndex'>, holder: VisaHolderData): SealedHolderData {
  return {
    holderCiphertext: crypto.cipher.encrypt(JSON.stringify(holder), PURPOSE.visaHolder),
    keyVersion: crypto.cipher.keyVersion,
    phoneIndex: phoneIndexOf(crypto, holder.phoneNumber),
    emailIndex: emailIndexOf(crypto, holder.email),
  };
}

/** A replacement's address as card_replacements stores it: sealed, with its index. */
export function sealReplacementEmail(crypto: Pick<Crypto, 'cipher' | 'blindIndex'>, email: string): { email_ciphertext: string; email_index: string | null } {
  return { email_ciphertext: crypto.cipher.encrypt(email, PURPOSE.replacementEmail), email_index: emailIndexOf(crypto, email) };
}
