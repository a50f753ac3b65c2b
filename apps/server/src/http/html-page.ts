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
