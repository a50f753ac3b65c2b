import { screen, waitFor, within } from '@testing-library/react';
import { AUDIT_OUTCOMES, AUDIT_TYPES } from '@tessera/contracts/admin';
import { describe, expect, it } from 'vitest';
import en from '../src/locales/en.json';
import nl from '../src/locales/nl.json';
import { expectNoAxeViolations, findPageHeading, openPage } from './renderAdmin';

const rows = (name = 'Audit events') => within(screen.getByRole('grid', { name })).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('the audit trail', () => {
  it('has a text in Dutch and English for every kind of event the server writes and every outcome it names', () => {
    for (const texts of [en, nl] as Record<string, string>[]) {
      expect(AUDIT_TYPES.filter((type) => !(`audit.type.${type}` in texts))).toEqual([]);
      expect(AUDIT_OUTCOMES.filter((outcome) => !(`audit.outcome.${outcome}` in texts))).toEqual([]);
    }
  });

  it('shows the action and its outcome in the reader’s language, free text as written', async () => {
    const { user } = await openPage('/admin/audit', 'Audit trail');
    await screen.findByRole('grid', { name: 'Audit events' });
    expect(cells(rows()[0]!).slice(2)).toEqual(['Block card', 'DEMO', '…emo_0101', 'blocked: event 3']);
    await user.click(screen.getByRole('radio', { name: 'Nederlands' }));
    await findPageHeading('Audittrail');
    expect(cells(rows('Auditgebeurtenissen')[0]!).slice(2)).toEqual(['Kaart blokkeren', 'DEMO', '…emo_0101', 'geblokkeerd: event 3']);
    await expectNoAxeViolations();
  });

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
    // A type and outcome this app has no text for show as the server sent them.
    expect(cells(rows()[2]!).slice(1, 3)).toEqual(['—', 'card.frozen']);
    expect(cells(rows()[2]!).at(-1)).toBe('404 CARD_NOT_FOUND');
    expect(api.callsTo('GET', '/admin/api/audit').at(-1)!.query.get('cursor')).toBe('audit-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens from a card page filtered by the card: who opened it, which its timeline leaves out', async () => {
    const { api, user } = await openPage('/admin/cards/card_demo_0101', /Card of DEMO/);
    await user.click(screen.getByRole('link', { name: 'Who opened this card: its audit trail' }));
    await findPageHeading('Audit trail');
    await screen.findByRole('grid', { name: 'Audit events' });
    expect(Object.fromEntries(api.callsTo('GET', '/admin/api/audit')[0]!.query)).toEqual({ card: 'card_demo_0101' });
    expect((screen.getByRole('textbox', { name: 'Card id' }) as HTMLInputElement).value).toBe('card_demo_0101');
    await expectNoAxeViolations();
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
