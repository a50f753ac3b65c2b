import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Theme } from '@tessera/contracts';
import { captchaRoute, demoTheme, errorSummary, euroCard, fieldErrorOf, mockFetch, offeredPage, renderApp, summaryItems, themeRoute, type MockRoute } from './utils';
import { itRedirectsToTheStart } from './helpers/redirects';
import { expectPosted } from './helpers/cardLookup';

const resetTheme: Theme = demoTheme({
  pageAvailability: [offeredPage('BALANCE'), offeredPage('RESET')],
});

const card = euroCard('6064000000000000107', 3000);

const recovery = (answer: Omit<MockRoute, 'path' | 'method'>): MockRoute => ({ method: 'POST', path: '/api/recovery/DEMO/', ...answer });
const refusal = (code: string, status = 400) => recovery({ status, body: { code, message: code } });

const submit = () => screen.getByRole('button', { name: 'Set new security code' }) as HTMLButtonElement;
const location = () => screen.getByTestId('location').textContent;

async function openForm() {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Set a new security code' });
  return user;
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, { code = 'Tq8m3x', otc = '654321' } = {}) {
  await user.type(screen.getByLabelText('Card number'), '6064 0000 0000 0000 107');
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.paste(otc);
  await user.type(screen.getByLabelText('New security code'), code);
  await user.type(screen.getByLabelText('Repeat new security code'), code);
}

/** The reset page opened, the form filled (the defaults: valid) and sent. */
async function submitForm(fields?: Parameters<typeof fillForm>[1]) {
  renderApp('/demo/reset');
  const user = await openForm();
  await fillForm(user, fields);
  await user.click(submit());
  return user;
}

const HINT_ALL_MISSING = 'Still needed: Card number, Recovery code, New security code, and Security check.';

