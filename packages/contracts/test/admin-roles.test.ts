import { describe, expect, it } from 'vitest';
import { brandsFor, grantAllows, grantFor, type StaffGrant } from '../src/admin/index.js';

describe('staff roles per brand', () => {
  const support: StaffGrant = { role: 'support', brand: 'DEMO' };
  const admin: StaffGrant = { role: 'admin', brand: null };

  it('allows a role its actions on its own brand only, whatever the case of the code', () => {
    expect(grantAllows(support, 'cards.support', 'DEMO')).toBe(true);
    expect(grantAllows(support, 'cards.support', 'demo')).toBe(true);
    expect(grantAllows(support, 'cards.support', 'ACME')).toBe(false);
    expect(grantAllows(support, 'adjustments.decide', 'DEMO')).toBe(false);
  });

  it('gives staff grants only to an admin of all brands', () => {
    expect(grantAllows(admin, 'staff.manage', null)).toBe(true);
    expect(grantAllows({ role: 'admin', brand: 'DEMO' }, 'staff.manage', null)).toBe(false);
    expect(grantAllows({ role: 'admin', brand: 'DEMO' }, 'staff.manage', 'DEMO')).toBe(false);
  });

  it('names the grant that allowed an action, and the brands an action reaches', () => {
    const grants: StaffGrant[] = [{ role: 'brand-admin', brand: 'ACME' }, support];
    expect(grantFor(grants, 'cards.support', 'DEMO')).toBe(support);
    expect(grantFor(grants, 'cards.support', 'ACME')).toBeUndefined();
    expect(brandsFor(grants, 'cards.read')).toEqual(['ACME', 'DEMO']);
    expect(brandsFor(grants, 'brand.manage')).toEqual(['ACME']);
    expect(brandsFor(grants, 'payouts.review')).toEqual([]);
    expect(brandsFor([...grants, admin], 'payouts.review')).toBe('all');
  });
});
