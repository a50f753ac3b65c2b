import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { expect, vi } from 'vitest';
import { AdminApp } from '../src/app/App';
import { createQueryClient } from '../src/app/queryClient';
import type { Language } from '../src/lib/i18n';
import { createNoticeQueue } from '../src/lib/toast';
import type { AdminMe } from '@tessera/contracts/admin';
import { fakeAdminApi, type FakeAdminApi } from './fakeAdminApi';

/** Renders the whole back office at `path` (under /admin) with `fetch` answered by the fake. */
export function renderAdmin(path: string, api: FakeAdminApi, { language = 'en' as Language } = {}) {
  window.history.replaceState(null, '', path);
  vi.stubGlobal('fetch', api.fetch);
  const queryClient = createQueryClient();
  const view = render(<AdminApp queryClient={queryClient} notices={createNoticeQueue()} language={language} />);
  return { ...view, queryClient };
}

/** Waits for the page's one h1 with `name`. */
export const findPageHeading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

/** Clicks the button named `trigger` and waits for the dialog it opens, named `title`. */
export async function openDialog(user: UserEvent, trigger: string, title: string) {
  await user.click(await screen.findByRole('button', { name: trigger }));
  return screen.findByRole('dialog', { name: title });
}

/** The back office opened at `path` for the fake's staff member, once the page's h1 shows: a user to act with. */
export async function openPage(path: string, heading: string | RegExp, api: FakeAdminApi = fakeAdminApi()) {
  const user = userEvent.setup();
  renderAdmin(path, api);
  await findPageHeading(heading);
  return { api, user };
}

/**
 * A page that is not `me`'s: no `link` to it in the main navigation, the not-found page at its
 * `path`, and not one call to `apiPath`, the list the page would read.
 */
export async function expectNoPageFor(me: AdminMe, path: string, link: string, apiPath: string) {
  const api = fakeAdminApi({ me });
  renderAdmin(path, api);
  await findPageHeading('Page not found');
  expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: link })).toBeNull();
  expect(api.callsTo('GET', apiPath)).toHaveLength(0);
}

/**
 * axe-core over the whole document. Colour contrast is left out here only: jsdom lays nothing out
 * and computes no colours, so axe cannot judge it (the stylesheet's colours are chosen for 4.5:1).
 * React Aria's live announcer is left out too: a visually hidden log outside the app whose
 * announcements of one test (naming an element by id) outlive that test's elements in jsdom.
 */
export async function expectNoAxeViolations() {
  const result = await axe.run({ include: [document], exclude: [['[data-live-announcer]']] } as unknown as axe.ElementContext, { rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`)).toEqual([]);
}