describe('RESET form: a recovery code sets a new security code', { timeout: 20_000 }, () => {
  it('enables submit only once every field is valid, then posts the recovery with x-flow-type SECURITY_RESET', async () => {
    const { requests, fetchMock } = mockFetch([themeRoute(resetTheme), captchaRoute, recovery({ body: card })]);
    const { history } = renderApp('/demo/reset');
    const user = await openForm();
    expect(submit().disabled).toBe(true);
    // The disabled button's reason names what is missing, as the labels do.
    const hint = () => document.getElementById(submit().getAttribute('aria-describedby') ?? '')?.textContent;
    expect(hint()).toBe(HINT_ALL_MISSING);
    expect(screen.getByText(HINT_ALL_MISSING)).toBeTruthy();

    await user.type(screen.getByLabelText('Card number'), '6064 0000 0000 0000 107');
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('65432');
    await user.type(screen.getByLabelText('New security code'), 'Tq8m3x');
    await user.type(screen.getByLabelText('Repeat new security code'), 'Tq8m3x');
    // five digits of the recovery code
    expect(submit().disabled).toBe(true);
    await user.click(screen.getByRole('textbox', { name: 'Digit 6 of 6' }));
    await user.keyboard('1');
    expect(submit().disabled).toBe(false);
    expect(submit().getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(/^Still needed:/)).toBeNull();

    // a repeat that differs disables it again
    await user.type(screen.getByLabelText('Repeat new security code'), 'y');
    expect(submit().disabled).toBe(true);
    await user.type(screen.getByLabelText('Repeat new security code'), '{Backspace}');
    expect(submit().disabled).toBe(false);

    await user.click(submit());
    await waitFor(() => expect(location()).toBe('/demo/reset/success'));
    expectPosted(requests, '/api/recovery/DEMO/', 'SECURITY_RESET', {
      cardNumber: '6064000000000000107',
      otcNumber: '654321',
      securityCode: 'Tq8m3x',
      'g-recaptcha-response': 'test-pass',
    });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    // the success screen replaced the form in the history
    expect(history()).toEqual(['/demo/reset/success']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your new security code is set' })).toBeTruthy();
  });

  it('says a card number is too short once the cardholder leaves the field, and keeps submit disabled', async () => {
    mockFetch([themeRoute(resetTheme), captchaRoute]);
    renderApp('/demo/reset');
    const user = await openForm();
    const number = screen.getByLabelText('Card number');
    await user.type(number, '6064 0000');
    expect(screen.queryByText('A card number has 16 to 19 digits.')).toBeNull();
    await user.tab();
    expect(screen.getByText('A card number has 16 to 19 digits.')).toBeTruthy();
    expect(number.getAttribute('aria-invalid')).toBe('true');
    await user.type(number, '0000 0000 107');
    expect(screen.queryByText('A card number has 16 to 19 digits.')).toBeNull();
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('654321');
    await user.type(screen.getByLabelText('New security code'), 'Tq8m3x');
    await user.type(screen.getByLabelText('Repeat new security code'), 'Tq8m3x');
    expect(submit().disabled).toBe(false);
    await user.clear(number);
    await user.type(number, '6064 0000 0000 0000');
    expect(submit().disabled).toBe(false);
    await user.type(number, '{Backspace}');
    expect(submit().disabled).toBe(true);
  });

  it('keeps submit disabled for a guessable code', async () => {
    mockFetch([themeRoute(resetTheme), captchaRoute]);
    renderApp('/demo/reset');
    const user = await openForm();
    await fillForm(user, { code: '123456' });
    expect(screen.getByText('This code is too easy to guess. Avoid series like 123456, abcdef or 111111.')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    await user.clear(screen.getByLabelText('New security code'));
    await user.clear(screen.getByLabelText('Repeat new security code'));
    await user.type(screen.getByLabelText('New security code'), 'Tq8m3x');
    await user.type(screen.getByLabelText('Repeat new security code'), 'Tq8m3x');
    expect(submit().disabled).toBe(false);
  });

  it('SECURITY_CODE_INSECURE: the guess error on the new code, submit blocked until the code changes', async () => {
    const { requests } = mockFetch([themeRoute(resetTheme), captchaRoute, refusal('SECURITY_CODE_INSECURE')]);
    const user = await submitForm();

    const GUESS = 'This code is too easy to guess. Avoid series like 123456, abcdef or 111111.';
    await waitFor(() => expect(summaryItems()).toEqual([GUESS]));
    expect(document.activeElement).toBe(errorSummary());
    const code = screen.getByLabelText('New security code');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(fieldErrorOf(code)).toBe(GUESS);
    await user.click(within(errorSummary()!).getByRole('link', { name: GUESS }));
    expect(document.activeElement).toBe(code);
    expect(submit().disabled).toBe(true);
    expect(document.getElementById(submit().getAttribute('aria-describedby')!)?.textContent).toBe('Choose another new security code to continue.');
    expect(location()).toBe('/demo/reset');

    // the repeat alone does not lift it
    await user.type(screen.getByLabelText('Repeat new security code'), '{Backspace}x');
    expect(submit().disabled).toBe(true);

    await user.clear(code);
    await user.type(code, 'Zp4k7w');
    await user.clear(screen.getByLabelText('Repeat new security code'));
    await user.type(screen.getByLabelText('Repeat new security code'), 'Zp4k7w');
    expect(screen.queryByText(/too easy to guess/)).toBeNull();
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('RECOVERY_CODE_NOT_FOUND: the recovery-code error on the boxes, submit blocked until the code changes', async () => {
    mockFetch([themeRoute(resetTheme), captchaRoute, refusal('RECOVERY_CODE_NOT_FOUND')]);
    const user = await submitForm({ otc: '111111' });

    const NOT_FOUND = 'This recovery code does not belong to this card, or it has already been used. Check the code and the card number.';
    const group = screen.getByRole('group', { name: 'Recovery code' });
    await waitFor(() => expect(summaryItems()).toEqual([NOT_FOUND]));
    expect(document.activeElement).toBe(errorSummary());
    const first = within(group).getByRole('textbox', { name: 'Digit 1 of 6' });
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(fieldErrorOf(first)).toBe(NOT_FOUND);
    await user.click(within(errorSummary()!).getByRole('link', { name: NOT_FOUND }));
    expect(document.activeElement).toBe(first);
    expect(submit().disabled).toBe(true);
    expect(document.getElementById(submit().getAttribute('aria-describedby')!)?.textContent).toBe('Correct the recovery code to continue.');

    await user.keyboard('6');
    expect(fieldErrorOf(first)).toBeNull();
    expect(errorSummary()).toBeNull();
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  for (const [name, route] of [
    ['another 400 (TOO_MANY_REQUESTS)', refusal('TOO_MANY_REQUESTS')],
    ['a 400 VALIDATION_ERROR', refusal('VALIDATION_ERROR')],
    ['a 500', refusal('INTERNAL_ERROR', 500)],
    ['a 429', refusal('RATE_LIMITED', 429)],
  ] as const) {
    it(`goes to the reset error page on ${name}`, async () => {
      mockFetch([themeRoute(resetTheme), captchaRoute, route]);
      await submitForm();
      await waitFor(() => expect(location()).toBe('/demo/reset/error'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
      expect(screen.getByText(/We could not set a new security code/)).toBeTruthy();
      expect(screen.getByText('Error code: F110')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to the start' }).getAttribute('href')).toBe('/demo/reset');
    });
  }

  it('a network failure blocks submit with a message in the error summary; its "try again" lifts the block', async () => {
    const { requests } = mockFetch([themeRoute(resetTheme), captchaRoute, recovery({ networkError: true })]);
    const user = await submitForm();

    const alert = await screen.findByRole('alert');
    // A refusal about no field: an item without a link, focus on the summary, the retry inside.
    expect(summaryItems()).toEqual(['We could not reach the server. Check your internet connection and try again.']);
    expect(within(alert).queryByRole('link')).toBeNull();
    expect(document.activeElement).toBe(alert);
    expect(location()).toBe('/demo/reset');
    expect(submit().disabled).toBe(true);
    expect(submit().getAttribute('aria-describedby')).toBeNull();
    const retry = within(alert).getByRole('button', { name: 'Try again' });

    await user.click(retry);
    expect(screen.queryByText(/We could not reach the server/)).toBeNull();
    await waitFor(() => expect(submit().disabled).toBe(false));
    // focus goes on to the button, which the same security check token still enables
    expect(document.activeElement).toBe(submit());
    // nothing the cardholder typed is lost
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('6064 0000 0000 0000 107');
    await user.click(submit());
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2));
  });

  it('shows the captcha error inline when the server refuses the token, and a new check', async () => {
    mockFetch([themeRoute(resetTheme), captchaRoute, refusal('CAPTCHA_INVALID')]);
    await submitForm();
    const INVALID = 'The security check has expired or failed. Please complete it again.';
    // Inline at the check, and in the summary without a link (the check is no field to type in).
    await waitFor(() => expect(summaryItems()).toEqual([INVALID]));
    expect(within(errorSummary()!).queryByRole('link')).toBeNull();
    expect(document.getElementById('captcha-error')?.textContent).toBe(INVALID);
    expect(location()).toBe('/demo/reset');
  });

  it('is in Dutch with the nl texts', async () => {
    mockFetch([themeRoute(resetTheme), captchaRoute]);
    const { i18n } = renderApp('/demo/reset');
    await i18n.changeLanguage('nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nieuwe beveiligingscode instellen' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Herstelcode' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Cijfer 1 van 6' })).toBeTruthy();
  });
});

describe('RESET success: the card with its new security code', { timeout: 20_000 }, () => {
  itRedirectsToTheStart({ theme: resetTheme, start: '/demo/reset', screens: ['success'], startHeading: 'Set a new security code' });

  it('shows the notice, the masked card with its first balance, the validity and the end text', async () => {
    window.sessionStorage.setItem(
      'tessera.reset.demo',
      JSON.stringify({ ...card, balances: [...card.balances, { quantity: { value: 500, assetCode: 'USD' } }] }),
    );
    mockFetch([themeRoute(resetTheme), captchaRoute]);
    renderApp('/demo/reset/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your new security code is set' })).toBeTruthy();
    expect(screen.getByText('Done! From now on, use your new security code with this card.').closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Card ending in 107' }).textContent).toBe('XXXX XXXX XXXX XXXX 107');
    expect(screen.getByTestId('card-balance').textContent).toBe('€ 30,00');
    expect(screen.queryByText(/5,00/)).toBeNull();
    expect(screen.getByTestId('validity').textContent).toBe('Valid until 31/12/2099.');
    expect(screen.getByText(/Your old security code no longer works/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check your balance' }).getAttribute('href')).toBe('/demo/balance');
  });

  const now = new Date();
  const iso = (days: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, 12).toISOString().slice(0, 10);
  const validity: Array<[string | null, RegExp]> = [
    [null, /^Your card has no expiry date\.$/],
    [iso(-30), /^Your card expired on .* Contact the issuer/],
    [iso(-800), /^Your card expired on .* and can no longer be used\.$/],
  ];
  for (const [expiresAt, text] of validity) {
    it(`shows the validity text for expiresAt ${expiresAt}`, async () => {
      window.sessionStorage.setItem('tessera.reset.demo', JSON.stringify({ ...card, expiresAt }));
      mockFetch([themeRoute(resetTheme), captchaRoute]);
      renderApp('/demo/reset/success');
      expect((await screen.findByTestId('validity')).textContent).toMatch(text);
    });
  }
});
