import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { brandApi, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type FlowCode, type Theme, type Translations } from '@tessera/contracts';
import type { FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../deps.js';
import { pageLanguage } from '../domain/language.js';
import { cookieValue } from '../http/cookie-value.js';
import { escapeHtml } from '../http/html-page.js';
import { getTheme } from '../flows/brand/get-theme.js';
import { getTranslations } from '../flows/brand/get-translations.js';

/** What the web app's server build (apps/web/src/entry-server.tsx) exports. */
interface PageRenderer {
  renderPage(url: string, state: { slug: string; flow: FlowCode; lng: string; theme: Theme; texts: Translations }): Promise<{ root: string; title: string; state: string }>;
}

/** The web app's server build beside its browser build (apps/web/dist-ssr), or null when not built. */
export async function loadPageRenderer(webDist: string): Promise<PageRenderer | null> {
  const file = path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** The folder of each flow under apps/web/src/flows/, whose chunk the browser build names after it. */
const FLOW_FOLDERS: Record<FlowCode, string> = { BALANCE: 'balance', VISA: 'visa', REPLACE: 'replace', PAYOUT: 'payout', IDENTIFY: 'identify', RESET: 'reset' };
const EMBED_MODULE = 'src/flows/balance/EmbedScreen.tsx';

interface ManifestChunk {
  file: string;
  name?: string;
  css?: string[];
  imports?: string[];
}

/** What a flow's screen needs beyond index.html's own: its stylesheets' links and its modules. */
export interface FlowHead {
  /** `<link rel="stylesheet">`s, so the server-rendered screen is styled at its first paint. */
  links: string;
  /** The flow's chunk and the chunks it imports, fetched with the entry after the first paint. */
  modules: string[];
}

/**
 * What a flow's screen needs, from the browser build's manifest (dist/.vite/manifest.json): the
 * stylesheets of the flow's chunk and of the chunks it imports, and those chunks. The entry
 * (index.html's own script and stylesheet) is in the page already.
 */
export function flowHeads(webDist: string): (flow: FlowCode, embed: boolean) => FlowHead {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => ({ links: '', modules: [] });
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const keyOf = (folder: string) =>
    manifest[`src/flows/${folder}/index.tsx`] ? `src/flows/${folder}/index.tsx` : Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k]!.name === folder);
  const linksOf = (roots: (string | undefined)[]) => {
    const css = new Set<string>();
    const js = new Set<string>();
    const visit = (key: string | undefined) => {
      const chunk = key === undefined || key === 'index.html' ? undefined : manifest[key];
      if (!chunk || js.has(chunk.file)) return;
      js.add(chunk.file);
      chunk.css?.forEach((c) => css.add(c));
      chunk.imports?.forEach(visit);
    };
    roots.forEach(visit);
    return { links: [...css].map((c) => `<link rel="stylesheet" crossorigin href="/${c}">`).join(''), modules: [...js].map((j) => `/${j}`) };
  };
  const cache = new Map<string, FlowHead>();
  return (flow, embed) => {
    const key = `${flow}${embed ? ':embed' : ''}`;
    let head = cache.get(key);
    if (head === undefined) {
      head = linksOf([keyOf(FLOW_FOLDERS[flow]), ...(embed ? [EMBED_MODULE] : [])]);
      cache.set(key, head);
    }
    return head;
  };
}

/** A rendered page and its compressed copies, made when first asked for. */
class RenderedPage {
  readonly #copies = new Map<Encoding, Buffer>();
  constructor(readonly html: Buffer) {
    this.#copies.set('identity', html);
  }

