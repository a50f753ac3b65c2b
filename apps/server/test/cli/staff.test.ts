import { describe, expect, it } from 'vitest';
import { useCliTest } from './support.js';

const c = useCliTest();

const grantsOf = (email: string) => c.t.db.selectFrom('staff_grants').select(['role', 'brand_id', 'granted_by']).where('email', '=', email).execute();

describe('tessera staff', () => {
  it('grants a role on one brand and on all brands, audited as the operator, and lists them', async () => {
    const one = await c.cli('staff', 'grant', 'Anna@Example.com', 'support', '--brand', 'DEMO', '--by', 'ops.anna');
    expect([one.code, one.stderr]).toEqual([0, '']);
    expect(one.stdout).toBe('Granted support on brand DEMO to anna@example.com.');
    const all = await c.cli('staff', 'grant', 'anna@example.com', 'admin', '--by', 'ops.anna');
    expect(all.stdout).toBe('Granted admin on all brands to anna@example.com.');
    expect((await c.cli('staff', 'grant', 'anna@example.com', 'admin')).stdout).toBe('anna@example.com already has admin on all brands; nothing changed.');
    expect(await grantsOf('anna@example.com')).toHaveLength(2);

    const listed = await c.cli('staff', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^EMAIL\s+ROLE\s+BRAND\s+GRANTED BY\s+GRANTED$/m);
    expect(listed.stdout).toMatch(/^anna@example\.com\s+admin\s+\*\s+operator:ops\.anna\s+\d{4}-/m);
    const json = JSON.parse((await c.cli('staff', 'list', '--json')).stdout) as unknown[];
    expect(json).toContainEqual({ email: 'anna@example.com', role: 'support', brand: 'DEMO', grantedBy: 'operator:ops.anna', grantedAt: expect.any(String) });
    expect(json).toContainEqual(expect.objectContaining({ email: 'support@acme.test', role: 'support', brand: 'ACME' }));

    const audit = await c.t.db.selectFrom('audit_events').select(['type', 'client', 'detail']).where('type', 'like', 'staff.%').where('detail', 'like', 'anna%').orderBy('occurred_at').execute();
    expect(audit).toEqual([
      { type: 'staff.grant', client: 'operator:ops.anna', detail: 'anna@example.com support DEMO' },
      { type: 'staff.grant', client: 'operator:ops.anna', detail: 'anna@example.com admin all brands' },
    ]);
  });

  it('revokes a grant, and refuses to revoke the last admin on all brands', async () => {
    await c.cli('staff', 'grant', 'bob@example.com', 'finance', '--brand', 'ACME');
    const revoked = await c.cli('staff', 'revoke', 'bob@example.com', 'finance', '--brand', 'ACME', '--by', 'ops.anna');
    expect([revoked.code, revoked.stdout]).toEqual([0, 'Revoked finance on brand ACME from bob@example.com.']);
    expect(await grantsOf('bob@example.com')).toEqual([]);
    const again = await c.cli('staff', 'revoke', 'bob@example.com', 'finance', '--brand', 'ACME');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('has no finance grant on brand ACME');

    // Two admins on all brands (the demo's and anna's): the first goes, the last stays.
    expect((await c.cli('staff', 'revoke', 'admin@tessera.test', 'admin')).code).toBe(0);
    const last = await c.cli('staff', 'revoke', 'anna@example.com', 'admin');
    expect(last.code).toBe(1);
    expect(last.stderr).toContain('last admin grant on all brands');
    expect(await grantsOf('anna@example.com')).toContainEqual({ role: 'admin', brand_id: null, granted_by: 'operator:ops.anna' });
  });

  it('refuses an unknown role, a malformed address and an unknown brand', async () => {
    const role = await c.cli('staff', 'grant', 'x@example.com', 'superuser');
    expect(role.code).toBe(2);
    expect(role.stderr).toContain('the role must be one of support, finance, brand-admin, admin');
    expect((await c.cli('staff', 'grant', 'not-an-address', 'support')).code).toBe(2);
    expect((await c.cli('staff', 'grant', 'x@example.com')).code).toBe(2);
    const brand = await c.cli('staff', 'grant', 'x@example.com', 'support', '--brand', 'NOPE');
    expect(brand.code).toBe(1);
    expect(brand.stderr).toContain('No brand with code NOPE exists');
    expect(await grantsOf('x@example.com')).toEqual([]);
  });
});
