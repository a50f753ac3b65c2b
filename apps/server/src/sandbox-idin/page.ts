/**
 * The sandbox bank's pages: plain HTML and a form POST, no script, one inline style allowed by its
 * hash (SANDBOX_PAGE_CSP), a language, headings and labelled fields.
 */

import { escapeHtml } from '../http/html-page.js';
import { sandboxPage } from '../sandbox-oidc/page.js';

/** What a tester sees first: a person who can be paid out (the diacritic exercises the SEPA file's character set). */
export const SANDBOX_DEFAULT_PERSON = { name: 'Zoë de Vries', birthdate: '1980-04-01' } as const;

export { SANDBOX_PAGE_CSP, sandboxFormPageCsp } from '../sandbox-oidc/page.js';

const page = (title: string, body: string) =>
  sandboxPage({ title, notice: 'Sandbox: a test bank for development and demos. Nothing here is a real bank or a real identity.', body });

export interface InteractionPageInput {
  /** Where the form posts: the interaction's own path. */
  action: string;
  /** The chosen bank's name, or undefined when the portal sent none. */
  bankName: string | undefined;
  name: string;
  birthdate: string;
  /** Field problems after a submission, by field. */
  errors?: { name?: string; birthdate?: string };
}

const field = (id: 'name' | 'birthdate', label: string, attributes: string, error: string | undefined) => `<div class="field">
<label for="${id}">${label}</label>
<input id="${id}" name="${id}" ${attributes}${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}
</div>`;

export function interactionPage(input: InteractionPageInput): string {
  const bank = input.bankName ? `<p>Bank: <strong>${escapeHtml(input.bankName)}</strong></p>` : '<p>No bank was chosen in the portal.</p>';
  const today = new Date().toISOString().slice(0, 10);
  const title = input.bankName ? `Identify with iDIN at ${input.bankName} (sandbox)` : 'Identify with iDIN (sandbox)';
  return page(
    title,
    `<h1>Identify with iDIN</h1>
${bank}
<p>Choose what the bank answers. Approve sends the name and date of birth below as the verified identity.</p>
${input.errors && (input.errors.name || input.errors.birthdate) ? '<p class="error" role="alert">Check the fields below.</p>' : ''}
<form method="post" action="${escapeHtml(input.action)}">
${field('name', 'Name', `type="text" autocomplete="off" maxlength="100" required value="${escapeHtml(input.name)}"`, input.errors?.name)}
${field('birthdate', 'Date of birth', `type="date" min="1900-01-01" max="${today}" required value="${escapeHtml(input.birthdate)}"`, input.errors?.birthdate)}
<div class="actions">
<button type="submit" class="approve" name="action" value="approve">Approve: identify as this person</button>
<button type="submit" class="cancel" name="action" value="cancel" formnovalidate>Cancel the identification</button>
<button type="submit" class="fail" name="action" value="fail" formnovalidate>Fail: the bank cannot identify now</button>
</div>
</form>`,
  );
}

/** An error page of the sandbox bank: what went wrong in a few words and the OAuth error code. */
export function errorPage(heading: string, code: string): string {
  return page(
    'Sandbox iDIN: error',
    `<h1>${escapeHtml(heading)}</h1>
<p>Error: <code>${escapeHtml(code)}</code></p>
<p>Go back to the portal and start the identification again.</p>`,
  );
}
