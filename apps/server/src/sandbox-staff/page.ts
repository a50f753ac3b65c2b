import { escapeHtml } from '../http/html-page.js';
import { sandboxPage } from '../sandbox-oidc/page.js';

/**
 * The sandbox staff provider's pages: plain HTML and a form POST, no script, its style by hash, a
 * language, headings and one button per way of signing in.
 */

const NOTICE = 'Sandbox: a test identity provider for the back office in demos. Anyone can sign in here as anyone below.';

export interface StaffChoice {
  email: string;
  name: string;
  /** What the person may do, as the grants say: "admin, all brands". */
  grants: string;
}

export function staffSignInPage(action: string, staff: readonly StaffChoice[]): string {
  const people = staff
    .map(
      (person, i) => `<li>
<h2 id="person-${i}">${escapeHtml(person.name)}</h2>
<p>${escapeHtml(person.email)}: ${escapeHtml(person.grants)}</p>
<div class="actions">
<button type="submit" class="approve" name="person" value="${escapeHtml(person.email)} otp">Sign in as ${escapeHtml(person.email)} with a second factor</button>
<button type="submit" class="cancel" name="person" value="${escapeHtml(person.email)} pwd">Sign in without a second factor as ${escapeHtml(person.email)}</button>
</div>
</li>`,
    )
    .join('\n');
  return sandboxPage({
    title: 'Sign in to the back office (sandbox)',
    notice: NOTICE,
    body: `<h1>Sign in to the back office</h1>
<p>Choose who signs in. "Without a second factor" signs in with a password only, which the back office refuses.</p>
<form method="post" action="${escapeHtml(action)}">
<ul class="people">
${people}
</ul>
</form>`,
  });
}

export function staffErrorPage(heading: string, code: string): string {
  return sandboxPage({
    title: 'Sandbox staff sign-in: error',
    notice: NOTICE,
    body: `<h1>${escapeHtml(heading)}</h1>
<p>Error: <code>${escapeHtml(code)}</code></p>
<p>Go back to the back office and sign in again.</p>`,
  });
}
