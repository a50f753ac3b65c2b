import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { customCssProblems, svgProblems } from '../../src/operator/brand-safety.js';

const DEMO_BRANDS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/demo/brands');
const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">';

function svg(body: string, open = SVG_OPEN): string[] {
  return svgProblems(Buffer.from(`${open}${body}</svg>`));
}

/** Exactly one reason, and it names what was found. */
function onlyReason(problems: string[], ...parts: string[]): void {
  expect(problems).toHaveLength(1);
  for (const part of parts) expect(problems[0]).toContain(part);
}

describe('svgProblems', () => {
  it('passes the demo brands’ images', () => {
    const files = readdirSync(DEMO_BRANDS, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.svg'));
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const file of files) expect(svgProblems(readFileSync(path.join(DEMO_BRANDS, file))), file).toEqual([]);
  });

  it('passes what design tools write: an XML declaration, comments, metadata in other namespaces, own references, inline PNG', () => {
    const drawing = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
     xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
     width="100" height="40">
  <sodipodi:namedview id="base" pagecolor="#ffffff"/>
  <metadata><rdf:RDF><rdf:Description about="logo"/></rdf:RDF></metadata>
  <defs>
    <linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient>
    <linearGradient id="g2" xlink:href="#g"/>
    <filter id="f"><feGaussianBlur stdDeviation="1"/></filter>
    <style><![CDATA[ .a { fill: url(#g); filter: url( "#f" ) } ]]></style>
  </defs>
  <rect class="a" width="10" height="10" fill="url(#g2)" style="stroke: url(#g); stroke-width: 2" transform="translate(1 1)"/>
  <use href="#g"/>
  <image width="10" height="10" href="data:image/png;base64,iVBORw0KGgo="/>
  <text font-family="'Trebuchet MS', sans-serif">ACME &amp; Co</text>
</svg>`;
    expect(svgProblems(Buffer.from(drawing))).toEqual([]);
  });

  it('refuses what is not well-formed XML, or has no svg root', () => {
    onlyReason(svgProblems(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')), 'Not well-formed XML');
    onlyReason(svgProblems(Buffer.from('')), 'Not well-formed XML');
    onlyReason(svgProblems(Buffer.from('<html/>')), 'root element is <html>');
    onlyReason(svgProblems(Buffer.from('<svg><rect/></svg>')), 'root element is <svg>', 'SVG namespace');
    onlyReason(svgProblems(Buffer.from([0x3c, 0x73, 0xff, 0xfe])), 'not UTF-8');
  });

  it('refuses a DOCTYPE and entity declarations (XXE, billion laughs)', () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>';
    const problems = svgProblems(Buffer.from(xxe));
    expect(problems[0]).toContain('DOCTYPE at line 1');
    expect(problems.join('\n')).not.toContain('root:');
    const laughs = '<!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"/>';
    onlyReason(svgProblems(Buffer.from(laughs)), 'DOCTYPE');
  });

  it('refuses processing instructions other than the XML declaration', () => {
    onlyReason(svgProblems(Buffer.from('<?xml version="1.0"?>\n<?xml-stylesheet href="https://evil.example/x.css"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>')), '<?xml-stylesheet?>', 'line 2');
  });

  it.each([
    ['script', '<script>alert(1)</script>', '<script>'],
    ['script in upper case', '<SCRIPT>alert(1)</SCRIPT>', '<SCRIPT>'],
    ['foreignObject', '<foreignObject width="10" height="10"></foreignObject>', '<foreignObject>'],
    ['iframe', '<iframe src="https://evil.example"/>', '<iframe>'],
    ['embed', '<embed src="x.swf"/>', '<embed>'],
    ['object', '<object data="x.pdf"/>', '<object>'],
    ['a link', '<a href="#x"><rect/></a>', '<a>'],
  ])('refuses %s', (_name, body, named) => {
    onlyReason(svg(body), named, 'line 1');
  });

  it('refuses a script with a namespace prefix bound to SVG, and one in the XHTML namespace', () => {
    onlyReason(svgProblems(Buffer.from('<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script></svg:svg>')), '<svg:script>', 'runs script');
    onlyReason(svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'), '<h:script>', 'runs script');
    onlyReason(svg('<h:meta xmlns:h="http://www.w3.org/1999/xhtml" http-equiv="refresh" content="0"/>'), '<h:meta>', 'XHTML elements');
  });

  it('refuses event handler attributes, whatever their case', () => {
    onlyReason(svg('<rect onclick="alert(1)"/>'), 'onclick on <rect>', 'event handler');
    onlyReason(svgProblems(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onLoad="alert(1)"/>')), 'onLoad on <svg>');
  });

  it('refuses javascript: in any attribute, also entity-encoded or split by whitespace', () => {
    onlyReason(svg('<use xlink:href="javascript:alert(1)"/>'), 'xlink:href on <use>', 'javascript:');
    onlyReason(svg('<use href="&#106;avascript:alert(1)"/>'), 'href on <use>', 'javascript:');
    onlyReason(svg('<use href="java&#x09;script:alert(1)"/>'), 'javascript:');
    onlyReason(svg('<set attributeName="fill" to=" JavaScript:alert(1)"/>'), 'to on <set>', 'javascript:');
    onlyReason(svg('<set attributeName="fill" to="VBScript:x"/>'), 'to on <set>', 'vbscript:');
  });

  it('refuses href and xlink:href to anything but #id or a PNG, JPEG, GIF or WebP data URL', () => {
    onlyReason(svg('<use href="https://evil.example/sprite.svg#a"/>'), 'href on <use>', '"https://evil.example/sprite.svg#a"');
    onlyReason(svg('<image xlink:href="logo.png"/>'), 'xlink:href on <image>', 'only #id');
    onlyReason(svg('<filter><feImage href="//evil.example/x.png"/></filter>'), 'href on <feImage>');
    onlyReason(svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>'), 'href on <image>', 'data:image/svg+xml');
    onlyReason(svg('<linearGradient id="a" x:href="https://evil.example/g.svg#b" xmlns:x="http://www.w3.org/1999/xlink"/>'), 'x:href on <linearGradient>');
    onlyReason(svg('<g xml:base="https://evil.example/"><use href="#a"/></g>'), 'xml:base');
  });

  it('refuses <animate> and <set> that change a href or an event handler', () => {
    onlyReason(svg('<set attributeName="xlink:href" to="#b"/>'), 'attributeName on <set>', 'xlink:href');
    onlyReason(svg('<animate attributeName="href" values="#a;#b"/>'), 'attributeName on <animate>');
    onlyReason(svg('<animate attributeName="onbegin" values="x"/>'), 'attributeName on <animate>');
  });

  it('refuses CSS that loads anything, in <style> elements and style attributes, escapes included', () => {
    onlyReason(svg('\n<style>@IMPORT url(#x);</style>'), '<style> at line 2', '@import');
    onlyReason(svg('<style>rect { fill: url(https://evil.example/p.svg#a) }</style>'), '<style>', '"https://evil.example/p.svg#a"');
    onlyReason(svg('<style>rect { fill: u\\72l("https://evil.example/a") }</style>'), '<style>', '"https://evil.example/a"');
    onlyReason(svg('<style>rect { background: url(data:image/png;base64,AAAA) }</style>'), '<style>', 'only #id');
    onlyReason(svg('<rect style="fill: url( \'https://evil.example/a\' )"/>'), 'style on <rect>', '"https://evil.example/a"');
    onlyReason(svg('<rect fill="url(https://evil.example/a#b)"/>'), 'fill on <rect>', '"https://evil.example/a#b"');
    onlyReason(svg('<rect filter="u\\rl(https://evil.example/a#b)"/>'), 'filter on <rect>', 'cannot be checked');
  });

  it('refuses an element inside <style>, and still reads all of the style\'s text', () => {
    const problems = svg('<style>@import url(#a);<style>rect { fill: red }</style></style>');
    expect(problems).toEqual([expect.stringContaining('<style> at line 1 inside <style>'), expect.stringContaining('@import loads another stylesheet')]);
  });

  it('lists every problem of a file', () => {
    const problems = svg('<script>x</script><rect onclick="x"/><use href="https://evil.example/a"/>');
    expect(problems).toHaveLength(3);
  });
});

describe('customCssProblems', () => {
  it('passes the demo brands’ stylesheets', () => {
    const files = readdirSync(DEMO_BRANDS, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.css'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) expect(customCssProblems(readFileSync(path.join(DEMO_BRANDS, file), 'utf8')), file).toEqual([]);
  });

  it('passes modern CSS, inline images and inline fonts', () => {
    const css = `
      @layer brand { :root { --brand-primary: #123456; --brand-pattern: url(data:image/png;base64,iVBORw0KGgo=); } }
      @media (min-width: 40em) { .card { background: url("data:image/webp;base64,UklGRg==") no-repeat, linear-gradient(#fff, #eee); } }
      @supports (display: grid) { .x { display: grid; } }
      .button { &:hover { color: rgb(0 0 0 / 50%); } }
      @font-face { font-family: Brand; src: url(data:font/woff2;base64,d09GMgAB) format("woff2"), local("Brand Sans"); }
      .mask { mask: url(#m); }
      @namespace svg url(http://www.w3.org/2000/svg);
    `;
    expect(customCssProblems(css)).toEqual([]);
  });

  it.each([
    ['@import with a string', '@import "x.css";', '@import'],
    ['@IMPORT in upper case', '@IMPORT url(https://evil.example/x.css);', '@import'],
    ['@import with an escaped name', '@\\69mport "x.css";', '@import'],
    ['@import nested in @media', '@media screen { @import "x.css"; }', '@import'],
  ])('refuses %s', (_name, css, reason) => {
    expect(customCssProblems(css)[0]).toContain(reason);
  });

  it('gives an @import one reason, not a second for its url()', () => {
    onlyReason(customCssProblems('@import url(https://evil.example/x.css);'), 'line 1: @import loads another stylesheet.');
  });

  it('refuses url() to another origin or path, however it is written', () => {
    onlyReason(customCssProblems('a { background: url(https://evil.example/a.png) }'), 'line 1', 'url("https://evil.example/a.png")');
    onlyReason(customCssProblems('a { background: url( "https://x" ) }'), 'url("https://x")');
    onlyReason(customCssProblems('a { background: URL(//evil.example/a.png) }'), 'url("//evil.example/a.png")');
    onlyReason(customCssProblems('a { background: u\\72l("https://x") }'), 'url("https://x")');
    onlyReason(customCssProblems('\n\na { background: url(/assets/a.png) }'), 'line 3', '"/assets/a.png"');
    onlyReason(customCssProblems('a { cursor: url(data:image/svg+xml;base64,PHN2Zz4=), auto }'), 'data:image/svg+xml');
    onlyReason(customCssProblems(':root { --logo: url(https://evil.example/a.png) }'), '"https://evil.example/a.png"');
  });

  it('refuses url( with an escaped name that css-tree cannot read as one (a browser would)', () => {
    const problems = customCssProblems('a { background: u\\rl(https://evil.example/a.png) }');
    expect(problems.join('\n')).toContain('not valid CSS');
    expect(problems.join('\n')).toContain('url( that cannot be checked');
    expect(customCssProblems('a { background: \\75 rl(https://x) }').join('\n')).toContain('cannot be checked');
  });

  it('refuses script: expression(), behavior, -moz-binding, also escaped', () => {
    onlyReason(customCssProblems('a { width: expression(alert(1)) }'), 'expression()');
    expect(customCssProblems('a { behavior: url(#x) }')).toEqual([expect.stringContaining('behavior attaches script')]);
    expect(customCssProblems('a { beh\\61vior: url(#x) }')).toEqual([expect.stringContaining('behavior attaches script')]);
    expect(customCssProblems('a { -moz-binding: url(#x) }')).toEqual([expect.stringContaining('-moz-binding attaches script')]);
  });

  it('refuses @font-face from elsewhere and image-set() with URLs from elsewhere', () => {
    onlyReason(customCssProblems('@font-face { font-family: X; src: url(https://fonts.example/x.woff2) format("woff2") }'), '@font-face src', 'data:font/woff2');
    onlyReason(customCssProblems('a { background: image-set("https://x/a.png" 1x) }'), 'image-set("https://x/a.png")');
    onlyReason(customCssProblems('a { background: -webkit-image-set(url(https://x/a.png) 1x) }'), 'url("https://x/a.png")');
    onlyReason(customCssProblems('a { background: image-set(var(--u) 1x) }'), 'image-set() with var()');
    onlyReason(customCssProblems('a { background: src("https://x/a.png") }'), 'src("https://x/a.png")');
    // A data: font outside @font-face is no image.
    onlyReason(customCssProblems('a { background: url(data:font/woff2;base64,AAAA) }'), 'data:font/woff2');
  });

  it('refuses what does not parse', () => {
    expect(customCssProblems('a {{ color: red }}}')[0]).toContain('not valid CSS');
  });
});
