import { expect } from 'vitest';
import { startStaffSession } from '../../src/back-office/sessions.js';
import { sandboxPage, TestBrowser } from './sandbox-browser.js';
import type { TestApp } from './test-app.js';

/** A session of this staff member made directly (no provider): the cookie header the API wants. */
export async function staffCookie(t: TestApp, email: string): Promise<string> {
  const id = await startStaffSession(t.deps, { email, amr: ['pwd', 'otp'], userAgent: 'test' });
  return `tessera_staff=${id}`;
}

/**
 * A staff member at the sandbox staff provider's page, reached from the back office's login with
 * a browser: the browser, the page and the button of each way of signing in.
 */
export async function atTheStaffProvider(base: string, returnTo = '/admin/cards') {
  const browser = new TestBrowser(base);
  const { response } = await browser.follow(`${base}/admin/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const page = sandboxPage(html, base);
  /** The form value of the button whose accessible name starts with `name`. */
  const button = (name: string) => {
    const found = page.buttons.find((b) => b.name.startsWith(name));
    expect(found, `a button "${name}…"`).toBeDefined();
    return found!;
  };
  return { browser, html, page, headers: response.headers, button };
}

/** Picks a button on the provider's page and stops at the back office's callback (not yet requested). */
export async function toTheCallback(at: Awaited<ReturnType<typeof atTheStaffProvider>>, buttonName: string): Promise<URL> {
  const b = at.button(buttonName);
  const { next, response } = await at.browser.follow(at.page.action!, { form: { [b.field]: b.value } }, (location) => location.pathname === '/admin/auth/callback');
  expect(next, `expected a redirect to the callback, got ${response.status}`).toBeDefined();
  return next!;
}

/** The session cookie a callback's answer sets, as `name=value`, or undefined. */
export function sessionCookieOf(response: Response): string | undefined {
  const header = response.headers.getSetCookie().find((c) => /^(__Host-)?tessera_staff=[^;]+/.test(c));
  return header?.split(';')[0];
}
