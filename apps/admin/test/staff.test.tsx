import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, SUPPORT_DEMO, fakeAdminApi } from './fakeAdminApi';
import { expectNoAxeViolations, expectNoPageFor, findPageHeading, renderAdmin, openPage, openDialog } from './renderAdmin';

describe('the staff page', () => {
  it('is in the navigation and lists the grants for an admin of all brands', async () => {
    renderAdmin('/admin/staff', fakeAdminApi({ me: ADMIN }));
    await findPageHeading('Staff');
    screen.getByRole('link', { name: 'Staff' });
    const table = await screen.findByRole('grid', { name: 'Grants' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      expect.stringContaining('admin@tessera.testAdminAll brands'),
      expect.stringContaining('support@demo.testSupportDEMO'),
    ]);
    await expectNoAxeViolations();
  });

  it('is absent from the navigation, and not found, for anyone else', () => expectNoPageFor(SUPPORT_DEMO, '/admin/staff', 'Staff', '/admin/api/staff'));

  it('grants a role, checking the e-mail address first', async () => {
    const { api, user } = await openPage('/admin/staff', 'Staff', fakeAdminApi({ me: ADMIN }));
    const email = screen.getByRole('textbox', { name: 'E-mail address' });
    await user.type(email, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Grant role' }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/admin/api/staff/grants')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'New.Person@Demo.test');
    await user.click(screen.getByRole('button', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Finance' }));
    await user.click(screen.getByRole('button', { name: /Brand/ }));
    await user.click(await screen.findByRole('option', { name: 'Demo (DEMO)' }));
    await user.click(screen.getByRole('button', { name: 'Grant role' }));
    await screen.findByText('new.person@demo.test is now Finance of DEMO.');
    expect(api.callsTo('POST', '/admin/api/staff/grants')[0]!.body).toEqual({ email: 'new.person@demo.test', role: 'finance', brand: 'DEMO' });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
  });

  it('revokes a grant after a confirmation that names it', async () => {
    const { api, user } = await openPage('/admin/staff', 'Staff', fakeAdminApi({ me: ADMIN }));
    const dialog = await openDialog(user, 'Revoke Support of DEMO from support@demo.test', 'Revoke this grant?');
    expect(dialog.textContent).toContain('Revoke Support of DEMO from support@demo.test? Their sessions lose this grant at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke grant' }));
    await screen.findByText('support@demo.test is no longer Support of DEMO.');
    expect(api.callsTo('POST', '/admin/api/staff/grants/revoke')[0]!.body).toEqual({ email: 'support@demo.test', role: 'support', brand: 'DEMO' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke Support of DEMO from support@demo.test' })).toBeNull());
  });
});
