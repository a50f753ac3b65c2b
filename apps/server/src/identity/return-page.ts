import { htmlPage, htmlPageCsp } from '../http/html-page.js';

const STYLE =
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a}main{max-width:36rem;margin:2rem auto;padding:0 1rem}h1{font-size:1.4rem}h2{font-size:1.2rem;margin-top:2rem}';

/** The refusal page's own policy: its style by hash, nothing else. */
export const IDENTITY_RETURN_ERROR_CSP = htmlPageCsp(STYLE);

/**
 * The page the return endpoint shows when it refuses a return (an unknown, used or expired
 * identification): no detail of why (the state names no one), in Dutch (the portal's fallback
 * language) and English, plain HTML under IDENTITY_RETURN_ERROR_CSP.
 */
export function identityReturnErrorPage(): string {
  return htmlPage({
    lang: 'nl',
    title: 'Identificatie niet geldig – Identification not valid',
    style: STYLE,
    body: `<main>
<h1>Deze identificatie is niet (meer) geldig</h1>
<p>De link van uw bank is al gebruikt of verlopen. Ga terug naar de portal en start de identificatie opnieuw.</p>
<p><a href="/">Naar de portal</a></p>
<section lang="en">
<h2>This identification is no longer valid</h2>
<p>The link from your bank was already used or has expired. Go back to the portal and start the identification again.</p>
<p><a href="/">To the portal</a></p>
</section>
</main>`,
  });
}
