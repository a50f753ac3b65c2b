import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { GiftCard, Theme } from '@tessera/contracts';
import { captchaRoute, demoTheme, mockFetch, renderApp, themeRoute } from './utils';
import { newHolder, visaTheme } from './helpers/visa';
import { visaStore } from '../src/flows/visa/state';
import { payoutSecret, payoutStore } from '../src/flows/payout/state';
import { forgetPayoutReturns } from '../src/flows/payout/CallbackScreen';
import { identifyRegistered, identifySecret, identifyStore } from '../src/flows/identify/state';
import { maskedCardOf } from '../src/lib/maskedCard';
import { forgetIdentifyReturns } from '../src/flows/identify/CallbackScreen';

/** axe in jsdom: colour contrast needs real layout, so it is left to the Playwright e2e. */
async function expectNoViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  const summary = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/** Renders the app at `path`, waits for the screen's h1 and checks the page with axe; the view, to unmount. */
async function renderAccessible(path: string, heading: string, findOptions?: { timeout: number }) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: heading }, findOptions);
  await expectNoViolations();
  return view;
}

const card: GiftCard = { code: '6064000000000000101', expiresAt: '2099-12-31', balances: [{ quantity: { value: 2500, assetCode: 'EUR' } }], resetUrl: '/demo/reset', transactions: [{ kind: 'load', amount: { value: 2500, assetCode: 'EUR' }, createdAt: '2026-01-05T10:00:00.000Z' }] };

