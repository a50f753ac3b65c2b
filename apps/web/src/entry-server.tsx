import { PassThrough } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { App, createQueryClient } from './app/App';
import { pageTranslator } from './lib/i18n';
import { serializeServerState, type ServerState } from './lib/serverState';
import { ServerHeadContext } from './lib/theme/FlowContext';
import { themeQueryOptions } from './lib/theme/themeQuery';

export type { ServerState };

export interface RenderedPage {
  /** The markup inside `<div id="root">`. */
  root: string;
  /** The page title the screen sets (screen | brand). */
  title: string;
  /** The content of the `<script type="application/json" id="tessera-state">` data block. */
  state: string;
}

/**
 * Renders one page of the web app on the server (docs/decisions/022): the same App the browser
 * runs, at `url`, with the brand's theme in the query cache and the chosen language's texts, so
 * the browser hydrates exactly this markup. Waits for the lazy flow screens (prerender), which a
 * plain renderToString would leave as their fallback. Each call has its own query cache, i18n
 * instance and title: concurrent renders share nothing.
 */
export async function renderPage(url: string, state: ServerState): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(themeQueryOptions(state.slug).queryKey, state.theme);
  const i18n = pageTranslator(state);
  const head = { title: '' };
  const [path, search = ''] = url.split('?');
  const { prelude } = await prerenderToNodeStream(
    <ServerHeadContext.Provider value={head}>
      <Router ssrPath={path} ssrSearch={search}>
        <App i18n={i18n} queryClient={queryClient} />
      </Router>
    </ServerHeadContext.Provider>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(Buffer.from(chunk as Uint8Array));
  return { root: Buffer.concat(chunks).toString('utf8'), title: head.title, state: serializeServerState(state) };
}
