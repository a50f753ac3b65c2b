/**
 * What a brand's SVG images and custom stylesheet must not do (issue 27, point 5): run script,
 * handle events, embed foreign content, or load anything from elsewhere. The branch `brand-safety`
 * owns this module; this is the subset the brand drafts need until it is merged (its answers
 * replace these), with the same names and signatures.
 */

/** An external reference: anything with a scheme or a protocol-relative `//`, except the fragment `#id` and `data:` images. */
const EXTERNAL_REF = /\b(?:href|xlink:href|src)\s*=\s*["']\s*(?!#|data:image\/)[^"']*["']/i;

/** Why an SVG file is refused (empty: none). */
export function svgProblems(content: Buffer): string[] {
  const text = content.toString('utf8');
  const problems: string[] = [];
  if (/<script[\s>/]/i.test(text)) problems.push('an SVG with <script> is refused');
  const handler = /\s(on[a-z]+)\s*=/i.exec(text);
  if (handler) problems.push(`an SVG with an event handler (${handler[1]!.toLowerCase()}) is refused`);
  if (/<foreignObject[\s>/]/i.test(text)) problems.push('an SVG with <foreignObject> is refused');
  if (EXTERNAL_REF.test(text) || /url\(\s*["']?\s*(?!#|data:image\/)[a-z][a-z0-9+.-]*:/i.test(text) || /url\(\s*["']?\s*\/\//.test(text)) {
    problems.push('an SVG that references another file or site is refused');
  }
  if (/javascript:/i.test(text)) problems.push('an SVG with a javascript: URL is refused');
  return problems;
}

/** Why a custom stylesheet is refused (empty: none). */
export function customCssProblems(css: string): string[] {
  const problems: string[] = [];
  if (/@import\b/i.test(css)) problems.push('@import is refused: the stylesheet loads nothing else');
  if (/url\(\s*["']?\s*(?:[a-z][a-z0-9+.-]*:|\/\/)(?!\s*image\/)/i.test(css.replace(/url\(\s*["']?\s*data:image\//gi, 'url(#'))) {
    problems.push('url() to another origin is refused: images come with the brand file');
  }
  if (/expression\s*\(|javascript:|behavior\s*:|-moz-binding/i.test(css)) problems.push('script in a stylesheet is refused');
  return problems;
}
