import { Suspense, useEffect, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TranslatorProvider, useTranslation } from '../lib/useTranslation';
import type { Translator } from '../lib/translator';
import { ErrorBoundary } from './ErrorBoundary';
import { AppRoutes } from './routes';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Keeps <html lang> equal to the language shown. */
function HtmlLang() {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  useEffect(() => {
    if (lng) document.documentElement.lang = lng;
  }, [lng]);
  return null;
}

interface ProvidersProps {
  i18n: Translator;
  queryClient: QueryClient;
  children: ReactNode;
}

/** Providers around every screen; the location is the browser's unless a caller wraps a wouter <Router hook>. */
export function AppProviders({ i18n, queryClient, children }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <TranslatorProvider translator={i18n}>
        <Suspense fallback={null}>
          <HtmlLang />
          <ErrorBoundary>{children}</ErrorBoundary>
        </Suspense>
      </TranslatorProvider>
    </QueryClientProvider>
  );
}

export function App({ i18n, queryClient }: { i18n: Translator; queryClient: QueryClient }) {
  return (
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <AppRoutes />
    </AppProviders>
  );
}
