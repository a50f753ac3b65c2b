import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslatorProvider } from '../src/lib/useTranslation';
import { render } from '@testing-library/react';
import type { GiftCard } from '@tessera/contracts';
import { BalanceResult } from '../src/flows/balance/BalanceResult';
import { MemoryRouter, captchaRoute, createTestI18n, demoTheme, errorSummary, fieldErrorOf, mockFetch, renderApp, summaryItems, themeRoute } from './utils';
import { expectPosted, submitCardLookup } from './helpers/cardLookup';

const card: GiftCard = {
  code: '6064000000000000101',
  expiresAt: '2099-12-31',
  balances: [{ quantity: { value: 2500, assetCode: 'EUR' } }],
  resetUrl: '/demo/reset',
  transactions: [
    { kind: 'redemption', amount: { value: -750, assetCode: 'EUR' }, createdAt: '2026-03-12T14:30:00.000Z' },
    { kind: 'load', amount: { value: 3250, assetCode: 'EUR' }, createdAt: '2026-01-05T10:00:00.000Z' },
  ],
};

const fillAndSubmit = (pin = '482913') =>
  submitCardLookup({ heading: 'Check your balance', cardNumber: '6064 0000 0000 0000 101', securityCode: pin, submit: 'Check balance' });

describe('BALANCE lookup', () => {
  it('posts the brand code, stripped number, code and captcha token with x-flow-type BALANCE', async () => {
    const { requests } = mockFetch([themeRoute(), captchaRoute, { method: 'POST', path: '/api/GiftCard/', body: card }]);
    renderApp('/demo/balance');
    await fillAndSubmit();

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/demo/balance/amount'));
    expectPosted(requests, '/api/GiftCard/', 'BALANCE', {
      code: 'DEMO',
      giftCardNumber: '6064000000000000101',
      pinCode: '482913',
      'g-recaptcha-response': 'test-pass',
      showResetUrl: true,
    });
    // the card is kept in flow state, never in the URL
    expect(screen.getByTestId('location').textContent).not.toContain('6064');
    expect(JSON.parse(window.sessionStorage.getItem('tessera.balance.demo')!)).toMatchObject({ code: card.code });
    expect(await screen.findByText('€ 25,00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set a new security code' }).getAttribute('href')).toBe('/demo/reset');
  });

  it('moves focus to the new screen\'s heading after the lookup, and not on the page load', async () => {
    mockFetch([themeRoute(), captchaRoute, { method: 'POST', path: '/api/GiftCard/', body: card }]);
    renderApp('/demo/balance');
    const start = await screen.findByRole('heading', { level: 1, name: 'Check your balance' });
    expect(document.activeElement).not.toBe(start);
    await fillAndSubmit();
    const amount = await screen.findByRole('heading', { level: 1, name: 'Your balance' });
    await waitFor(() => expect(document.activeElement).toBe(amount));
  });

  it('shows the invalid-card message on 404, and retry clears the security code', async () => {
    mockFetch([themeRoute(), captchaRoute, { method: 'POST', path: '/api/GiftCard/', status: 404, body: { code: 'CARD_NOT_FOUND', message: 'not found' } }]);
    renderApp('/demo/balance');
    const user = await fillAndSubmit('000000');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not find a card with this card number and security code.');
    expect((screen.getByLabelText('Security code') as HTMLInputElement).value).toBe('000000');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((screen.getByLabelText('Security code') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('6064 0000 0000 0000 101');
    expect(screen.queryByText(/We could not find a card/)).toBeNull();
  });

  it('shows too many attempts on 400 TOO_MANY_REQUESTS', async () => {
    mockFetch([themeRoute(), captchaRoute, { method: 'POST', path: '/api/GiftCard/', status: 400, body: { code: 'TOO_MANY_REQUESTS', message: 'locked' } }]);
    renderApp('/demo/balance');
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts.');
  });

  it('shows page-unavailable on 403 FLOW_UNAVAILABLE', async () => {
    mockFetch([themeRoute(), captchaRoute, { method: 'POST', path: '/api/GiftCard/', status: 403, body: { code: 'FLOW_UNAVAILABLE', message: 'no' } }]);
    renderApp('/demo/balance');
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { name: 'This page is not available' })).toBeTruthy();
  });

  it('shows a generic error on a network failure and goes to the error page on a server error', async () => {
    mockFetch([themeRoute(), captchaRoute, { method: 'POST', path: '/api/GiftCard/', networkError: true }]);
    const first = renderApp('/demo/balance');
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not reach the server.');
    first.unmount();

    mockFetch([themeRoute(), captchaRoute, { method: 'POST', path: '/api/GiftCard/', status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } }]);
    renderApp('/demo/balance');
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/demo/balance/error'));
    expect(screen.getByText('Error code: F110')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the start' }).getAttribute('href')).toBe('/demo/balance');
  });

  it('validates the fields before calling the server', async () => {
    const { requests } = mockFetch([themeRoute(), captchaRoute]);
    renderApp('/demo/balance');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Check your balance' });
    await user.type(screen.getByLabelText('Card number'), '1234');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    // The summary lists both and takes focus; each field shows its own error, tied to it.
    const summary = errorSummary()!;
    expect(document.activeElement).toBe(summary);
    expect(summaryItems()).toEqual(['A card number has 16 to 19 digits.', 'Enter your security code.']);
    expect(document.title).toMatch(/^Error: /);
    expect(fieldErrorOf(screen.getByLabelText('Card number'))).toBe('A card number has 16 to 19 digits.');
    expect(fieldErrorOf(screen.getByLabelText('Security code'))).toBe('Enter your security code.');
    await user.click(within(summary).getByRole('link', { name: 'Enter your security code.' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Security code'));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows the captcha load error at card lookup', async () => {
    mockFetch([themeRoute(), { path: '/api/Utility/Recaptcha', status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } }]);
    renderApp('/demo/balance');
    // the key is retried once (about 1 s) before the error shows
    expect(await screen.findByText('The security check could not be loaded. Reload the page and try again.', {}, { timeout: 4000 })).toBeTruthy();
  });

  it('loads the reCAPTCHA widget on demand when the server chooses Google reCAPTCHA', async () => {
    mockFetch([themeRoute(), { path: '/api/Utility/Recaptcha', body: { provider: 'recaptcha', key: 'site-key' } }]);
    renderApp('/demo/balance');
    const selector = 'script[src^="https://www.google.com/recaptcha/api.js"]';
    // The widget is a chunk of its own (off the first screen); once loaded it adds Google's script.
    await waitFor(() => expect(document.head.querySelector(selector)).not.toBeNull());
    const script = document.head.querySelector<HTMLScriptElement>(selector)!;
    expect(script.src).toContain('render=explicit');
    expect(script.src).toContain('hl=en');
    script.remove();
  });

  it('loads reCAPTCHA from recaptcha.net when the server names that origin', async () => {
    mockFetch([themeRoute(), { path: '/api/Utility/Recaptcha', body: { provider: 'recaptcha', key: 'site-key', scriptOrigin: 'https://www.recaptcha.net' } }]);
    renderApp('/demo/balance');
    const selector = 'script[src^="https://www.recaptcha.net/recaptcha/api.js"]';
    await waitFor(() => expect(document.head.querySelector(selector)).not.toBeNull());
    expect(document.head.querySelector('script[src^="https://www.google.com/"]')).toBeNull();
    document.head.querySelector(selector)!.remove();
  });
});

describe('BALANCE information blocks by informationType', () => {
  const cases = [
    { type: 0, name: 'None' },
    { type: 1, name: 'Tooltip' },
    { type: 2, name: 'ContainerAbove' },
    { type: 3, name: 'ContainerBelow' },
    { type: 4, name: 'ContainerBeneath' },
  ] as const;

  for (const { type, name } of cases) {
    it(`places the explanations for ${name}`, async () => {
      mockFetch([themeRoute(demoTheme({}, { informationType: type })), captchaRoute]);
      renderApp('/demo/balance');
      await screen.findByRole('heading', { level: 1, name: 'Check your balance' });
      const blocks = screen.queryByTestId('information-blocks');
      const infoButtons = screen.queryAllByRole('button', { name: 'More information' });
      const form = document.querySelector('form')!;
      // the footer's issuer tooltip is always there
      const labelTooltips = infoButtons.filter((b) => form.contains(b));
      if (type === 0) {
        expect(blocks).toBeNull();
        expect(labelTooltips).toHaveLength(0);
      } else if (type === 1) {
        expect(blocks).toBeNull();
        expect(labelTooltips).toHaveLength(2);
        expect(screen.getAllByRole('tooltip', { hidden: true }).map((t) => t.textContent)).toContain(
          'The card number is on the back of your card, usually below the barcode. The security code is under the scratch-off layer.',
        );
      } else {
        expect(blocks).not.toBeNull();
        expect(labelTooltips).toHaveLength(0);
        expect(within(blocks!).getByRole('heading', { name: 'Where do I find my details?' })).toBeTruthy();
        expect(within(blocks!).getByRole('heading', { name: 'Lost your security code?' })).toBeTruthy();
        const position = form.compareDocumentPosition(blocks!);
        if (type === 2) expect(position & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
        else expect(position & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
        if (type !== 2) expect(screen.getByRole('link', { name: 'How does it work?' }).getAttribute('href')).toBe('#balance-information');
      }
    });
  }
});

describe('BALANCE reset explanation', () => {
  it('tells how to reset when the brand offers RESET, and points to the issuer otherwise', async () => {
    const withReset = demoTheme({}, { informationType: 2 });
    withReset.pageAvailability = [...withReset.pageAvailability, { code: 'RESET', isAvailable: true, availableLanguages: ['nl', 'en'] }];
    mockFetch([themeRoute(withReset), captchaRoute]);
    const first = renderApp('/demo/balance');
    const blocks = await screen.findByTestId('information-blocks');
    expect(within(blocks).getByText(/recovery code you received with your card/)).toBeTruthy();
    first.unmount();

    const noReset = demoTheme({}, { informationType: 2 });
    noReset.pageAvailability = [...noReset.pageAvailability, { code: 'RESET', isAvailable: false, availableLanguages: [] }];
    mockFetch([themeRoute(noReset), captchaRoute]);
    renderApp('/demo/balance');
    const blocksWithout = await screen.findByTestId('information-blocks');
    expect(within(blocksWithout).getByText(/Contact the issuer of your card/)).toBeTruthy();
    expect(within(blocksWithout).queryByText(/recovery code/)).toBeNull();
  });
});

describe('BALANCE amount', () => {
  it('redirects to the start without a card', async () => {
    mockFetch([themeRoute(), captchaRoute]);
    renderApp('/demo/balance/amount');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/demo/balance'));
  });

  it('shows the stored card after a reload, and retry clears it and goes back', async () => {
    window.sessionStorage.setItem('tessera.balance.demo', JSON.stringify(card));
    mockFetch([themeRoute(), captchaRoute]);
    renderApp('/demo/balance/amount');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your balance' })).toBeTruthy();
    expect(screen.getByTestId('card-balance').textContent).toBe('€ 25,00');
    expect(screen.getByRole('img', { name: 'Card ending in 101' })).toBeTruthy();
    expect(screen.getByText('Thank you for checking your balance. Enjoy spending it!')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check another card' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/demo/balance'));
    expect(window.sessionStorage.getItem('tessera.balance.demo')).toBeNull();
  });

  const now = new Date(2025, 5, 15);
  const validityCases: Array<[string | null, string]> = [
    [null, 'Your card has no expiry date.'],
    ['not a date', 'Your card has no expiry date.'],
    ['2025-06-15', 'Valid until 15/06/2025.'],
    ['2025-05-16', 'Your card expired on 16/05/2025. Contact the issuer of your card to find out whether you can still use your balance.'],
    ['2023-06-15', 'Your card expired on 15/06/2023 and can no longer be used.'],
  ];
  for (const [expiresAt, text] of validityCases) {
    it(`shows the validity text for expiresAt ${expiresAt}`, () => {
      render(
        <MemoryRouter>
          <TranslatorProvider translator={createTestI18n('en')}>
            <BalanceResult card={{ ...card, expiresAt, resetUrl: undefined }} onRetry={() => {}} now={now} />
          </TranslatorProvider>
        </MemoryRouter>,
      );
      expect(screen.getByTestId('validity').textContent).toBe(text);
      expect(screen.getByTestId('card-balance').textContent).toBe('€ 25,00');
      expect(screen.queryByRole('link')).toBeNull();
    });
  }

  it('formats in Dutch with the nl texts', () => {
    render(
      <MemoryRouter>
        <TranslatorProvider translator={createTestI18n('nl')}>
          <BalanceResult card={card} onRetry={() => {}} now={now} />
        </TranslatorProvider>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('validity').textContent).toBe('Geldig tot en met 31-12-2099.');
    expect(screen.getByText('Saldo')).toBeTruthy();
  });
});

describe('BALANCE embed', () => {
  it('shows only a short note outside a frame', async () => {
    mockFetch([themeRoute(), captchaRoute]);
    renderApp('/demo/balance/embed/balance');
    expect(await screen.findByText('This balance check is meant to be shown inside another website.')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('renders the compact lookup inside a frame', async () => {
    mockFetch([themeRoute(), captchaRoute]);
    const top = window.top;
    Object.defineProperty(window, 'top', { configurable: true, get: () => ({}) });
    try {
      renderApp('/demo/balance/embed/balance');
      expect(await screen.findByLabelText('Card number')).toBeTruthy();
      expect(screen.queryByRole('contentinfo')).toBeNull();
    } finally {
      Object.defineProperty(window, 'top', { configurable: true, get: () => top });
    }
  });
});
