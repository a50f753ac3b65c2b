import type { CardSecretRow, CardSecretsTable } from '../schema.js';
import type { Executor } from './executor.js';

/** The secret of a kind that is currently valid (not used, not replaced, not expired). */
export async function findCurrentSecret(
  db: Executor,
  cardId: string,
  kind: CardSecretsTable['kind'],
  now: string,
): Promise<CardSecretRow | undefined> {
  return db
    .selectFrom('card_secrets')
    .selectAll()
    .where('card_id', '=', cardId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Stores a new secret of a kind; the previous one stops working (marked used). */
export async function replaceSecret(
  db: Executor,
  secret: Omit<CardSecretRow, 'used_at'>,
): Promise<void> {
  await db
    .updateTable('card_secrets')
    .set({ used_at: secret.created_at })
    .where('card_id', '=', secret.card_id)
    .where('kind', '=', secret.kind)
    .where('used_at', 'is', null)
    .execute();
  await db.insertInto('card_secrets').values({ ...secret, used_at: null }).execute();
}

export async function markSecretUsed(db: Executor, secretId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('card_secrets')
    .set({ used_at: now })
    .where('id', '=', secretId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
