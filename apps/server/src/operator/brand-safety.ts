import { printable } from '@tessera/contracts';
import parseCss from 'css-tree/parser';
import { tokenize, tokenTypes } from 'css-tree/tokenizer';
import { ident, string as cssString, url as cssUrl } from 'css-tree/utils';
import walkCss from 'css-tree/walker';
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';

/**
 * What a brand may put in its images and its stylesheet (docs/decisions/046): a brand's SVG is
 * served from the portal's own origin and its CSS is applied to every page of its portal, so either
 * could run script, load a tracker or reach another origin on a cardholder's screen. Nothing is
 * cleaned: a file with one of these things is refused with the reasons, so what the brand uploaded
 * is exactly what cardholders see. Both checks read the file with a real parser (saxes for XML,
 * css-tree for CSS) and look at what it parsed, never at the text, so entities, escapes and case do
 * not get around them. No I/O here.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** Namespaces whose elements do something in a browser (script, frames, transforms, includes). */
const ACTIVE_NAMESPACES: Record<string, string> = {
  'http://www.w3.org/1999/xhtml': 'XHTML',
  'http://www.w3.org/1998/Math/MathML': 'MathML',
  'http://www.w3.org/1999/XSL/Transform': 'XSLT',
  'http://www.w3.org/2001/XInclude': 'XInclude',
  'http://www.w3.org/2001/xml-events': 'XML Events',
};

/** Elements refused by local name, compared without case (whatever their namespace): why each. */
const REFUSED_ELEMENTS: Record<string, string> = {
  script: 'runs script',
  handler: 'runs script',
  listener: 'attaches script to events',
  foreignobject: 'embeds HTML',
  iframe: 'embeds another page',
  embed: 'embeds other content',
  object: 'embeds other content',
  audio: 'loads media',
  video: 'loads media',
  a: 'is a link (a logo needs none)',
};

/** The data: images an image or stylesheet may carry; not SVG, which could itself carry script. */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp)(?:;[^,;]*)*,/i;
/** Fonts a stylesheet's @font-face may carry inline. */
const DATA_FONT = /^data:(?:font\/(?:woff2|woff|ttf|otf)|application\/font-woff2?)(?:;[^,;]*)*,/i;

interface UrlRules {
  /** data:image/png|jpeg|gif|webp. */
  dataImages: boolean;
  /** data:font/woff2 and the like, inside @font-face only. */
  dataFonts: boolean;
}

const CUSTOM_CSS_URLS: UrlRules = { dataImages: true, dataFonts: true };
/** Inside an SVG, CSS names only the SVG's own gradients, patterns, filters: #id. */
const SVG_CSS_URLS: UrlRules = { dataImages: false, dataFonts: false };

