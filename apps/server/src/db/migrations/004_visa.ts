import { type Kysely, sql } from 'kysely';
import { createTableKeyedBy } from './table-steps.js';

/**
 * VISA: the one-time keys of the PIN frame (docs/product/visa.md#pin). getPin issues a key valid
 * for 60 seconds; the frame spends it once to read the PIN. Only a keyed hash of the key is stored
 * (HMAC with the index key, like card numbers' blind index), so a database dump hands out no key.
 * One-time SMS codes need no table of their own: they are card_secrets of kind one_time_code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // key_hash: HMAC-SHA-256 of the key (base64url), looked up by it, never the key itself.
  await createTableKeyedBy(db, 'pin_frame_keys', 'key_hash')
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id').onDelete('cascade'))
    // The id the portal's view-pin message must carry: a key alone does not reveal the PIN.
    .addColumn('control_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('pin_frame_keys_expiry_check', sql`expires_at > created_at`)
    .execute();
  await db.schema.createIndex('pin_frame_keys_expiry_idx').on('pin_frame_keys').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pin_frame_keys').execute();
}
