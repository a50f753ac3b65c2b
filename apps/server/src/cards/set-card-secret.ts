import { randomUUID } from 'node:crypto';
import type { Crypto } from '../crypto/index.js';
import { replaceSecret } from '../db/repositories/card-secrets.js';
import type { Executor } from '../db/repositories/executor.js';
import type { CardSecretsTable } from '../db/schema.js';

export interface NewCardSecret {
  cardId: string;
  kind: CardSecretsTable['kind'];
  /** The secret in the clear; only its peppered hash is stored. */
  value: string;
  at: string;
  /** One-time codes only: what they serve, how many tries they have, when they expire. */
  purpose?: string;
  attemptsLeft?: number;
  expiresAt?: string;
}

/**
 * Gives a card a new secret of a kind (security code, passcode, recovery or one-time code), stored
 * as a versioned keyed hash; the card's previous secret of that kind stops working.
 */
export async function setCardSecret(db: Executor, crypto: Crypto, secret: NewCardSecret): Promise<void> {
  const { hash, pepperVersion } = crypto.secrets.hash(secret.cardId, secret.kind, secret.value);
  await replaceSecret(db, {
    id: randomUUID(),
    card_id: secret.cardId,
    kind: secret.kind,
    hash,
    pepper_version: pepperVersion,
    purpose: secret.purpose ?? null,
    attempts_left: secret.attemptsLeft ?? null,
    expires_at: secret.expiresAt ?? null,
    created_at: secret.at,
  });
}
