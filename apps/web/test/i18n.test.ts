import { describe, expect, it, vi } from 'vitest';
import { TRANSLATION_LOADER } from '@tessera/contracts';
import { isRetryable, readTranslations } from '../src/lib/translationBackend';
import { detectLanguages, rememberLanguage } from '../src/lib/languageDetector';
import { coreTexts } from '../src/lib/i18nCore';
import { TextsReadError, Translator, type Texts } from '../src/lib/translator';
import { mockFetch } from './utils';

function read(slug: string | null, lng = 'en') {
  return readTranslations(slug, lng).then(
    (data) => ({ err: null, data }),
    (err: unknown) => ({ err, data: err instanceof TextsReadError ? err.retryable : undefined }),
  );
}

describe('translation reader', () => {
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

  it('says a network failure and a server error may be retried', async () => {
    mockFetch([{ path: '/api/translations/demo?culture=en', networkError: true }]);
    const network = await read('demo');
    expect(network.err).toBeInstanceOf(TextsReadError);
    expect(network.data).toBe(true);

    mockFetch([{ path: '/api/translations/demo?culture=en', status: 503, body: { code: 'X', message: 'down' } }]);
    const server = await read('demo');
    expect(server.err).toBeInstanceOf(TextsReadError);
    expect(server.data).toBe(true);
  });

  it('says a 404 or an answer that is not JSON will not change', async () => {
    mockFetch([{ path: '/api/translations/nope?culture=en', status: 404, body: { code: 'THEME_NOT_FOUND', message: 'x' } }]);
    expect((await read('nope')).data).toBe(false);

    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>', { status: 200 })));
    const notJson = await read('demo');
    expect(notJson.err).toBeInstanceOf(TextsReadError);
    expect(notJson.data).toBe(false);
  });

  it('classifies statuses', () => {
    expect([0, 408, 429, 500, 502, 503].every(isRetryable)).toBe(true);
    expect([400, 401, 403, 404, 410].some(isRetryable)).toBe(false);
  });
});

