import { describe, expect, it } from 'vitest';
import { FLOW_CODES, appPaths, balanceRoutes, flowRoutes, flowScreens, flowSegments, identifyRoutes, payoutRoutes, visaRoutes } from '../src/index.js';

describe('flow route tables', () => {
  it('build each link from the flow segment and the pattern, the slug URI-encoded', () => {
    expect(balanceRoutes.start.path('demo')).toBe('/demo/balance');
    expect(balanceRoutes.amount.path('a b/c')).toBe('/a%20b%2Fc/balance/amount');
    expect(payoutRoutes.insufficientBalance.path('demo')).toBe('/demo/payout/unsufficientbalance');
    expect(visaRoutes.accountResetOtc.path('demo')).toBe('/demo/visa/account/reset/otc');
    expect(identifyRoutes.callback.path('demo')).toBe('/demo/identify/callback');
  });

  it('link a wildcard pattern to the screen itself', () => {
    expect(balanceRoutes.embed.pattern).toBe('embed/balance/*');
    expect(balanceRoutes.embed.path('demo')).toBe('/demo/balance/embed/balance');
  });

  it('keep patterns relative and unique within a flow, with a start at the area itself', () => {
    for (const [flow, table] of Object.entries(flowScreens)) {
      const patterns = Object.values(table).map((route) => route.pattern);
      expect(new Set(patterns).size, flow).toBe(patterns.length);
      expect(table.start?.pattern, flow).toBe('');
      for (const pattern of patterns) expect(pattern, flow).not.toMatch(/^\/|\/$/);
    }
  });

  it('have a table for every flow, each link under its own segment', () => {
    expect(Object.keys(flowScreens).sort()).toEqual([...FLOW_CODES].sort());
    for (const code of FLOW_CODES) {
      for (const route of Object.values(flowScreens[code])) expect(route.path('x')).toMatch(new RegExp(`^/x/${flowSegments[code]}(/|$)`));
    }
  });

  it('flowRoutes types a table from its patterns', () => {
    const table = flowRoutes('area', { start: '', next: 'next' });
    expect(table.next.pattern satisfies 'next').toBe('next');
    expect(table.start.path('s')).toBe('/s/area');
    // @ts-expect-error: a screen the table does not declare
    expect(table.other).toBeUndefined();
  });

  it('names the paths outside the flow areas: the demo home and the bank return the server redirects to', () => {
    expect(appPaths).toEqual({ home: '/', callback: '/callback' });
  });
});
