import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coreTexts } from '../src/lib/i18nCore';
import { Translator } from '../src/lib/translator';
import { captchaRoute, createTestI18n, demoTheme, mockFetch, renderApp, renderWithProviders, themeRoute } from './utils';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('/callback: back from an outside page to the stored one', () => {
  it('sends the user to / without a state', async () => {
    mockFetch([]);
    renderApp('/callback?sessionId=abc');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('navigates to the stored url with the current query string appended', async () => {
    mockFetch([themeRoute(demoTheme({}, {}))]);
    window.localStorage.setItem('st-1', JSON.stringify({ url: '/demo/payout/callback' }));
    renderApp('/callback?state=st-1&sessionId=s-9');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/demo/payout/callback?state=st-1&sessionId=s-9'),
    );
  });

  it('does nothing when the state has no stored entry', async () => {
    mockFetch([]);
    renderApp('/callback?state=unknown&sessionId=s-9');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('location').textContent).toBe('/callback?state=unknown&sessionId=s-9');
    expect(screen.getByText('Loading…')).toBeTruthy();
  });

  it('ignores an entry that points off-site', async () => {
    mockFetch([]);
    window.localStorage.setItem('st-2', JSON.stringify({ url: '//evil.example/x' }));
    renderApp('/callback?state=st-2');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('location').textContent).toBe('/callback?state=st-2');
  });
});

