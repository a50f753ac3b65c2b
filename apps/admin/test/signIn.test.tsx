import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, fakeAdminApi } from './fakeAdminApi';
import { expectNoAxeViolations, findPageHeading, renderAdmin, openPage } from './renderAdmin';

describe('the sign-in gate', () => {
  it('asks who is signed in and, with no session, offers the sign-in that returns to the page asked for', async () => {
    const api = fakeAdminApi({ me: null });
    renderAdmin('/admin/audit', api);
    await findPageHeading('Sign in');
    expect(api.callsTo('GET', '/admin/api/me')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/admin/auth/login?returnTo=%2Fadmin%2Faudit');
    await expectNoAxeViolations();
  });

  it('shows the pages, the e-mail and the navigation once signed in', async () => {
    renderAdmin('/admin/', fakeAdminApi({ me: ADMIN }));
    await findPageHeading('Find a card');
    expect(screen.getByRole('banner').textContent).toContain('admin@tessera.test');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.textContent).toContain('Find a card');
    expect(nav.textContent).toContain('Audit trail');
    expect(screen.getByRole('link', { name: 'Find a card' }).getAttribute('aria-current')).toBe('page');
  });

  it('sends a person whose session ended while idle back to sign in, returning to the page they were on', async () => {
    const { api, user } = await openPage('/admin/audit', 'Audit trail', fakeAdminApi({ me: ADMIN }));
    api.expireSession();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await findPageHeading('Sign in');
    screen.getByText(/Your session has ended/);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/admin/auth/login?returnTo=%2Fadmin%2Faudit');
  });

  it('signs out with a same-origin POST and shows the signed-out page', async () => {
    const { api, user } = await openPage('/admin/', 'Find a card', fakeAdminApi({ me: ADMIN }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await findPageHeading('You have signed out');
    expect(api.callsTo('POST', '/admin/auth/logout')).toEqual([expect.objectContaining({ credentials: 'same-origin' })]);
    expect(window.location.pathname).toBe('/admin/signed-out');
    await expectNoAxeViolations();
  });

  it('answers a path of no page with the not-found page, inside the layout', async () => {
    renderAdmin('/admin/no-such-page', fakeAdminApi());
    await findPageHeading('Page not found');
    screen.getByRole('navigation', { name: 'Main' });
    await expectNoAxeViolations();
  });

  it('moves focus to the new page’s h1 after a navigation', async () => {
    const { user } = await openPage('/admin/', 'Find a card');
    await user.click(screen.getByRole('link', { name: 'Audit trail' }));
    const heading = await findPageHeading('Audit trail');
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
