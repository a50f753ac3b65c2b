import { type Kysely, sql } from 'kysely';
import { createTableWithId, dropTables } from './table-steps.js';

/**
 * Bank identity (iDIN over OpenID Connect) for PAYOUT and IDENTIFY (docs/decisions/014).
 *
 * `identity_sessions`: one row per session call. Started by the session call (the OpenID Connect
 * state is kept only as a keyed hash; the nonce and PKCE verifier encrypted), completed by the
 * return endpoint (verified, cancelled or failed; the verified identity encrypted; the sessionId
 * handed to the browser kept only as a keyed hash), spent once by a customer call, which binds it
 * to the card. Lives 10 minutes from the session call.
 *
 * `card_registrations`: IDENTIFY's result: the card registered to a verified identity, once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'identity_sessions')
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('flow_type', 'text', (c) => c.notNull().check(sql`flow_type in ('PAYOUT', 'IDENTIFY')`))
    .addColumn('provider', 'text', (c) => c.notNull())
    // The iDIN issuer (the bank's BIC) the cardholder chose.
    .addColumn('issuer', 'text', (c) => c.notNull())
    // Exactly PUBLIC_URL + /callback (checked by the session call), and the web app's state key.
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('client_state', 'text', (c) => c.notNull())
    // Blind index (purpose identity-state) of the OpenID Connect `state` sent to the provider.
    .addColumn('oidc_state_hash', 'text', (c) => c.notNull().unique())
    // Encrypted (purpose identity-request) JSON: { nonce, codeVerifier }.
    .addColumn('request_ciphertext', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('started', 'verified', 'cancelled', 'failed')`))
    // The provider's error code when it answered one (access_denied, server_error, …): not secret.
    .addColumn('error', 'text')
    // Blind index (purpose identity-session) of the sessionId handed to the browser on return.
    .addColumn('session_id_hash', 'text', (c) => c.unique())
    // Encrypted (purpose identity) JSON: { name, birthDate, subject, issuer } as the provider verified them.
    .addColumn('identity_ciphertext', 'text')
    // Blind index (purpose identity-subject) of issuer URL + subject: the same person across sessions.
    .addColumn('subject_hash', 'text')
    // Set when a customer call spends the session: the card it was used for.
    .addColumn('card_id', 'text', (c) => c.references('cards.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('returned_at', 'text')
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('identity_sessions_expires_idx').on('identity_sessions').column('expires_at').execute();

  await db.schema
    .createTable('card_registrations')
    .addColumn('card_id', 'text', (c) => c.primaryKey().references('cards.id'))
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('identity_session_id', 'text', (c) => c.notNull().references('identity_sessions.id'))
    .addColumn('subject_hash', 'text', (c) => c.notNull())
    // Encrypted (purpose identity) JSON: { name, birthDate, subject, issuer }.
    .addColumn('identity_ciphertext', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('card_registrations_subject_idx').on('card_registrations').column('subject_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['card_registrations', 'identity_sessions']);
}
