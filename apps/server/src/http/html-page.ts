import { createHash } from 'node:crypto';

/** Escapes a value for HTML text and double-quoted attribute values. */
export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The few HTML pages the server writes itself (the PIN frame, the identity return's refusal, the
 * sandbox bank): one head for all, never indexed, never sending a referrer. `style` and `body`
 * are trusted markup; the title is escaped.
 */
export function htmlPage(page: { lang: string; title: string; style: string; body: string; bodyAttributes?: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(page.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(page.title)}</title>
<style>${page.style}</style>
</head>
<body${page.bodyAttributes ? ` ${page.bodyAttributes}` : ''}>
${page.body}
</body>
</html>
`;
}

/** A CSP source allowing exactly this inline script or style text (its SHA-256). */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The policy of a page written by htmlPage without a script (the identity return's refusal, the
 * sandbox bank): nothing loads, its one style is allowed by hash (no 'unsafe-inline'), forms
 * post to the portal's own origin only, and no one frames it.
 */
export function htmlPageCsp(style: string, formTargets: readonly string[] = []): string {
  // form-action also governs where a form's answer redirects to: a page whose form ends on another
  // origin (the sandbox bank's Approve, redirected to the portal) names that origin.
  const formAction = ["'self'", ...formTargets].join(' ');
  return ["default-src 'none'", `style-src ${cspHash(style)}`, `form-action ${formAction}`, "frame-ancestors 'none'", "base-uri 'none'"].join('; ');
}
