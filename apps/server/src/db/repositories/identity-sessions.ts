import type { CardRegistrationsTable, IdentitySessionRow, IdentitySessionsTable } from '../schema.js';
import type { Executor } from './executor.js';

type BoundCard = Pick<IdentitySessionsTable, 'bound_card_id' | 'bound_secret_id' | 'bound_iban_ciphertext'>;

/** A session as the session call writes it; the bound card (and IBAN) only when it was given them. */
export type NewIdentitySession = Omit<
  IdentitySessionsTable,
  'status' | 'error' | 'session_id_hash' | 'identity_ciphertext' | 'subject_hash' | 'card_id' | 'returned_at' | 'used_at' | keyof BoundCard
> &
  Partial<BoundCard>;

export async function insertIdentitySession(db: Executor, session: NewIdentitySession): Promise<void> {
  await db
    .insertInto('identity_sessions')
    .values({
      bound_card_id: null,
      bound_secret_id: null,
      bound_iban_ciphertext: null,
      ...session,
      status: 'started',
      error: null,
      session_id_hash: null,
      identity_ciphertext: null,
      subject_hash: null,
      card_id: null,
      returned_at: null,
      used_at: null,
    })
    .execute();
}

/** By the state's blind index under any configured index key version (BlindIndex.candidates). */
export async function findIdentitySessionByStateHash(db: Executor, stateHashes: readonly string[]): Promise<IdentitySessionRow | undefined> {
  return db.selectFrom('identity_sessions').selectAll().where('oidc_state_hash', 'in', stateHashes).executeTakeFirst();
}

/** By the sessionId's blind index under any configured index key version. */
export async function findIdentitySessionBySessionIdHash(db: Executor, sessionIdHashes: readonly string[]): Promise<IdentitySessionRow | undefined> {
  return db.selectFrom('identity_sessions').selectAll().where('session_id_hash', 'in', sessionIdHashes).executeTakeFirst();
}

/**
 * Records the provider's answer on a started session; answers whether this call did (a return is
 * taken once, even when the browser sends it twice at the same time).
 */
export async function completeIdentitySession(
  db: Executor,
  id: string,
  outcome: Pick<IdentitySessionsTable, 'status' | 'error' | 'session_id_hash' | 'identity_ciphertext' | 'subject_hash' | 'returned_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('identity_sessions')
    .set(outcome)
    .where('id', '=', id)
    .where('status', '=', 'started')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spends a returned session for a card; answers whether this call did (a session works once). */
export async function spendIdentitySession(db: Executor, id: string, cardId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('identity_sessions')
    .set({ card_id: cardId, used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sessions whose 10 minutes are long over carry nothing anyone may use: they go. */
export async function deleteExpiredIdentitySessions(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('identity_sessions').where('expires_at', '<', before).where('used_at', 'is', null).execute();
}

export async function insertCardRegistration(db: Executor, registration: CardRegistrationsTable): Promise<void> {
  await db.insertInto('card_registrations').values(registration).execute();
}

export async function findCardRegistration(db: Executor, cardId: string): Promise<CardRegistrationsTable | undefined> {
  return db.selectFrom('card_registrations').selectAll().where('card_id', '=', cardId).executeTakeFirst();
}

/**
 * Empties sessions started before `before` of what the bank told us (the verified identity, the
 * IBAN): a payout or registration still names its session, so the row stays. Answers how many
 * sessions held any.
 */
export async function eraseIdentityDataBefore(db: Executor, before: string): Promise<number> {
  const result = await db
    .updateTable('identity_sessions')
    .set({ identity_ciphertext: null, bound_iban_ciphertext: null })
    .where('created_at', '<', before)
    .where((eb) => eb.or([eb('identity_ciphertext', 'is not', null), eb('bound_iban_ciphertext', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
