import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App, createQueryClient } from './app/App';
import { createI18n } from './lib/i18n';

const i18n = createI18n();
const queryClient = createQueryClient();

// wouter's default router follows the browser location (history API); tests supply a memory one.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18n={i18n} queryClient={queryClient} />
  </StrictMode>,
);