/** A URL as a browser's URL parser reads it: without surrounding spaces and control characters, tabs and newlines removed. */
function normalizedUrl(url: string): string {
  // eslint-disable-next-line no-control-regex
  return url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

function urlAllowed(url: string, rules: UrlRules, inFontFace: boolean): boolean {
  const normal = normalizedUrl(url);
  if (normal.startsWith('#')) return true;
  if (rules.dataImages && DATA_IMAGE.test(normal)) return true;
  return rules.dataFonts && inFontFace && DATA_FONT.test(normal);
}

/** A value as it may appear in a reason (the operator's terminal, a page): short, and with no control character. */
function shown(value: string): string {
  const clean = printable(value);
  return JSON.stringify(clean.length > 60 ? `${clean.slice(0, 57)}...` : clean);
}

/** Why a URL is refused, for the reasons: what may be named instead. */
function refusedUrl(what: string, rules: UrlRules): string {
  const allowed = rules.dataImages ? '#id or a data:image/png, jpeg, gif or webp URL' : '#id (this image\'s own gradients, patterns and filters)';
  return `${what} is not allowed: only ${allowed} may be named`;
}

const IMAGE_SET_FUNCTIONS = new Set(['image-set', '-webkit-image-set']);
/** Functions that take a URL as a string or from a variable; url() itself is checked as a Url. */
const URL_FUNCTIONS = new Set(['url', 'src']);
/** Functions whose value comes from elsewhere: inside image-set() they could name any URL. */
const SUBSTITUTIONS = new Set(['var', 'attr', 'env']);

/**
 * The URLs and script a piece of CSS text holds, read token by token (CSS Syntax, as the browser
 * tokenizes): for what css-tree leaves unparsed (Raw) and for SVG attributes such as fill="url(…)".
 */
function tokenProblems(text: string, rules: UrlRules, where: string): string[] {
  if (!text.includes('(') && !text.includes('@')) return [];
  const tokens: { type: number; text: string }[] = [];
  tokenize(text, (type, start, end) => {
    if (type !== tokenTypes.WhiteSpace && type !== tokenTypes.Comment) tokens.push({ type, text: text.slice(start, end) });
  });
  const problems: string[] = [];
  tokens.forEach((token, i) => {
    if (token.type === tokenTypes.Url) {
      const url = cssUrl.decode(token.text);
      if (!urlAllowed(url, rules, false)) problems.push(`${where}: ${refusedUrl(`url(${shown(url)})`, rules)}.`);
    } else if (token.type === tokenTypes.BadUrl) {
      problems.push(`${where}: a url() that cannot be read.`);
    } else if (token.type === tokenTypes.AtKeyword && ident.decode(token.text.slice(1)).toLowerCase() === 'import') {
      problems.push(`${where}: @import loads another stylesheet.`);
    } else if (token.type === tokenTypes.Function) {
      const name = ident.decode(token.text.slice(0, -1)).toLowerCase();
      const next = tokens[i + 1];
      if (name === 'expression') problems.push(`${where}: expression() runs script.`);
      else if (IMAGE_SET_FUNCTIONS.has(name) || URL_FUNCTIONS.has(name)) {
        if (next?.type === tokenTypes.String) {
          const url = cssString.decode(next.text);
          if (!urlAllowed(url, rules, false)) problems.push(`${where}: ${refusedUrl(`${name}(${shown(url)})`, rules)}.`);
        } else if (URL_FUNCTIONS.has(name)) {
          problems.push(`${where}: a ${name}( that cannot be checked (written with escapes or a variable).`);
        }
      }
    }
  });
  return problems;
}

/** A name as CSS reads it: escapes decoded, lower case, vendor prefix off (-moz-binding: binding). */
function cssName(raw: string): string {
  return ident.decode(raw).toLowerCase().replace(/^-[a-z]+-/, '');
}

/** Properties that run script or load behaviour in some browser. */
const SCRIPT_PROPERTIES: Record<string, string> = {
  behavior: 'behavior attaches script (old Internet Explorer)',
  binding: '-moz-binding attaches script (old Firefox)',
};

/**
 * Why a stylesheet (or a style attribute's declarations) may not be used: @import, url() to
 * anything but what `rules` allows, script properties and functions, and anything css-tree cannot
 * parse (a browser's recovery from it is not ours to predict). `where` prefixes each reason.
 */
function cssTextProblems(css: string, context: 'stylesheet' | 'declarationList', rules: UrlRules, where: (line: number) => string): string[] {
  const problems: string[] = [];
  const ast = parseCss(css, {
    context,
    positions: true,
    parseCustomProperty: true,
    onParseError: (error) => problems.push(`${where(error.line)}: not valid CSS (${error.message}).`),
  });
  walkCss(ast, function (node) {
    const at = where(node.loc?.start.line ?? 1);
    const inFontFace = this.atrule !== null && cssName(this.atrule.name) === 'font-face';
    switch (node.type) {
      case 'Atrule': {
        const name = cssName(node.name);
        // One reason for an @import, not a second for its url(); @namespace names a namespace, it loads nothing.
        if (name === 'import') problems.push(`${at}: @import loads another stylesheet.`);
        if (name === 'import' || name === 'namespace') return walkCss.skip;
        break;
      }
      case 'Declaration': {
        const reason = SCRIPT_PROPERTIES[cssName(node.property)];
        if (reason) problems.push(`${at}: ${reason}.`);
        break;
      }
      case 'Url':
        if (!urlAllowed(node.value, rules, inFontFace)) {
          const what = `${inFontFace ? '@font-face src ' : ''}url(${shown(node.value)})`;
          problems.push(`${at}: ${refusedUrl(what, rules)}${inFontFace && rules.dataFonts ? ', or a font inline as data:font/woff2 or woff' : ''}.`);
        }
        break;
      case 'Function': {
        const name = cssName(node.name);
        if (name === 'expression') problems.push(`${at}: expression() runs script.`);
        else if (URL_FUNCTIONS.has(name)) {
          // url("…") with its name escaped (u\72l("…")) or src("…"): css-tree does not make it a Url.
          const strings = node.children.toArray().filter((child) => child.type === 'String');
          if (strings.length === 0) problems.push(`${at}: a ${name}() that cannot be checked (written with escapes or a variable).`);
          for (const s of strings) {
            if (s.type === 'String' && !urlAllowed(s.value, rules, inFontFace)) problems.push(`${at}: ${refusedUrl(`${name}(${shown(s.value)})`, rules)}.`);
          }
        } else if (IMAGE_SET_FUNCTIONS.has(name)) {
          // In image-set() a bare string is a URL too.
          for (const child of node.children.toArray()) {
            if (child.type === 'String' && !urlAllowed(child.value, rules, false)) {
              problems.push(`${at}: ${refusedUrl(`${name}(${shown(child.value)})`, rules)}.`);
            }
            if (child.type === 'Function' && SUBSTITUTIONS.has(cssName(child.name))) {
              problems.push(`${at}: ${name}() with ${cssName(child.name)}() could load any URL.`);
            }
          }
        }
        break;
      }
      case 'Raw':
        problems.push(...tokenProblems(node.value, rules, at));
        break;
    }
    return undefined;
  });
  return [...new Set(problems)];
}

/** Why this custom CSS may not be served: [] when safe. */
export function customCssProblems(css: string): string[] {
  return cssTextProblems(css, 'stylesheet', CUSTOM_CSS_URLS, (line) => `line ${line}`);
}

/** Where in the SVG: `<use> at line 4`. */
function elementAt(tag: string, line: number): string {
  return `<${tag}> at line ${line}`;
}

/** A value with whitespace and control characters taken out and in lower case, as a URL scheme is read. */
function schemeText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
}

