import type { Kysely } from 'kysely';

/**
 * REPLACE: one row per replaced gift card. It ties the old card to the card that replaced it and
 * keeps the address the new card was e-mailed to (encrypted: personal data), so a repeat of the
 * call (idempotent) answers what the first one did without sending anything again. The primary
 * key on the old card is the last guard against replacing one card twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('card_replacements')
    .addColumn('old_card_id', 'text', (c) => c.primaryKey().references('cards.id'))
    .addColumn('new_card_id', 'text', (c) => c.notNull().unique().references('cards.id'))
    // AES-256-GCM like every other personal datum; the ciphertext names its key version.
    .addColumn('email_ciphertext', 'text', (c) => c.notNull())
    // The language the e-mail was written in (nl, en).
    .addColumn('culture', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('card_replacements').execute();
}
