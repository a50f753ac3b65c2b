import { describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { TRANSLATION_LOADER } from '@tessera/contracts';
import { createTranslationBackend, isRetryable } from '../src/lib/translationBackend';
import { detectLanguages, languageDetector } from '../src/lib/languageDetector';
import { mockFetch } from './utils';

/** Calls the backend's read and resolves with what it called back. */
function read(slug: string | null, lng = 'en') {
  const backend = createTranslationBackend(() => slug);
  return new Promise<{ err: unknown; data: unknown }>((resolve) => {
    backend.read(lng, 'translation', (err, data) => resolve({ err, data }));
  });
}

describe('translation backend', () => {
  it('reads GET /api/translations/:slug?culture=:lng', async () => {
    const { requests } = mockFetch([{ path: '/api/translations/demo?culture=en', body: { a: 'b' } }]);
    expect(await read('demo')).toEqual({ err: null, data: { a: 'b' } });
    expect(requests.map((r) => r.url)).toEqual(['/api/translations/demo?culture=en']);
  });

  it('loads nothing without a brand slug', async () => {
    const { fetchMock } = mockFetch([]);
    expect(await read(null)).toEqual({ err: null, data: {} });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks i18next to retry a network failure and a server error', async () => {
    mockFetch([{ path: '/api/translations/demo?culture=en', networkError: true }]);
    const network = await read('demo');
    expect(network.err).toBeInstanceOf(Error);
    expect(network.data).toBe(true);

    mockFetch([{ path: '/api/translations/demo?culture=en', status: 503, body: { code: 'X', message: 'down' } }]);
    const server = await read('demo');
    expect(server.err).toBeInstanceOf(Error);
    expect(server.data).toBe(true);
  });

  it('does not ask to retry a 404 or an answer that is not JSON', async () => {
    mockFetch([{ path: '/api/translations/nope?culture=en', status: 404, body: { code: 'THEME_NOT_FOUND', message: 'x' } }]);
    expect((await read('nope')).data).toBe(false);

    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>', { status: 200 })));
    const notJson = await read('demo');
    expect(notJson.err).toBeInstanceOf(Error);
    expect(notJson.data).toBe(false);
  });

  it('classifies statuses', () => {
    expect([0, 408, 429, 500, 502, 503].every(isRetryable)).toBe(true);
    expect([400, 401, 403, 404, 410].some(isRetryable)).toBe(false);
  });

  it('lets i18next retry a failing read maxRetries times, doubling the wait (spec §9)', async () => {
    vi.useFakeTimers();
    const { requests } = mockFetch([{ path: '/api/translations/demo?culture=en', status: 500, body: { code: 'X', message: 'x' } }]);
    const instance = i18next.createInstance();
    const init = instance.use(createTranslationBackend(() => 'demo')).init({
      lng: 'en',
      fallbackLng: false,
      ns: ['translation'],
      maxParallelReads: TRANSLATION_LOADER.maxParallelReads,
      maxRetries: TRANSLATION_LOADER.maxRetries,
      retryTimeout: TRANSLATION_LOADER.retryTimeoutMs,
    });
    const reads = () => requests.length;
    await vi.advanceTimersByTimeAsync(0);
    expect(reads()).toBe(1);
    // 350, 700, 1400, 2800, 5600 ms
    let wait = TRANSLATION_LOADER.retryTimeoutMs;
    for (let attempt = 2; attempt <= TRANSLATION_LOADER.maxRetries + 1; attempt++) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(reads()).toBe(attempt - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(reads()).toBe(attempt);
      wait *= 2;
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads()).toBe(TRANSLATION_LOADER.maxRetries + 1);
    await init;
  });
});

describe('language detector (spec §9)', () => {
  function setSources({ query, cookie, local, session, languages, html }: Partial<Record<'query' | 'cookie' | 'local' | 'session' | 'html', string>> & { languages?: string[] }) {
    window.localStorage.clear();
    window.sessionStorage.clear();
    window.history.replaceState(null, '', query ? `/?lng=${query}` : '/');
    document.cookie = `i18next=${cookie ?? ''}; path=/${cookie ? '' : '; max-age=0'}`;
    if (local) window.localStorage.setItem('i18nextLng', local);
    if (session) window.sessionStorage.setItem('i18nextLng', session);
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages ?? []);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages?.[0] ?? '');
    if (html) document.documentElement.setAttribute('lang', html);
    else document.documentElement.removeAttribute('lang');
  }

  it('lists query string, cookie, localStorage, sessionStorage, navigator, html lang in that order', () => {
    setSources({ query: 'q1', cookie: 'c1', local: 'l1', session: 's1', languages: ['n1', 'n2'], html: 'h1' });
    expect(detectLanguages()).toEqual(['q1', 'c1', 'l1', 's1', 'n1', 'n2', 'n1', 'h1']);
  });

  it('skips missing sources and unsafe values', () => {
    setSources({ session: 's1', html: '"><b>x</b>' });
    expect(detectLanguages()).toEqual(['s1']);
    setSources({});
    expect(detectLanguages()).toEqual([]);
  });

  it('picks the first supported language and caches it in localStorage i18nextLng', async () => {
    setSources({ cookie: 'fr', local: 'en', languages: ['nl-NL'] });
    const instance = i18next.createInstance();
    await instance.use(languageDetector).init({
      fallbackLng: 'nl',
      supportedLngs: ['nl', 'en'],
      load: 'languageOnly',
      resources: { nl: { translation: {} }, en: { translation: {} } },
    });
    expect(instance.language).toBe('en');
    await instance.changeLanguage('nl');
    expect(window.localStorage.getItem('i18nextLng')).toBe('nl');
    setSources({});
  });

  it('also caches the choice in the i18next cookie, which the server renders pages by', async () => {
    setSources({ languages: ['en-GB'] });
    const instance = i18next.createInstance();
    await instance.use(languageDetector).init({ fallbackLng: 'nl', supportedLngs: ['nl', 'en'], load: 'languageOnly', resources: { nl: { translation: {} }, en: { translation: {} } } });
    expect(document.cookie).toContain('i18next=en');
    await instance.changeLanguage('nl');
    expect(document.cookie).toContain('i18next=nl');
    expect(detectLanguages()[0]).toBe('nl');
    setSources({});
  });
});
