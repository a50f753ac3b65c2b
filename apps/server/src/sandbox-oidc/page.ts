import { htmlPage, htmlPageCsp } from '../http/html-page.js';

/** The look every sandbox provider's page shares; sent with a policy that allows it by its hash. */
export const SANDBOX_STYLE = `
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#eef1f5}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
.notice{margin:0 0 1rem;padding:.5rem .75rem;background:#fff4d6;border-left:4px solid #b8860b}
h1{font-size:1.5rem;margin:0 0 1rem}
h2{font-size:1.125rem;margin:0}
.field{margin:0 0 1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{box-sizing:border-box;width:100%;padding:.5rem;font:inherit;border:1px solid #6b7280;border-radius:4px}
input[aria-invalid=true]{border-color:#b00020}
.error{color:#b00020;margin:.25rem 0 0}
.actions{display:flex;flex-direction:column;gap:.5rem;margin-top:1.5rem}
.people{list-style:none;margin:0;padding:0}
.people li{margin:0 0 1.5rem}
.people .actions{margin-top:.5rem}
button{padding:.6rem 1rem;font:inherit;border-radius:4px;border:1px solid #1f3a8a;cursor:pointer;text-align:left}
button.approve{background:#1f3a8a;color:#fff}
button.cancel,button.fail{background:#fff;color:#1f3a8a}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
`;

/** A sandbox page in English: the notice that says what it is, then `body` (trusted markup). */
export function sandboxPage(page: { title: string; notice: string; body: string }): string {
  return htmlPage({
    lang: 'en',
    title: page.title,
    style: SANDBOX_STYLE,
    body: `<main>
<p class="notice">${page.notice}</p>
${page.body}
</main>`,
  });
}

/** The policy every sandbox page is sent with: its style by hash, forms to this origin. */
export const SANDBOX_PAGE_CSP = htmlPageCsp(SANDBOX_STYLE);

/**
 * The policy of a page with a form whose answer redirects to the client (the portal's return
 * endpoint, the back office's callback): another origin when the sandbox runs on its own
 * (standalone.ts) or the back office has its own, and form-action covers that redirect.
 */
export const sandboxFormPageCsp = (redirectUri: string) => htmlPageCsp(SANDBOX_STYLE, [new URL(redirectUri).origin]);
