import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readCardForStaff } from '../src/back-office/cards/read-card.js';
import { searchCards } from '../src/back-office/cards/search-cards.js';
import type { StaffActor } from '../src/card-commands/actor.js';
import { issueCard } from '../src/cards/issue-card.js';
import { expireBalances } from '../src/operator/expire-balances.js';
import { cardRow, useFlowTestApp } from './helpers/flows.js';

// Whether a card has expired is decided on the Amsterdam day (docs/decisions/041), as the reports
// count days, whatever the zone the server runs in (UTC in the container image): at 23:30 UTC in
// winter it is 00:30 the next day in Amsterdam, at 22:30 UTC in summer too.

const { t } = useFlowTestApp();
const support: StaffActor = { kind: 'staff', email: 'support@demo.test', grant: { role: 'support', brand: 'DEMO' }, client: '203.0.113.0/24', requestId: 'req-expiry' };
const at = (iso: string) => ({ ...t.deps, now: () => new Date(iso) });

async function giftCard(last3: string, expiresAt: string, balance: number) {
  const { brand_id: brandId } = await cardRow(t, 'GIFT_BALANCE');
  return issueCard(
    t.db,
    t.deps.crypto,
    { brandId, kind: 'giftcard', cardNumber: `6064 8100 0000 0000 ${last3}`, state: 'active', assetCode: 'EUR', expiresAt, load: { amount: balance, reference: `expiry-day-${randomUUID()}` } },
    '2024-01-01T00:00:00.000Z',
  );
}

describe('a card expiring around Amsterdam midnight', () => {
  it('is active in the back office through the last Amsterdam day and expired from the first minute after it, winter and summer', async () => {
    const winter = await giftCard('971', '2026-11-21', 500);
    const state = async (id: string, now: string) => (await readCardForStaff(at(now), { brands: ['DEMO'] }, support, id)).state;
    expect(await state(winter, '2026-11-21T22:30:00.000Z')).toBe('active'); // 23:30 in Amsterdam
    expect(await state(winter, '2026-11-21T23:30:00.000Z')).toBe('expired'); // 00:30 the next day in Amsterdam, still the 21st in UTC
    const summer = await giftCard('972', '2026-06-30', 500);
    expect(await state(summer, '2026-06-30T21:30:00.000Z')).toBe('active'); // 23:30 CEST
    expect(await state(summer, '2026-06-30T22:30:00.000Z')).toBe('expired'); // 00:30 CEST
    // The search's list decides the same way.
    const listed = async (now: string) => (await searchCards(at(now), { brands: ['DEMO'] }, { brand: 'DEMO', last: '971' })).cards.map((c) => c.state);
    expect(await listed('2026-11-21T22:30:00.000Z')).toEqual(['active']);
    expect(await listed('2026-11-21T23:30:00.000Z')).toEqual(['expired']);
  });

  it('loses its balance (tessera cards expire-balances) once its grace period ends on the Amsterdam day, not the UTC one', async () => {
    // 2025-11-21 plus the 365 days of grace: through 2026-11-21, Amsterdam time.
    await giftCard('973', '2025-11-21', 700);
    const expiring = async (now: string) =>
      (await expireBalances(at(now), { dryRun: true })).expired.filter((e) => e.card.endsWith('973')).map((e) => [e.expiresAt, e.amount]);
    expect(await expiring('2026-11-21T22:30:00.000Z')).toEqual([]);
    expect(await expiring('2026-11-21T23:30:00.000Z')).toEqual([['2025-11-21', 700]]);
    const booked = await expireBalances(at('2026-11-21T23:30:00.000Z'), { dryRun: false });
    expect(booked.expired.filter((e) => e.card.endsWith('973')).map((e) => e.amount)).toEqual([700]);
  });
});
