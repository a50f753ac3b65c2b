import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/global.css';
import { App, createQueryClient } from './app/App';
import { correctLanguage, createI18n } from './lib/i18n';
import { detectLanguages } from './lib/languageDetector';
import { readServerState } from './lib/serverState';
import { themeQueryOptions } from './lib/theme/themeQuery';

// A server-rendered page (docs/decisions/022) brings its theme and texts: the app takes the page
// over with them (hydration) instead of fetching them and rendering from nothing.
const state = readServerState();
// Read before i18n starts: starting in the server's language stores that language.
const browserLanguages = state ? detectLanguages() : [];
const i18n = createI18n(state ?? undefined);
const queryClient = createQueryClient();
if (state) queryClient.setQueryData(themeQueryOptions(state.slug).queryKey, state.theme);

// wouter's default router follows the browser location (history API); tests supply a memory one.
const app = (
  <StrictMode>
    <App i18n={i18n} queryClient={queryClient} />
  </StrictMode>
);
const root = document.getElementById('root')!;
if (state) {
  hydrateRoot(root, app);
  correctLanguage(i18n, browserLanguages);
} else {
  createRoot(root).render(app);
}
