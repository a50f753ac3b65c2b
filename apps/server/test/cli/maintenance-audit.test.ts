import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { recordAuditEvent } from '../../src/db/repositories/audit.js';
import { useCliTest } from './support.js';

// The audit trail's retention prune: `maintenance prune` deletes audit events only when told an
// age (--audit-days); by default it keeps every one. On PostgreSQL the table refuses DELETE
// except inside this prune (migration 016), so running this file there tests that too.

const c = useCliTest();
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const exists = async (id: string) => (await c.t.db.selectFrom('audit_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
const staffEvent = async (days: number) => {
  const id = randomUUID();
  await recordAuditEvent(c.t.db, { id, type: 'staff.card_open', outcome: 'opened', actor: 'support@demo.test', actorGrant: 'support:DEMO', detail: null }, daysAgo(days));
  return id;
};

describe('tessera maintenance prune and the audit trail', () => {
  it('keeps every audit event without --audit-days, however old', async () => {
    const ancient = await staffEvent(20 * 365);
    const res = await c.cli('maintenance', 'prune', '--json');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ auditEvents: null });
    expect(await exists(ancient)).toBe(true);
  });

  it('with --audit-days deletes the events older than that, keeps the rest, and records how many went in its own event', async () => {
    const old = await staffEvent(400);
    const recent = await staffEvent(10);
    const olderThan = Number((await c.t.db.selectFrom('audit_events').select((eb) => eb.fn.countAll().as('n')).where('occurred_at', '<', daysAgo(365)).executeTakeFirstOrThrow()).n);

    const dry = await c.cli('maintenance', 'prune', '--audit-days', '365', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`Would delete ${olderThan} audit events older than 365 days.`);
    expect(await exists(old)).toBe(true);

    const res = await c.cli('maintenance', 'prune', '--audit-days', '365', '--json', '--by', 'ops.kim');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ dryRun: false, auditEvents: olderThan });
    expect(await exists(old)).toBe(false);
    expect(await exists(recent)).toBe(true);
    const record = await c.t.db.selectFrom('audit_events').select(['actor', 'detail']).where('type', '=', 'maintenance.prune').orderBy('occurred_at', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(JSON.parse(record.detail!)).toMatchObject({ auditEvents: olderThan, ages: { auditEvents: 365 } });
    expect(record.actor).toMatch(/ops\.kim/);

    // Nothing more the second time.
    expect(JSON.parse((await c.cli('maintenance', 'prune', '--audit-days', '365', '--json')).stdout)).toMatchObject({ auditEvents: 0 });
  });

  it('refuses a malformed --audit-days', async () => {
    for (const value of ['0', 'x', '3651']) {
      const res = await c.cli('maintenance', 'prune', '--audit-days', value);
      expect(res.code).not.toBe(0);
      expect(res.stderr).toContain('--audit-days takes a number of days from 1 to 3650');
    }
  });
});
