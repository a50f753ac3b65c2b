import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_CARD_NUMBER, SUPPORT_DEMO, fakeAdminApi } from './fakeAdminApi';
import { expectNoAxeViolations, openPage } from './renderAdmin';

async function openSearch() {
  const { api, user } = await openPage('/admin/', 'Find a card');
  return { api, user };
}

/** Searches with the radio `by` chosen and `text` typed into the field of the same name. */
async function searchBy(user: Awaited<ReturnType<typeof openSearch>>['user'], by: string, text: string) {
  await user.click(screen.getByRole('radio', { name: by }));
  await user.type(screen.getByRole('textbox', { name: by }), text);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

const resultRows = async () => {
  const table = await screen.findByRole('grid', { name: 'Cards found' });
  return within(table).getAllByRole('row').slice(1);
};

describe('finding a card', () => {
  it('finds a card by its full number, lists it masked and links to its page, and keeps the number out of the URL', async () => {
    const { api, user } = await openSearch();
    await user.type(screen.getByRole('textbox', { name: 'Full card number' }), DEMO_CARD_NUMBER);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const [row] = await resultRows();
    expect(row!.textContent).toContain('•••• •••• •••• 0101');
    expect(row!.textContent).toContain('DEMO');
    expect(row!.textContent).toContain('Visa card');
    expect(row!.textContent).toContain('€25.00');
    expect(within(row!).getByRole('link').getAttribute('href')).toBe('/admin/cards/card_demo_0101');
    expect(api.callsTo('POST', '/admin/api/cards/search')[0]!.body).toEqual({ number: '4000001234560101' });
    expect(window.location.href).not.toContain('0101');
    expect(document.body.textContent).not.toContain('4000001234560101');
    expect(screen.getByText('Cards found: 1').getAttribute('role')).toBe('status');
    await expectNoAxeViolations();
  });

  it('finds cards by brand and last digits, the brand chosen from the caller’s brands', async () => {
    const { api, user } = await openSearch();
    await user.click(screen.getByRole('radio', { name: 'Brand and last digits' }));
    await user.click(screen.getByRole('button', { name: /Brand/ }));
    await user.click(await screen.findByRole('option', { name: 'Acme (ACME)' }));
    await user.type(screen.getByRole('textbox', { name: 'Last 3 or 4 digits' }), '7777');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const [row] = await resultRows();
    expect(row!.textContent).toContain('7777');
    expect(row!.textContent).toContain('Gift card');
    expect(api.callsTo('POST', '/admin/api/cards/search')[0]!.body).toEqual({ brand: 'ACME', last: '7777' });
  });

  it('finds a card by phone number and by e-mail address', async () => {
    const { api, user } = await openSearch();
    await searchBy(user, 'Phone number', '+31 6 12345601');
    expect(await resultRows()).toHaveLength(1);
    await searchBy(user, 'E-mail address', 'Holder@Example.com');
    const bodies = api.callsTo('POST', '/admin/api/cards/search').map((call) => call.body);
    expect(bodies).toEqual([{ phone: '+31 6 12345601' }, { email: 'holder@example.com' }]);
  });

  it('says so when no card is found', async () => {
    const { user } = await openSearch();
    await searchBy(user, 'E-mail address', 'nobody@example.com');
    expect(await screen.findByText(/No card found/)).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('chooses the brand for staff of one brand, and names the choice in the person’s language otherwise', async () => {
    const { user } = await openSearch();
    await user.click(screen.getByRole('radio', { name: 'Brand and last digits' }));
    // Two brands: nothing chosen yet, and the placeholder is ours, not React Aria's "Select an item".
    expect(screen.getByRole('button', { name: /Brand/ }).textContent).toContain('Choose…');
  });

  it('searches by last digits at once for staff of one brand: their brand is chosen', async () => {
    const { api, user } = await openPage('/admin/', 'Find a card', fakeAdminApi({ me: SUPPORT_DEMO }));
    await user.click(screen.getByRole('radio', { name: 'Brand and last digits' }));
    expect(await screen.findByRole('button', { name: /Demo \(DEMO\).*Brand/ })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Last 3 or 4 digits' }), '0101');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await resultRows();
    expect(api.callsTo('POST', '/admin/api/cards/search')[0]!.body).toEqual({ brand: 'DEMO', last: '0101' });
  });

  it('refuses what the contract refuses before asking the server, and ties the message to the field', async () => {
    const { api, user } = await openSearch();
    await user.click(screen.getByRole('radio', { name: 'Brand and last digits' }));
    await user.type(screen.getByRole('textbox', { name: 'Last 3 or 4 digits' }), '12');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const field = screen.getByRole('textbox', { name: 'Last 3 or 4 digits' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('Enter 3 or 4 digits.');
    expect(api.callsTo('POST', '/admin/api/cards/search')).toHaveLength(0);
  });

  it('sorts the results by a column header, one way and then the other', async () => {
    const { user } = await openSearch();
    await searchBy(user, 'E-mail address', 'holder@example.com');
    expect(await resultRows()).toHaveLength(2);
    const balance = screen.getByRole('columnheader', { name: /Balance/ });
    await user.click(balance);
    expect(balance.getAttribute('aria-sort')).toBe('ascending');
    expect((await resultRows()).map((row) => row.textContent?.includes('7777'))).toEqual([true, false]);
    await user.click(balance);
    expect(balance.getAttribute('aria-sort')).toBe('descending');
    expect((await resultRows()).map((row) => row.textContent?.includes('0101'))).toEqual([true, false]);
  });
});
