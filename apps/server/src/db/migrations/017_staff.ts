import { type Kysely, sql } from 'kysely';
import { createTableKeyedBy, createTableWithId, dropTables } from './table-steps.js';

/**
 * The back office's staff (docs/decisions/030):
 * - `staff_grants`: a role for an e-mail address (lower case) on one brand, or on all brands when
 *   `brand_id` is null. One grant per (email, role, brand): two partial unique indexes, since a
 *   unique index treats nulls as distinct on both databases.
 * - `staff_sessions`: signed-in staff. The session id is never stored: `id_hash` is its keyed hash
 *   (blind index, purpose staff-session), as the identity and PIN frame sessions are kept.
 * - `staff_logins`: a sign-in under way at the identity provider, found by the keyed hash of its
 *   OpenID Connect state and bound to the browser that started it by the keyed hash of a
 *   short-lived cookie; nonce, PKCE verifier and return path encrypted. In the database so any
 *   replica finishes a login another replica started.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'staff_grants')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('support', 'finance', 'brand-admin', 'admin')`))
    .addColumn('brand_id', 'text', (c) => c.references('brands.id'))
    .addColumn('granted_by', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_grants_brand_uq').on('staff_grants').columns(['email', 'role', 'brand_id']).unique().where(sql.ref('brand_id'), 'is not', null).execute();
  await db.schema.createIndex('staff_grants_all_brands_uq').on('staff_grants').columns(['email', 'role']).unique().where(sql.ref('brand_id'), 'is', null).execute();

  await createTableKeyedBy(db, 'staff_sessions', 'id_hash')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    // 12 hours after sign-in; the 15 minutes without a call are last_seen_at's.
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    // The provider's `amr`, comma-separated (empty when it sent none).
    .addColumn('amr', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('staff_sessions_email_idx').on('staff_sessions').column('email').execute();
  await db.schema.createIndex('staff_sessions_expires_idx').on('staff_sessions').column('expires_at').execute();

  await createTableKeyedBy(db, 'staff_logins', 'state_hash')
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('request_ciphertext', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_logins_expires_idx').on('staff_logins').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['staff_logins', 'staff_sessions', 'staff_grants']);
}
