import { type Kysely, sql } from 'kysely';
import { isPostgres } from './steps.js';

/**
 * The audit trail says who acted (docs/decisions/029): `actor` (a staff e-mail, `cardholder`,
 * `api:<key name>`, `operator`, `operator:<name>` or `system:<what>`), the staff grant used
 * (`actor_grant`, `support:DEMO`, `admin:*`), the request it came from (`request_id`), and for a
 * change of money the balance before and after (`amount_before`, `amount_after`, minor units).
 * All nullable: events written before, and by the previous release's replicas during a rollout,
 * have none (migrations only add to the schema: docs/deployment.md#upgrades).
 *
 * On PostgreSQL the table also refuses UPDATE and DELETE, so no code path can edit or remove an
 * event, unless the transaction says it is the retention prune (`SET LOCAL tessera.audit_prune =
 * 'on'`, which ends with its transaction). SQLite has no such guard: it is the single-process
 * demo and test database, where the application is the only writer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_events').addColumn('actor', 'text').execute();
  await db.schema.alterTable('audit_events').addColumn('actor_grant', 'text').execute();
  await db.schema.alterTable('audit_events').addColumn('request_id', 'text').execute();
  await db.schema.alterTable('audit_events').addColumn('amount_before', 'integer').execute();
  await db.schema.alterTable('audit_events').addColumn('amount_after', 'integer').execute();
  if (!isPostgres(db)) return;
  // current_setting(..., true) answers NULL for a setting never made, instead of failing.
  await sql`
    CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' AND coalesce(current_setting('tessera.audit_prune', true), '') = 'on' THEN
        RETURN OLD;
      END IF;
      RAISE EXCEPTION 'audit events are never changed (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS audit_events_append_only ON audit_events`.execute(db);
    await sql`DROP FUNCTION IF EXISTS audit_events_append_only()`.execute(db);
  }
  for (const column of ['amount_after', 'amount_before', 'request_id', 'actor_grant', 'actor']) {
    await db.schema.alterTable('audit_events').dropColumn(column).execute();
  }
}
