import { render } from '@testing-library/react';
import { Router, useLocation, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { vi } from 'vitest';
import { useState, type ReactNode } from 'react';
import type { GiftCard, Theme } from '@tessera/contracts';
import en from '../../server/src/translations/defaults/en.json';
import nl from '../../server/src/translations/defaults/nl.json';
import { AppProviders, createQueryClient } from '../src/app/App';
import { AppRoutes } from '../src/app/routes';
import { coreTexts } from '../src/lib/i18nCore';
import { Translator } from '../src/lib/translator';

export const texts = { en, nl } as const;

/** A translator with the default texts of both languages already here, in `lng`. */
export function createTestI18n(lng: 'en' | 'nl' = 'en'): Translator {
  return new Translator({ language: lng, resources: { en, nl }, fallbackLanguage: 'nl', core: coreTexts });
}

/** A flow in a brand's pageAvailability, offered (or not) in both languages. */
export const offeredPage = (code: Theme['pageAvailability'][number]['code'], isAvailable = true): Theme['pageAvailability'][number] => ({
  code,
  isAvailable,
  availableLanguages: ['nl', 'en'],
});

/** A card valid until 2099 with `cents` euros on it and, unless `more` says otherwise, no history. */
export const euroCard = (code: string, cents: number, more: Partial<GiftCard> = {}): GiftCard => ({
  code,
  expiresAt: '2099-12-31',
  balances: [{ quantity: { value: cents, assetCode: 'EUR' } }],
  transactions: [],
  ...more,
});

export function demoTheme(overrides: Partial<Theme> = {}, styling: Partial<Theme['styling']> = {}): Theme {
  return {
    code: 'DEMO',
    slug: 'demo',
    name: 'Tessera Demo',
    styling: {
      logo: null,
      headerImage: null,
      posterImage: null,
      addSwoosh: true,
      backgroundVariant: 'plain',
      useGradient: false,
      informationType: 1,
      ...styling,
    },
    pageAvailability: [
      { code: 'BALANCE', isAvailable: true, availableLanguages: ['nl', 'en'] },
      { code: 'VISA', isAvailable: true, availableLanguages: ['nl', 'en'] },
      { code: 'REPLACE', isAvailable: false, availableLanguages: ['nl'] },
    ],
    scanningFlows: [],
    termsUrls: null,
    ...overrides,
  };
}

export interface MockRoute {
  method?: string;
  /** Matched against the request path (with query). */
  path: string | RegExp;
  status?: number;
  body?: unknown;
  /** Throw a network error instead of answering. */
  networkError?: boolean;
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Stubs global fetch with a small route table and records every request. */
export function mockFetch(routes: MockRoute[]) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ url, method, headers, body });
    const route = routes.find(
      (r) => (r.method ?? 'GET') === method && (typeof r.path === 'string' ? r.path === url : r.path.test(url)),
    );
    if (!route) return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'no mock' }), { status: 404 });
    if (route.networkError) throw new TypeError('Failed to fetch');
    return new Response(route.body === undefined ? '' : JSON.stringify(route.body), {
      status: route.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

export const themeRoute = (theme: Theme = demoTheme()): MockRoute => ({ path: `/api/theme/${theme.slug}`, body: theme });
export const captchaRoute: MockRoute = { path: '/api/Utility/Recaptcha', body: { provider: 'test', key: '' } };

/** Shows the current location, so tests can assert navigation. */
function LocationProbe() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <output data-testid="location">{pathname + (search ? `?${search}` : '')}</output>;
}

/** The entries of the in-memory history, oldest first (a navigation with `replace` overwrites the last). */
export type HistoryProbe = () => readonly string[];

/** An in-memory location starting at `path` (with its query), like the browser's but for tests. */
export function MemoryRouter({ path = '/', children, onHistory }: { path?: string; children: ReactNode; onHistory?: (probe: HistoryProbe) => void }) {
  const [location] = useState(() => memoryLocation({ path, record: true }));
  onHistory?.(() => location.history);
  return <Router hook={location.hook}>{children}</Router>;
}

export function renderApp(path: string, { i18n = createTestI18n('en') }: { i18n?: Translator } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } });
  let history: HistoryProbe = () => [];
  const result = render(
    <MemoryRouter
      path={path}
      onHistory={(probe) => {
        history = probe;
      }}
    >
      <AppProviders i18n={i18n} queryClient={queryClient}>
        <AppRoutes />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...result, i18n, queryClient, history: () => history() };
}

export function renderWithProviders(ui: ReactNode, { i18n = createTestI18n('en'), path = '/' }: { i18n?: Translator; path?: string } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  return render(
    <MemoryRouter path={path}>
      <AppProviders i18n={i18n} queryClient={queryClient}>
        {ui}
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
}

/**
 * The error (or warning) shown under a control and tied to it with aria-describedby, or null.
 * Field errors are no live regions (the form's error summary is the one announcement,
 * docs/accessibility.md#error-summary), so a test finds them through the control, and this fails
 * when one carries role="alert" again.
 */
export function fieldErrorOf(control: Element): string | null {
  const described = (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id ? document.getElementById(id) : null))
    .filter((element): element is HTMLElement => !!element && /\b(error|warning)\b/.test(element.className));
  if (!described.length) return null;
  for (const element of described) {
    if (element.closest('[role="alert"]')) throw new Error(`field error "${element.textContent}" is a live region`);
  }
  return described.map((element) => element.textContent).join(' ');
}

/** The error summary (role="alert", focused on submit), or null when none shows. */
export function errorSummary(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[role="alert"][tabindex="-1"]');
}

/** The summary's items, as text. */
export function summaryItems(): string[] {
  return [...(errorSummary()?.querySelectorAll('li') ?? [])].map((item) => item.textContent ?? '');
}