  in(encoding: Encoding): Buffer {
    let copy = this.#copies.get(encoding);
    if (!copy) {
      // Brotli 5: nearly the size of 11 at a small part of its time, for a page made per brand and language.
      copy = encoding === 'br' ? brotliCompressSync(this.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(this.html, { level: 6 });
      this.#copies.set(encoding, copy);
    }
    return copy;
  }
}

/**
 * Starts the web app after the page's first paint: a script of its own, the same on every page
 * (one CSP hash), reads the modules from its data-modules attribute (the entry first) and, when
 * the browser reports the first contentful paint (Paint Timing), adds a modulepreload for each
 * and the entry's script. A frame-based wait (requestAnimationFrame) was not enough: the frame
 * can be shown after the callback, and the script then still raced the paint. A browser that
 * reports no paint (none without Paint Timing; a tab opened in the background paints only when
 * shown) starts after 1.5 s.
 */
const START_SCRIPT =
  '(function(){var m=document.currentScript.dataset.modules.split(" "),d=0;function go(){if(d)return;d=1;' +
  'for(var i=1;i<m.length;i++){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=m[i];document.head.appendChild(l)}' +
  'var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=m[0];document.head.appendChild(s)}' +
  'try{new PerformanceObserver(function(e){if(e.getEntriesByName("first-contentful-paint").length)setTimeout(go)}).observe({type:"paint",buffered:true})}catch(e){}' +
  'setTimeout(go,1500)})()';

/**
 * A rendered page is meant to be seen before the web app runs. Left as index.html has it, the
 * entry module (and a modulepreload of the flow's chunks) is fetched while the page's stylesheets
 * are: on a phone's line the ~90 KB of script share the bandwidth with what the first paint waits
 * for, and on a fast one the browser may even run the entry, and the hydration it starts, before
 * it paints. So the page's head keeps only what the paint needs (stylesheets, the poster's
 * preload), and the entry and the flow's chunks are fetched after the first paint
 * (START_SCRIPT); the page is inert until the web app has taken it over anyway. Lighthouse's
 * simulated phone: first paint 1.8 s with the script in the head, 0.9 s without (decision 022).
 */
export function startAfterFirstPaint(template: string): { template: string; entry: string; scriptSource: string } {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
  if (!entry) throw new Error('index.html lacks its entry script: the server cannot render pages into it');
  return {
    template: template.replace(entry[0], () => ''),
    entry: entry[1]!,
    scriptSource: `'sha256-${createHash('sha256').update(START_SCRIPT).digest('base64')}'`,
  };
}

/** Rendered pages kept: one per brand, screen, query and language, while the brand stays the same. */
const CACHE_SIZE = 500;

/**
 * The first screen of each flow, rendered on the server (docs/decisions/022): the web
 * app's own markup for the brand and language, inside index.html with `<html lang>`, the page
 * title, the brand's stylesheet, a preload of the poster image (the largest paint), and the theme
 * and texts as a data block the web app hydrates from, so the screen shows and works without
 * waiting for an API call. The language is chosen as the web app would (pageLanguage). The page
 * is inert until the web app has taken it over (apps/web/src/lib/serverState.ts says why).
 *
 * A page depends only on the brand (theme and texts), the path and the language, never on the
 * cardholder: it is rendered once and kept, keyed by a hash of what went into it, so a brand's
 * change (import) makes a new page, and pages of a brand that changed are not served again.
 */
export class ServerRenderedPages {
  readonly #cache = new Map<string, RenderedPage>();
  readonly #template: string;
  readonly #entry: string;
  /** The CSP source of the one inline script of a rendered page (START_SCRIPT). */
  readonly scriptSource: string;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly renderer: PageRenderer,
    template: string,
    private readonly flowHead: (flow: FlowCode, embed: boolean) => FlowHead = () => ({ links: '', modules: [] }),
  ) {
    for (const marker of ['<html lang="nl">', '<title>Tessera</title>', '</head>', '<div id="root"></div>']) {
      if (!template.includes(marker)) throw new Error(`index.html lacks ${marker}: the server cannot render pages into it`);
    }
    const started = startAfterFirstPaint(template);
    this.#template = started.template;
    this.#entry = started.entry;
    this.scriptSource = started.scriptSource;
  }

  async page(request: FastifyRequest, screen: { slug: string; flow: FlowCode; embed: boolean }): Promise<RenderedPage> {
    const theme = await getTheme(this.deps, screen.slug);
    const offered = theme.pageAvailability.find((p) => p.code === screen.flow)?.availableLanguages ?? [];
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const lng = pageLanguage(
      { query: query.get('lng') ?? undefined, cookie: cookieValue(request.headers.cookie, 'i18next'), acceptLanguage: request.headers['accept-language'] },
      SUPPORTED_LANGUAGES,
      offered.length > 0 ? offered : [FALLBACK_LANGUAGE],
    );
    // Read once per brand cache entry (2 s), as the theme is: a page request costs no database read.
    const derived = <T>(name: string, compute: () => Promise<T>) => this.deps.brands.derive(screen.slug, name, compute) as Promise<T>;
    const texts = await derived(`texts:${lng}`, () => getTranslations(this.deps, screen.slug, lng));
    // The path alone: no first screen reads the query, which only chooses the language.
    const pathName = request.url.split('?')[0]!;
    const key = await derived(`page:${pathName}:${lng}`, async () => createHash('sha256').update(JSON.stringify([pathName, lng, theme, texts])).digest('base64url'));
    const cached = this.#cache.get(key);
    if (cached) {
      // Most recently used last.
      this.#cache.delete(key);
      this.#cache.set(key, cached);
      return cached;
    }
    const rendered = await this.renderer.renderPage(pathName, { slug: screen.slug, flow: screen.flow, lng, theme, texts });
    const poster = theme.styling.posterImage;
    const flowHead = this.flowHead(screen.flow, screen.embed);
    const head = [
      `<link rel="stylesheet" href="${escapeHtml(brandApi.customCss.build({ id: screen.slug }))}" data-theme-stylesheet="${escapeHtml(screen.slug)}" />`,
      poster ? `<link rel="preload" as="image" href="${escapeHtml(poster)}" fetchpriority="high" />` : '',
      flowHead.links,
      `<script data-modules="${escapeHtml([this.#entry, ...flowHead.modules].join(' '))}">${START_SCRIPT}</script>`,
    ].join('');
    const html = this.#template
      .replace('<html lang="nl">', () => `<html lang="${escapeHtml(lng)}">`)
      .replace('<title>Tessera</title>', () => `<title>${escapeHtml(rendered.title || theme.name)}</title>`)
      .replace('</head>', () => `${head}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root" inert>${rendered.root}</div><script type="application/json" id="tessera-state">${rendered.state}</script>`);
    const page = new RenderedPage(Buffer.from(html, 'utf8'));
    this.#cache.set(key, page);
    if (this.#cache.size > CACHE_SIZE) this.#cache.delete(this.#cache.keys().next().value!);
    return page;
  }
}