/** The problems of one attribute of one element. */
function attributeProblems(attribute: SaxesAttributeNS, tag: string, line: number): string[] {
  const { local, prefix, uri, value, name } = attribute;
  if (name === 'xmlns' || prefix === 'xmlns') return []; // a namespace declaration loads nothing
  const where = `${name} on ${elementAt(tag, line)}`;
  const lower = local.toLowerCase();
  if (lower.startsWith('on')) return [`${where}: event handler attributes run script.`];
  // A scheme ends in a colon: without one (most attributes: numbers, colours, path data) there is none to look for.
  const scheme = value.includes(':') ? schemeText(value) : '';
  for (const script of ['javascript:', 'vbscript:']) if (scheme.includes(script)) return [`${where}: a ${script} URL runs script.`];
  if (lower === 'href') {
    return urlAllowed(value, { dataImages: true, dataFonts: false }, false)
      ? []
      : [`${where}: ${refusedUrl(shown(value), { dataImages: true, dataFonts: false })}.`];
  }
  if (uri === XML_NS && local === 'base') return [`${where}: xml:base changes where references point.`];
  if (lower === 'attributename') {
    const target = value.trim().toLowerCase().split(':').pop() ?? '';
    if (target === 'href' || target.startsWith('on')) return [`${where}: animating ${shown(value)} could make it point elsewhere.`];
  }
  if (lower === 'style') return cssTextProblems(value, 'declarationList', SVG_CSS_URLS, () => where);
  return tokenProblems(value, SVG_CSS_URLS, where);
}

/**
 * Why this SVG may not be a brand image: [] when it is safe. Each reason one short English
 * sentence naming what was found (element/attribute and where).
 */
export function svgProblems(content: Buffer): string[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return ['The file is not UTF-8 text.'];
  }
  const problems: string[] = [];
  const parser = new SaxesParser({ xmlns: true, position: true });
  let startLine = 1;
  let root = true;
  /** How many elements are open: to find the end of the <style> element being read. */
  let depth = 0;
  /** The <style> element being read: its text is checked as CSS when it closes. */
  let style: { line: number; depth: number; css: string } | null = null;

  parser.on('doctype', () => {
    problems.push(`A DOCTYPE at line ${parser.line}: DTDs and entity declarations are not allowed (they can read files or expand without end).`);
  });
  parser.on('processinginstruction', (pi) => {
    problems.push(`A <?${pi.target}?> processing instruction at line ${parser.line}: only the <?xml ...?> declaration is allowed.`);
  });
  parser.on('opentagstart', () => {
    startLine = parser.line;
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const local = tag.local;
    if (root) {
      root = false;
      if (local !== 'svg' || tag.uri !== SVG_NS) problems.push(`The root element is <${tag.name}>, not an <svg> in the SVG namespace (${SVG_NS}).`);
    }
    const refused = REFUSED_ELEMENTS[local.toLowerCase()];
    if (refused) problems.push(`${elementAt(tag.name, startLine)}: this element ${refused}.`);
    const namespace = ACTIVE_NAMESPACES[tag.uri];
    if (namespace && !refused) problems.push(`${elementAt(tag.name, startLine)}: ${namespace} elements are not allowed in an image.`);
    for (const attribute of Object.values(tag.attributes)) problems.push(...attributeProblems(attribute, tag.name, startLine));
    depth += 1;
    // A browser applies the text directly inside <style>; an element in it would split what is read here.
    if (style) problems.push(`${elementAt(tag.name, startLine)} inside <style>: a style element holds only CSS text.`);
    else if (local.toLowerCase() === 'style') style = { line: startLine, depth, css: '' };
  });
  const collect = (chunk: string) => {
    if (style) style.css += chunk;
  };
  parser.on('text', collect);
  parser.on('cdata', collect);
  parser.on('closetag', (tag: SaxesTagNS) => {
    if (style && style.depth === depth) {
      const at = style.line;
      problems.push(...cssTextProblems(style.css, 'stylesheet', SVG_CSS_URLS, (line) => `${elementAt(tag.name, at)}, CSS line ${line}`));
      style = null;
    }
    depth -= 1;
  });
  try {
    parser.write(text).close();
  } catch (error) {
    // saxes stops at the first well-formedness error: the file is not XML a browser would read alike.
    problems.push(`Not well-formed XML: ${printable((error as Error).message).replace(/\.$/, '')}.`);
  }
  if (root && problems.length === 0) problems.push('There is no <svg> element.');
  return [...new Set(problems)];
}