describe('accessibility (axe-core)', () => {
  for (const informationType of [1, 3] as const) {
    it(`balance lookup (informationType ${informationType})`, async () => {
      mockFetch([themeRoute(demoTheme({}, { informationType })), captchaRoute]);
      await renderAccessible('/demo/balance', 'Check your balance');
    });
  }

  it('balance lookup with field errors', async () => {
    mockFetch([themeRoute(), captchaRoute]);
    renderApp('/demo/balance');
    await screen.findByRole('heading', { level: 1, name: 'Check your balance' });
    screen.getByRole('button', { name: 'Check balance' }).click();
    // in the error summary and under the field
    expect(await screen.findAllByText('Enter your card number.')).toHaveLength(2);
    await expectNoViolations();
  });

  it('balance amount', async () => {
    window.sessionStorage.setItem('tessera.balance.demo', JSON.stringify(card));
    mockFetch([themeRoute(), captchaRoute]);
    await renderAccessible('/demo/balance/amount', 'Your balance');
  });

  it('error page, page unavailable and not found', async () => {
    mockFetch([themeRoute(), captchaRoute]);
    (await renderAccessible('/demo/balance/error', 'Something went wrong')).unmount();
    (await renderAccessible('/demo/replace', 'Deze pagina is niet beschikbaar')).unmount();
    await renderAccessible('/demo/visa/nope', 'Page not found');
  });

  const allFlows: Theme = demoTheme({
    pageAvailability: ['BALANCE', 'RESET', 'REPLACE'].map((code) => ({ code: code as Theme['pageAvailability'][number]['code'], isAvailable: true, availableLanguages: ['nl', 'en'] })),
  });

  it('reset form, empty and with every message showing', { timeout: 15_000 }, async () => {
    mockFetch([themeRoute(allFlows), captchaRoute, { method: 'POST', path: '/api/recovery/DEMO/', status: 400, body: { code: 'RECOVERY_CODE_NOT_FOUND', message: 'x' } }]);
    await renderAccessible('/demo/reset', 'Set a new security code');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Card number'), '6064 0000 0000 0000 107');
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('111111');
    await user.type(screen.getByLabelText('New security code'), 'Tq8m3x');
    await user.type(screen.getByLabelText('Repeat new security code'), 'Tq8m3x');
    await user.click(screen.getByRole('button', { name: 'Set new security code' }));
    await screen.findAllByText(/This recovery code does not belong to this card/);
    await expectNoViolations();

    await user.type(screen.getByLabelText('New security code'), '9');
    await user.type(screen.getByLabelText('Repeat new security code'), '{Backspace}');
    await screen.findByText('Too many characters. Use exactly 6.');
    await screen.findByText('The codes are not the same.');
    await expectNoViolations();
  });

  it('reset success and error', async () => {
    window.sessionStorage.setItem('tessera.reset.demo', JSON.stringify(card));
    mockFetch([themeRoute(allFlows), captchaRoute]);
    (await renderAccessible('/demo/reset/success', 'Your new security code is set')).unmount();
    await renderAccessible('/demo/reset/error', 'Something went wrong');
  });

  it('replace start and e-mail with messages', { timeout: 15_000 }, async () => {
    mockFetch([
      themeRoute(allFlows),
      captchaRoute,
      { method: 'POST', path: '/api/ReplaceCard/', body: card },
      { method: 'POST', path: '/api/replacecard/DEMO/replace', status: 400, body: { code: 'BALANCE_TOO_LOW', message: 'x' } },
    ]);
    const a = await renderAccessible('/demo/replace', 'Replace your gift card');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Card number'), '6064 0000 0000 0000 108');
    await user.type(screen.getByLabelText('Security code'), '640092');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Where should we send your new card?' });
    await expectNoViolations();
    await user.type(screen.getByLabelText('E-mail address'), 'jan@');
    await user.type(screen.getByLabelText('Repeat e-mail address'), 'piet@example.nl');
    await user.tab();
    await screen.findByText('The e-mail addresses are not the same.');
    await screen.findByText('Enter a valid e-mail address, such as name@example.com.');
    await expectNoViolations();
    await user.type(screen.getByLabelText('E-mail address'), 'example.nl');
    await user.clear(screen.getByLabelText('Repeat e-mail address'));
    await user.type(screen.getByLabelText('Repeat e-mail address'), 'jan@example.nl');
    await user.click(screen.getByRole('button', { name: 'Send my new card' }));
    await screen.findByText(/The balance on this card is too low to replace it\. You can still spend what is left with this card\./, { selector: 'li' });
    await expectNoViolations();
    a.unmount();
  });

  it('replace success and error', async () => {
    mockFetch([themeRoute(allFlows), captchaRoute]);
    window.sessionStorage.setItem('tessera.replace.demo', JSON.stringify({ card, sentTo: 'jan@example.nl' }));
    (await renderAccessible('/demo/replace/success', 'Your new card is on its way')).unmount();
    await renderAccessible('/demo/replace/error', "We don't know yet if your card was replaced");
  });

  it('visa activate, code step with the terms message, passcode step and failed', { timeout: 20_000 }, async () => {
    mockFetch([themeRoute(visaTheme), captchaRoute]);
    (await renderAccessible('/demo/visa/activate', 'Activate your Visa card', { timeout: 5000 })).unmount();

    visaStore('activation', 'demo').set({ cardNumber: '4000000000000000001', phoneNumber: '+*********01' });
    const b = renderApp('/demo/visa/activate/otc');
    await screen.findByRole('heading', { level: 1, name: 'Enter your code' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findAllByText('Please accept the terms and conditions');
    await expectNoViolations();
    b.unmount();

    visaStore('activation', 'demo').update({ otcNumber: '123456' });
    const c = renderApp('/demo/visa/activate/security');
    await screen.findByRole('heading', { level: 1, name: 'Activate your Visa card' });
    await user.type(screen.getByLabelText('Passcode'), '123456');
    await user.type(screen.getByLabelText('Repeat passcode'), '1234');
    await expectNoViolations();
    c.unmount();

    await renderAccessible('/demo/visa/activate/failed', 'Activation failed');
  });

  it('visa review (partial, with the country list open) and the account screens', { timeout: 20_000 }, async () => {
    visaStore('activation', 'demo').set({ cardNumber: '4000000000000000001', otcNumber: '123456', securityCode: 'Tq8m3x' });
    mockFetch([themeRoute(visaTheme), captchaRoute, { method: 'POST', path: '/api/visa/GetHolderInformation/DEMO/', body: newHolder }]);
    const a = renderApp('/demo/visa/activate/review');
    await screen.findByRole('heading', { level: 2, name: 'Your details' }, { timeout: 5000 });
    await expectNoViolations();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Nationality' }), 'ne');
    await expectNoViolations();
    a.unmount();

    (await renderAccessible('/demo/visa/account', 'Log in to your card')).unmount();
    (await renderAccessible('/demo/visa/account/reset', 'Forgot your passcode')).unmount();

    visaStore('account', 'demo').set({
      cardNumber: '4000000000000000010',
      securityCode: 'Tq8m3x',
      passcodeReset: true,
      holder: { ...newHolder, status: 'active', nationality: 'NL', countryOfBirth: 'NL', dateOfBirth: '1985-04-12' },
    });
    await renderAccessible('/demo/visa/account/details', 'Your card');
  });
});

describe('accessibility of PAYOUT and IDENTIFY (axe-core)', () => {
  const theme = (informationType: Theme['styling']['informationType'] = 1): Theme =>
    demoTheme(
      {
        pageAvailability: ['BALANCE', 'PAYOUT', 'IDENTIFY'].map((code) => ({
          code: code as Theme['pageAvailability'][number]['code'],
          isAvailable: true,
          availableLanguages: ['nl', 'en'],
        })),
      },
      { informationType },
    );
  const issuers = [
    { id: 'ABNANL2A', name: 'ABN AMRO' },
    { id: 'INGBNL2A', name: 'ING' },
    { id: 'RABONL2U', name: 'Rabobank' },
  ];
  const payoutCard: GiftCard = { ...card, code: '6064000000000000109', payoutBalance: { balance: 4250, fee: 250, payout: 4000, assetCode: 'EUR' } };
  const providers = (code: string) => ({ path: `/api/Authentication/${code}/providers`, body: [{ provider: 'IDIN', issuers }] });
  const holdPayout = (held: GiftCard = payoutCard) => {
    window.sessionStorage.setItem('tessera.payout.demo', JSON.stringify({ card: maskedCardOf(held) }));
    payoutSecret.set('demo', { cardNumber: held.code, securityCode: '219936' });
  };
  const sessionId = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg';

  it('payout start, and amount empty, with a bank warning and with an IBAN error', { timeout: 20_000 }, async () => {
    mockFetch([themeRoute(theme()), captchaRoute, providers('DEMO')]);
    (await renderAccessible('/demo/payout', 'Pay out your balance')).unmount();

    holdPayout();
    await renderAccessible('/demo/payout/amount', 'Your payout');
    const user = userEvent.setup();
    const iban = screen.getByLabelText('IBAN (bank account number)');
    await user.type(iban, 'NL68KNAB0123456789');
    await screen.findByText(/Payouts to KNAB are not possible/);
    await expectNoViolations();
    await user.clear(iban);
    await user.type(iban, 'NL91INGB0002445588');
    await screen.findByText('This IBAN is not correct. Check that you copied every character.');
    await expectNoViolations();
    await user.clear(iban);
    await user.type(iban, 'NL69INGB0123456789');
    await screen.findByText('Bank: ING');
    await expectNoViolations();
    payoutSecret.clearAll();
  });

  it('payout callback (loading) and every outcome screen', { timeout: 20_000 }, async () => {
    forgetPayoutReturns();
    window.localStorage.setItem(
      'a11y-state',
      JSON.stringify({ url: '/demo/payout/callback', card: maskedCardOf(payoutCard), bankCode: 'INGB', createdAt: Date.now() }),
    );
    mockFetch([themeRoute(theme()), captchaRoute, providers('DEMO')]);
    const answered = globalThis.fetch;
    // the customer call never answers: the loading screen stays
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => (String(input).endsWith('/customer') ? new Promise(() => {}) : answered(input, init)));
    (await renderAccessible(`/demo/payout/callback?state=a11y-state&sessionId=${sessionId}`, 'Processing your payout')).unmount();

    // (the callback above already put the card in the flow's store: set it there)
    payoutStore('demo').set({ card: maskedCardOf(payoutCard), result: { payout: 4000, fee: 250, assetCode: 'EUR', bankAccountNumber: 'NL69INGB******6789' } });
    for (const [path, heading] of [
      ['success', 'Your payout is on its way'],
      ['failed', 'Something went wrong'],
      ['cancelled', 'Payout cancelled'],
      ['alreadyregistered', 'This card is already registered'],
      ['nobalance', 'No balance to pay out'],
      ['unsufficientbalance', 'Balance too low to pay out'],
    ] as const) {
      (await renderAccessible(`/demo/payout/${path}`, heading)).unmount();
    }
  });

  for (const informationType of [2, 3] as const) {
    it(`identify start (informationType ${informationType})`, async () => {
      mockFetch([themeRoute(theme(informationType)), captchaRoute]);
      await renderAccessible('/demo/identify', 'Register your card');
    });
  }

  it('identify provider (before and after choosing a bank), callback, success and failed', { timeout: 20_000 }, async () => {
    forgetIdentifyReturns();
    const identifyCard: GiftCard = { ...card, code: '6064000000000000110' };
    window.sessionStorage.setItem('tessera.identify.demo', JSON.stringify({ card: maskedCardOf(identifyCard) }));
    identifySecret.set('demo', { cardNumber: identifyCard.code, securityCode: '773415' });
    mockFetch([themeRoute(theme()), captchaRoute, providers('DEMO')]);
    const a = renderApp('/demo/identify/provider');
    await screen.findByRole('heading', { level: 1, name: 'Identify with iDIN' });
    await screen.findByRole('option', { name: 'Rabobank' });
    await expectNoViolations();
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Choose your bank' }), 'Rabobank');
    await expectNoViolations();
    a.unmount();

    window.localStorage.setItem(
      'a11y-identify',
      JSON.stringify({ url: '/demo/identify/callback', card: maskedCardOf(identifyCard), createdAt: Date.now() }),
    );
    const answered = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => (String(input).includes('/customer') ? new Promise(() => {}) : answered(input, init)));
    (await renderAccessible(`/demo/identify/callback?state=a11y-identify&sessionId=${sessionId}`, 'Registering your card')).unmount();

    identifyStore('demo').set({ card: maskedCardOf(identifyCard), registered: true });
    identifyRegistered.set('demo', identifyCard.code);
    (await renderAccessible('/demo/identify/success', 'Your card is registered')).unmount();
    identifyStore('demo').set({ card: maskedCardOf(identifyCard), failure: 'cancelled' });
    await renderAccessible('/demo/identify/failed', 'Your card is not registered');
    identifySecret.clearAll();
    identifyRegistered.clearAll();
  });
});