describe('translator loading: at most 10 reads at once, 5 retries, waits doubling from 350 ms', () => {
  it('retries a failing read maxRetries times, doubling the wait, then shows the core texts', async () => {
    vi.useFakeTimers();
    const { requests } = mockFetch([{ path: '/api/translations/demo?culture=en', status: 500, body: { code: 'X', message: 'x' } }]);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const translator = new Translator({ language: 'en', fallbackLanguage: false, core: coreTexts, read: (lng) => readTranslations('demo', lng) });
    const reads = () => requests.length;
    await vi.advanceTimersByTimeAsync(0);
    expect(reads()).toBe(1);
    expect(translator.ready).toBe(false);
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
    await translator.whenReady();
    expect(translator.ready).toBe(true);
    expect(translator.t('generic__error_Title')).toBe('Something went wrong');
  });

  it('does not retry a read that will not change', async () => {
    let reads = 0;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const translator = new Translator({
      language: 'en',
      fallbackLanguage: false,
      read: async () => {
        reads++;
        throw new TextsReadError('404', false);
      },
    });
    await translator.whenReady();
    expect(reads).toBe(1);
    expect(translator.ready).toBe(true);
  });

  it('reads at most 10 languages at once', async () => {
    let open = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const translator = new Translator({
      language: 'en',
      fallbackLanguage: false,
      resources: { en: {} },
      read: async () => {
        open++;
        most = Math.max(most, open);
        await new Promise<void>((resolve) => release.push(resolve));
        open--;
        return {};
      },
    });
    // Twelve reloads at once (each forgets what the one before started): twelve reads asked for.
    const reloads = Array.from({ length: 12 }, () => translator.reload());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(open).toBe(TRANSLATION_LOADER.maxParallelReads);
    while (release.length) {
      release.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await Promise.all(reloads);
    expect(most).toBe(TRANSLATION_LOADER.maxParallelReads);
    expect(open).toBe(0);
  });
});

describe('translator', () => {
  const resources = {
    en: { hello: 'Hello {{name}}', only_en: 'English only', plain: 'Plain' },
    nl: { hello: 'Hallo {{name}}', only_nl: 'Alleen Nederlands', plain: 'Gewoon' },
  };

  it('fills placeholders without escaping (React escapes) and leaves unknown ones', () => {
    const translator = new Translator({ language: 'en', resources, fallbackLanguage: 'nl' });
    expect(translator.t('hello', { name: '<b>Ann</b>' })).toBe('Hello <b>Ann</b>');
    expect(translator.t('hello', { other: 1 })).toBe('Hello {{name}}');
    expect(translator.t('plain', { name: 'x' })).toBe('Plain');
  });

  it('looks up the shown language, then its core texts, then the fallback language, then answers the default or the key', () => {
    const translator = new Translator({ language: 'en', resources, fallbackLanguage: 'nl', core: { en: { core_key: 'Core', plain: 'not this' }, nl: { core_nl: 'Kern' } } });
    expect(translator.t('plain')).toBe('Plain');
    expect(translator.t('core_key')).toBe('Core');
    expect(translator.t('only_nl')).toBe('Alleen Nederlands');
    expect(translator.t('core_nl')).toBe('Kern');
    expect(translator.t('missing', { defaultValue: 'EN' })).toBe('EN');
    expect(translator.t('missing')).toBe('missing');
    expect(translator.exists('only_nl')).toBe(true);
    expect(translator.exists('missing')).toBe(false);
  });

  it('has no fallback language on a server-rendered page', () => {
    const translator = new Translator({ language: 'en', resources, fallbackLanguage: false });
    expect(translator.t('only_nl')).toBe('only_nl');
  });

  it('matches languages by primary subtag and falls back to nl', () => {
    const translator = new Translator({ language: 'en', resources, fallbackLanguage: 'nl' });
    expect(translator.bestMatch(['fr', 'en-GB', 'nl'])).toBe('en');
    expect(translator.bestMatch(['NL-be'])).toBe('nl');
    expect(translator.bestMatch(['fr'])).toBe('nl');
    expect(new Translator({ detected: ['de', 'en-US'], resources, fallbackLanguage: 'nl' }).language).toBe('en');
  });

  it('switches language once its texts are here, tells listeners, and remembers the choice', async () => {
    const remembered: string[] = [];
    let deliver: (texts: Texts) => void = () => {};
    const translator = new Translator({
      language: 'en',
      resources: { en: resources.en },
      fallbackLanguage: false,
      remember: (lng) => remembered.push(lng),
      read: () => new Promise<Texts>((resolve) => (deliver = resolve)),
    });
    const heard = vi.fn();
    translator.subscribe(heard);
    const change = translator.changeLanguage('nl');
    await Promise.resolve();
    expect(translator.language).toBe('en');
    expect(translator.t('plain')).toBe('Plain');
    deliver(resources.nl);
    await change;
    expect(translator.language).toBe('nl');
    expect(translator.t('plain')).toBe('Gewoon');
    expect(heard).toHaveBeenCalled();
    expect(remembered).toEqual(['en', 'nl']);
  });

  it("adds a page's bundled texts without overwriting what is there", () => {
    const translator = new Translator({ language: 'en', resources, fallbackLanguage: 'nl', core: { en: { home__title: 'Kept' } } });
    translator.addCoreTexts('en', { home__title: 'New', home__intro: 'Intro' });
    expect(translator.t('home__title')).toBe('Kept');
    expect(translator.t('home__intro')).toBe('Intro');
  });
});

describe('language detector: where the language comes from and where the choice is kept', () => {
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
    const instance = new Translator({ detected: detectLanguages(), remember: rememberLanguage, resources: { nl: {}, en: {} } });
    expect(instance.language).toBe('en');
    await instance.changeLanguage('nl');
    expect(window.localStorage.getItem('i18nextLng')).toBe('nl');
    setSources({});
  });

  it('also caches the choice in the i18next cookie, which the server renders pages by', async () => {
    setSources({ languages: ['en-GB'] });
    const instance = new Translator({ detected: detectLanguages(), remember: rememberLanguage, resources: { nl: {}, en: {} } });
    expect(document.cookie).toContain('i18next=en');
    await instance.changeLanguage('nl');
    expect(document.cookie).toContain('i18next=nl');
    expect(detectLanguages()[0]).toBe('nl');
    setSources({});
  });
});
