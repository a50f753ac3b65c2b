/**
 * The sandbox bank's pages: plain HTML and a form POST, no script, one inline style allowed by its
 * hash (SANDBOX_PAGE_CSP), a language, headings and labelled fields.
 */

import { escapeHtml, htmlPage, htmlPageCsp } from '../http/html-page.js';

/** What a tester sees first: a person who can be paid out (the diacritic exercises the SEPA file's character set). */
export const SANDBOX_DEFAULT_PERSON = { name: 'Zoë de Vries', birthdate: '1980-04-01' } as const;

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#eef1f5}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
.notice{margin:0 0 1rem;padding:.5rem .75rem;background:#fff4d6;border-left:4px solid #b8860b}
h1{font-size:1.5rem;margin:0 0 1rem}
.field{margin:0 0 1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{box-sizing:border-box;width:100%;padding:.5rem;font:inherit;border:1px solid #6b7280;border-radius:4px}
input[aria-invalid=true]{border-color:#b00020}
.error{color:#b00020;margin:.25rem 0 0}
.actions{display:flex;flex-direction:column;gap:.5rem;margin-top:1.5rem}
button{padding:.6rem 1rem;font:inherit;border-radius:4px;border:1px solid #1f3a8a;cursor:pointer;text-align:left}
button.approve{background:#1f3a8a;color:#fff}
button.cancel,button.fail{background:#fff;color:#1f3a8a}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
`;

/** The policy every sandbox page is sent with: its style by hash, forms to this origin. */
export const SANDBOX_PAGE_CSP = htmlPageCsp(STYLE);

/**
 * The policy of the page with the form: its answer redirects to the portal's return endpoint,
 * another origin when the sandbox runs on its own (standalone.ts), and form-action covers that
 * redirect.
 */
export const sandboxFormPageCsp = (redirectUri: string) => htmlPageCsp(STYLE, [new URL(redirectUri).origin]);

function page(title: string, body: string): string {
  return htmlPage({
    lang: 'en',
    title,
    style: STYLE,
    body: `<main>
<p class="notice">Sandbox: a test bank for development and demos. Nothing here is a real bank or a real identity.</p>
${body}
</main>`,
  });
}

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
