import type { Kysely } from 'kysely';

/**
 * `pin_frame_keys.frame_session_hash`: the keyed hash (index key, purpose `pin-frame-session`)
 * of the frame session the key's first page load opened (docs/decisions/017). The PIN read must
 * bring that session's cookie, so a key read off the portal is no use to anyone who did not load
 * the frame page with it first. Null until the page is loaded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pin_frame_keys').addColumn('frame_session_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pin_frame_keys').dropColumn('frame_session_hash').execute();
}
