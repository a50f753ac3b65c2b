import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The minimal shape of a built chunk this plugin reads (Rolldown's OutputChunk has more). */
interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  isEntry?: boolean;
  imports?: readonly string[];
}

/**
 * The files of the page chunk whose source ends with `moduleSuffix` and of every chunk it
 * imports statically, in load order, without the entry (index.html loads that already).
 */
export function chunksOf(bundle: Record<string, ChunkLike>, moduleSuffix: string): string[] {
  const page = Object.values(bundle).find((item) => item.type === 'chunk' && item.facadeModuleId?.replaceAll('\\', '/').endsWith(moduleSuffix));
  if (!page) return [];
  const files: string[] = [];
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || chunk.isEntry || files.includes(fileName)) return;
    files.push(fileName);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(page.fileName);
  return files;
}

/**
 * The home page (Find a card) is a lazy chunk: without help the browser learns of it only once the
 * entry has run, a second round trip before the first screen. This adds a
 * `<link rel="modulepreload">` for it and the chunks it imports to the built index.html, so they
 * load alongside the entry (about 62 KB brotli: the search page 4, the brand list 14, the form
 * fields and React Aria's widgets 44, which every page uses). A first visit to the card page
 * fetches the search page and brand list for nothing (18 KB); one to the sign-in page all of it,
 * which the page after signing in then finds cached. `script-src 'self'` covers these links.
 */
export function firstScreenPreload(moduleSuffix = 'src/features/search/SearchPage.tsx'): Plugin {
  let base = '/';
  return {
    name: 'tessera-admin-first-screen-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const files = chunksOf(context.bundle as unknown as Record<string, ChunkLike>, moduleSuffix);
        if (files.length === 0) throw new Error(`firstScreenPreload: no chunk built from ${moduleSuffix}`);
        return files.map<HtmlTagDescriptor>((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' }));
      },
    },
  };
}
