import type { Kysely } from 'kysely';

/**
 * A card bound to an identity session when the session starts (docs/decisions/014, 2026-11-26).
 *
 * The session call may carry the card number, the security code and (PAYOUT) the IBAN. Checked
 * then, they are kept with the session so the customer call needs only the sessionId and the web
 * app stores no card secret in the browser during the bank trip:
 * - `bound_card_id`: the card whose security code the session call proved. Not `card_id`, which
 *   is set when a customer call spends the session (and stays the only "spent" marker).
 * - `bound_secret_id`: the security code's secret row that matched; a security code changed since
 *   (RESET) no longer backs the session.
 * - `bound_iban_ciphertext`: the IBAN, encrypted (purpose identity-iban).
 * All null for a session started without the card (the spec's fields then come with the customer call).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('identity_sessions').addColumn('bound_card_id', 'text', (c) => c.references('cards.id')).execute();
  await db.schema.alterTable('identity_sessions').addColumn('bound_secret_id', 'text', (c) => c.references('card_secrets.id')).execute();
  await db.schema.alterTable('identity_sessions').addColumn('bound_iban_ciphertext', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('identity_sessions').dropColumn('bound_iban_ciphertext').execute();
  await db.schema.alterTable('identity_sessions').dropColumn('bound_secret_id').execute();
  await db.schema.alterTable('identity_sessions').dropColumn('bound_card_id').execute();
}
