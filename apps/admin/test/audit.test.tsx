import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPage } from './renderAdmin';

const rows = () => within(screen.getByRole('grid', { name: 'Audit events' })).getAllByRole('row').slice(1);

describe('the audit trail', () => {
  it('lists events newest first and loads the next page with the cursor', async () => {
    const { api, user } = await openPage('/admin/audit', 'Audit trail');
    await screen.findByRole('grid', { name: 'Audit events' });
    expect(rows().map((row) => row.textContent)).toEqual([expect.stringMatching(/event 3$/), expect.stringMatching(/event 2$/)]);
    expect(rows()[0]!.textContent).toContain('support@demo.test');
    expect(within(rows()[0]!).getByRole('link', { name: 'card_demo_0101' }).getAttribute('href')).toBe('/admin/cards/card_demo_0101');
    // A long id shows its end; the link's name is the whole id.
    expect(within(rows()[0]!).getByRole('link', { name: 'card_demo_0101' }).textContent).toBe('…emo_0101');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(api.callsTo('GET', '/admin/api/audit').at(-1)!.query.get('cursor')).toBe('audit-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('filters by brand, card id and staff e-mail', async () => {
    const { api, user } = await openPage('/admin/audit', 'Audit trail');
    await user.click(screen.getByRole('button', { name: /Brand/ }));
    await user.click(await screen.findByRole('option', { name: 'Demo (DEMO)' }));
    await user.type(screen.getByRole('textbox', { name: 'Card id' }), 'card_demo_0101');
    await user.type(screen.getByRole('textbox', { name: 'Staff e-mail' }), 'support@demo.test');
    await user.click(screen.getByRole('button', { name: 'Show events' }));
    await waitFor(() => expect(api.callsTo('GET', '/admin/api/audit')).toHaveLength(2));
    const query = api.callsTo('GET', '/admin/api/audit')[1]!.query;
    expect(Object.fromEntries(query)).toEqual({ brand: 'DEMO', card: 'card_demo_0101', staff: 'support@demo.test' });
  });
});