describe('page shell and theme', () => {
  it('hides the language dropdown with 1 language and shows it with 2', async () => {
    const single = demoTheme({ pageAvailability: [{ code: 'BALANCE', isAvailable: true, availableLanguages: ['nl'] }] });
    mockFetch([themeRoute(single), captchaRoute]);
    const first = renderApp('/demo/balance');
    // only nl is offered, so the page switches to Dutch
    await screen.findByRole('heading', { level: 1, name: 'Bekijk je saldo' });
    expect(screen.queryByRole('combobox')).toBeNull();
    first.unmount();

    mockFetch([themeRoute(), captchaRoute]);
    renderApp('/demo/balance');
    await screen.findByRole('heading', { level: 1, name: 'Check your balance' });
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Nederlands', 'English']);
    await userEvent.setup().selectOptions(select, 'nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bekijk je saldo' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('nl');
  });

  it('injects the brand stylesheet, applies the styling and sets the document title', async () => {
    const theme = demoTheme({}, { logo: '/logo.svg', addSwoosh: true, backgroundVariant: 'dark', useGradient: true });
    mockFetch([themeRoute(theme), captchaRoute]);
    renderApp('/demo/balance');
    await screen.findByRole('heading', { level: 1, name: 'Check your balance' });
    expect(document.head.querySelector('link[rel="stylesheet"][href="/api/css/theme/demo/custom.css"]')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Tessera Demo logo' }).getAttribute('src')).toBe('/logo.svg');
    expect(screen.getByTestId('swoosh')).toBeTruthy();
    const shell = document.querySelector('[data-variant]')!;
    expect(shell.getAttribute('data-variant')).toBe('dark');
    expect(shell.getAttribute('data-gradient')).toBe('true');
    await waitFor(() => expect(document.title).toBe('Check your balance | Tessera Demo'));
    expect(screen.getByText('This card is issued by a licensed electronic money institution.')).toBeTruthy();
  });

  it('shows the page-unavailable notice when the brand does not offer the flow', async () => {
    mockFetch([themeRoute()]);
    renderApp('/demo/replace');
    // REPLACE lists only nl for this brand, so the notice is in Dutch
    expect(await screen.findByRole('heading', { level: 1, name: 'Deze pagina is niet beschikbaar' })).toBeTruthy();
  });

  it('shows page-unavailable (in the fallback language nl) for a flow the theme does not list', async () => {
    mockFetch([themeRoute()]);
    renderApp('/demo/Identify/provider');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deze pagina is niet beschikbaar' })).toBeTruthy();
  });

  it('shows page-unavailable in English when the flow offers it', async () => {
    const theme = demoTheme({ pageAvailability: [{ code: 'PAYOUT', isAvailable: false, availableLanguages: ['nl', 'en'] }] });
    mockFetch([themeRoute(theme)]);
    renderApp('/demo/payout/amount');
    expect(await screen.findByRole('heading', { level: 1, name: 'This page is not available' })).toBeTruthy();
  });

  it('shows IDENTIFY at both /Identify and /identify', async () => {
    const theme = demoTheme({ pageAvailability: [{ code: 'IDENTIFY', isAvailable: true, availableLanguages: ['nl', 'en'] }] });
    mockFetch([themeRoute(theme), captchaRoute]);
    const first = renderApp('/demo/Identify');
    expect(await screen.findByRole('heading', { level: 1, name: 'Register your card' })).toBeTruthy();
    first.unmount();
    renderApp('/demo/identify');
    expect(await screen.findByRole('heading', { level: 1, name: 'Register your card' })).toBeTruthy();
  });

  it('shows a clear not-found page for an unknown brand', async () => {
    mockFetch([{ path: '/api/theme/nope', status: 404, body: { code: 'THEME_NOT_FOUND', message: 'x' } }]);
    renderApp('/nope/balance');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this portal' })).toBeTruthy();
  });

  it('shows not-found for unknown paths inside and outside a flow', async () => {
    mockFetch([themeRoute(), captchaRoute]);
    const first = renderApp('/demo/balance/nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    first.unmount();
    renderApp('/just/some/path');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('ErrorBoundary', () => {
  function Bomb(): never {
    throw new Error('kaboom');
  }

  it('shows the error page with a generated id and reports it to the server', async () => {
    const { requests } = mockFetch([{ method: 'POST', path: '/api/Utility/Error', body: { id: 'x' } }]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<Bomb />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.url === '/api/Utility/Error')).toBe(true));
    const report = requests.find((r) => r.url === '/api/Utility/Error')!;
    expect(report.method).toBe('POST');
    const body = report.body as { id: string; code: string; message: string; info: string };
    expect(body.id).toMatch(UUID);
    expect(body.code).toBe('REACT_COMPONENT_ERROR');
    expect(body.message).toBe('kaboom');
    expect(typeof body.info).toBe('string');
    expect(screen.getByText(`Reference: ${body.id}`)).toBeTruthy();
    expect(screen.getByText('Error code: F110')).toBeTruthy();
  });
});

describe('route table', () => {
  it('matches the flow segment case-sensitively: /demo/Balance is not found', async () => {
    mockFetch([themeRoute(), captchaRoute]);
    renderApp('/demo/Balance');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('mounts IDENTIFY under both /Identify and /identify', async () => {
    const theme = demoTheme({ pageAvailability: [{ code: 'IDENTIFY', isAvailable: false, availableLanguages: ['en'] }] });
    for (const path of ['/demo/Identify', '/demo/identify/provider']) {
      mockFetch([themeRoute(theme)]);
      const view = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'This page is not available' })).toBeTruthy();
      view.unmount();
    }
  });

  it('navigates with absolute paths from inside the nested BALANCE area', async () => {
    mockFetch([themeRoute(), captchaRoute]);
    renderApp('/demo/balance/amount');
    // no card in flow state: back to the start of the flow (replace), not /demo/balance/demo/balance
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/demo/balance'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your balance' })).toBeTruthy();
  });
});

describe('home page /', () => {
  const brands = [
    {
      code: 'DEMO',
      slug: 'demo',
      name: 'Tessera Demo',
      flows: [
        { code: 'BALANCE', languages: ['nl', 'en'] },
        { code: 'VISA', languages: ['nl', 'en'] },
      ],
    },
    {
      code: 'ACME',
      slug: 'acme',
      name: 'Acme Cadeaukaart',
      flows: [
        { code: 'BALANCE', languages: ['nl'] },
        { code: 'REPLACE', languages: ['nl'] },
      ],
    },
    { code: 'ONLYVISA', slug: 'onlyvisa', name: 'Only Visa', flows: [{ code: 'VISA', languages: ['nl'] }] },
  ];

  it('lists the demo brands with a link to each flow the portal has screens for', async () => {
    mockFetch([{ path: '/api/demo/brands', body: brands }]);
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tessera demo' })).toBeTruthy();
    const demo = screen.getByRole('list', { name: 'Services of Tessera Demo' });
    const links = within(demo).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Check balance', '/demo/balance'],
      ['Activate Visa card', '/demo/visa'],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Acme Cadeaukaart' })).toBeTruthy();
    const acme = within(screen.getByRole('list', { name: 'Services of Acme Cadeaukaart' })).getAllByRole('link');
    expect(acme.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Check balance', '/acme/balance'],
      ['Replace gift card', '/acme/replace'],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Only Visa' })).toBeTruthy();
    expect(screen.getAllByText(/Languages: Nederlands, English/)).toHaveLength(2);
  });

  it('is in Dutch when the language is nl', async () => {
    mockFetch([{ path: '/api/demo/brands', body: brands }]);
    renderApp('/', { i18n: createTestI18n('nl') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tessera-demo' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Diensten van Tessera Demo' })).getByRole('link', { name: 'Saldo bekijken' })).toBeTruthy();
  });

  it('follows a flow link inside the app', async () => {
    mockFetch([{ path: '/api/demo/brands', body: brands }, themeRoute(), captchaRoute]);
    renderApp('/');
    const demo = await screen.findByRole('list', { name: 'Services of Tessera Demo' });
    await userEvent.setup().click(within(demo).getByRole('link', { name: 'Check balance' }));
    expect(screen.getByTestId('location').textContent).toBe('/demo/balance');
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your balance' })).toBeTruthy();
  });

  it('brings its own texts: `/` has no brand, so only the bundled core texts are there', async () => {
    mockFetch([{ path: '/api/demo/brands', body: brands }]);
    const i18n = new Translator({ language: 'en', fallbackLanguage: 'nl', core: coreTexts });
    renderApp('/', { i18n });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tessera demo' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Check balance' })).toHaveLength(2);
  });

  it('says not found when the server is not in demo mode', async () => {
    mockFetch([]);
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
