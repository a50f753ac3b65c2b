import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import './styles/global.css';
import { App, createQueryClient } from './app/App';
import { flowScreens } from './app/routes';
import { createTranslator, offeredLanguages, pickLanguage } from './lib/i18n';
import { detectLanguages } from './lib/languageDetector';
import { useLocationAfterScreens } from './lib/router';
import { markPageInteractive, readServerState } from './lib/serverState';
import { themeQueryOptions } from './lib/theme/themeQuery';

const root = document.getElementById('root')!;
const queryClient = createQueryClient();
const state = readServerState();

if (!state) {
  // The browser's location (history API), whose navigations wait for screens on their way;
  // tests supply a memory one.
  createRoot(root).render(
    <StrictMode>
      <Router hook={useLocationAfterScreens}>
        <App i18n={createTranslator()} queryClient={queryClient} />
      </Router>
    </StrictMode>,
  );
} else {
  // A server-rendered page (docs/decisions/022) brings its theme and texts: the app takes the
  // page over with them instead of fetching them and rendering from nothing.
  // The browser's own language sources, read before the translator starts (starting remembers a language).
  const browserLanguages = detectLanguages();
  const i18n = createTranslator(state);
  queryClient.setQueryData(themeQueryOptions(state.slug).queryKey, state.theme);
  const offered = offeredLanguages(state.theme.pageAvailability.find((p) => p.code === state.flow));
  const wanted = pickLanguage(i18n.bestMatch(browserLanguages), offered);
  const app = (
    <StrictMode>
      <Router hook={useLocationAfterScreens}>
        <App i18n={i18n} queryClient={queryClient} />
      </Router>
    </StrictMode>
  );
  // The flow's screens first, so the whole screen hydrates at once.
  void flowScreens[state.flow].preload().finally(async () => {
    if (wanted === state.lng) {
      hydrateRoot(root, app);
      return;
    }
    // Web storage names another language than the server could see: that page is not this one.
    // Render it in that language once its texts are here (the server's page shows meanwhile).
    await i18n.changeLanguage(wanted).catch(() => undefined);
    markPageInteractive();
    createRoot(root).render(app);
  });
}
