import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Theme } from '@tessera/contracts';
import { replaceSecret } from '../src/flows/replace/state';
import { captchaRoute, createTestI18n, demoTheme, errorSummary, euroCard, fieldErrorOf, mockFetch, offeredPage, renderApp, summaryItems, texts, themeRoute, type MockRoute } from './utils';
import { itRedirectsToTheStart } from './helpers/redirects';
import { expectCardLookupPosted, expectPosted, submitCardLookup } from './helpers/cardLookup';

const replaceTheme = (withReset = true): Theme =>
  demoTheme({
    pageAvailability: [offeredPage('BALANCE'), offeredPage('REPLACE'), offeredPage('RESET', withReset)],
  });

const card = euroCard('6064000000000000108', 1800);

afterEach(() => replaceSecret.clearAll());

const lookupRoute = (answer: Omit<MockRoute, 'path' | 'method'> = { body: card }): MockRoute => ({ method: 'POST', path: '/api/ReplaceCard/', ...answer });
const replaceRoute = (answer: Omit<MockRoute, 'path' | 'method'>): MockRoute => ({ method: 'POST', path: '/api/replacecard/DEMO/replace', ...answer });

const location = () => screen.getByTestId('location').textContent;
const sendButton = () => screen.getByRole('button', { name: 'Send my new card' }) as HTMLButtonElement;

const lookUp = (pin = '640092') => submitCardLookup({ heading: 'Replace your gift card', cardNumber: '6064 0000 0000 0000 108', securityCode: pin });

/** The start, the lookup and the e-mail screen, as a cardholder gets there. */
async function toEmailScreen() {
  const user = await lookUp();
  await screen.findByRole('heading', { level: 1, name: 'Where should we send your new card?' });
  return user;
}

/** The whole REPLACE in Dutch as a cardholder goes through it: the lookup, then one address typed twice, sent. */
async function sendInDutch(email: string) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Vervang je cadeaukaart' });
  await user.type(screen.getByLabelText('Kaartnummer'), '6064 0000 0000 0000 108');
  await user.type(screen.getByLabelText('Beveiligingscode'), '640092');
  await user.click(screen.getByRole('button', { name: 'Verder' }));
  await screen.findByRole('heading', { level: 1, name: 'Waar sturen we je nieuwe kaart naartoe?' });
  await user.type(screen.getByLabelText('E-mailadres'), email);
  await user.type(screen.getByLabelText('Herhaal e-mailadres'), email);
  await user.click(screen.getByRole('button', { name: 'Stuur mijn nieuwe kaart' }));
}

async function typeAddresses(user: ReturnType<typeof userEvent.setup>, email: string, repeat: string) {
  await user.type(screen.getByLabelText('E-mail address'), email);
  await user.type(screen.getByLabelText('Repeat e-mail address'), repeat);
}

/** The lookup, then the address typed (and `repeat` typed again) on the e-mail screen, sent. */
async function sendTo(email: string, repeat = email) {
  const user = await toEmailScreen();
  await typeAddresses(user, email, repeat);
  await user.click(sendButton());
  return user;
}

describe('REPLACE start: looking the card up', { timeout: 20_000 }, () => {
  it('has the title, subtitle, four steps, how it works, and a link to RESET when the brand offers it', async () => {
    mockFetch([themeRoute(replaceTheme()), captchaRoute]);
    renderApp('/demo/replace');
    expect(await screen.findByRole('heading', { level: 1, name: 'Replace your gift card' })).toBeTruthy();
    expect(screen.getByText(/Get a new card with the same balance/)).toBeTruthy();
    const steps = screen.getByRole('list');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('heading', { level: 2, name: 'How to replace your card' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'How does it work?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lost your security code? Set a new one' }).getAttribute('href')).toBe('/demo/reset');
  });

  it('has no RESET link when the brand does not offer RESET', async () => {
    mockFetch([themeRoute(replaceTheme(false)), captchaRoute]);
    renderApp('/demo/replace');
    await screen.findByRole('heading', { level: 1, name: 'Replace your gift card' });
    expect(screen.queryByRole('link', { name: /security code/ })).toBeNull();
  });

  it('looks the card up with x-flow-type REPLACE and goes to the e-mail screen with the card and its balance', async () => {
    const { requests } = mockFetch([themeRoute(replaceTheme()), captchaRoute, lookupRoute()]);
    renderApp('/demo/replace');
    await lookUp();
    await waitFor(() => expect(location()).toBe('/demo/replace/email'));
    expectCardLookupPosted(requests, { path: '/api/ReplaceCard/', flowType: 'REPLACE', giftCardNumber: '6064000000000000108', pinCode: '640092' });
    expect(await screen.findByRole('img', { name: 'Card ending in 108' })).toBeTruthy();
    expect(screen.getByTestId('card-balance').textContent).toBe('€ 18,00');
    // the security code never reaches web storage
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain('640092');
  });

  it('shows the invalid-card message on a failed lookup, and retry clears the security code', async () => {
    mockFetch([themeRoute(replaceTheme()), captchaRoute, lookupRoute({ status: 404, body: { code: 'CARD_NOT_FOUND', message: 'x' } })]);
    renderApp('/demo/replace');
    const user = await lookUp('000000');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not find a card with this card number and security code.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((screen.getByLabelText('Security code') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Security code'));
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('6064 0000 0000 0000 108');
    expect(location()).toBe('/demo/replace');
  });
});

describe('REPLACE e-mail: checking the address and ordering the replacement', { timeout: 20_000 }, () => {
  it('says nothing while typing; an invalid address shows when the field is left, a mismatch when the repeat is left', async () => {
    mockFetch([themeRoute(replaceTheme()), captchaRoute, lookupRoute()]);
    renderApp('/demo/replace');
    const user = await toEmailScreen();
    const email = screen.getByLabelText('E-mail address');
    const repeat = screen.getByLabelText('Repeat e-mail address');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');

    await user.type(email, 'jan@exa');
    expect(fieldErrorOf(email)).toBeNull();
    await user.tab();
    // Visible next to the field and tied to it; no live region (the summary announces on submit).
    expect(screen.getByText('Enter a valid e-mail address, such as name@example.com.')).toBeTruthy();
    expect(fieldErrorOf(email)).toBe('Enter a valid e-mail address, such as name@example.com.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    // once shown, it follows the typing
    await user.type(email, 'mple.nl');
    expect(fieldErrorOf(email)).toBeNull();

    await user.type(repeat, 'jan@example.com');
    expect(fieldErrorOf(repeat)).toBeNull();
    await user.tab();
    expect(fieldErrorOf(repeat)).toBe('The e-mail addresses are not the same.');
    expect(repeat.getAttribute('aria-invalid')).toBe('true');
    await user.clear(repeat);
    await user.type(repeat, ' JAN@example.nl ');
    expect(fieldErrorOf(repeat)).toBeNull();
    expect(errorSummary()).toBeNull();
  });

  it('submits nothing while either address is invalid or they differ; the error summary takes focus and links to the field to fix', async () => {
    const { requests } = mockFetch([themeRoute(replaceTheme()), captchaRoute, lookupRoute()]);
    renderApp('/demo/replace');
    const user = await toEmailScreen();
    const INVALID = 'Enter a valid e-mail address, such as name@example.com.';
    const MATCH = 'The e-mail addresses are not the same.';
    await user.click(sendButton());
    expect(summaryItems()).toEqual([INVALID]);
    expect(document.activeElement).toBe(errorSummary());
    expect(fieldErrorOf(screen.getByLabelText('E-mail address'))).toBe(INVALID);
    await user.click(within(errorSummary()!).getByRole('link', { name: INVALID }));
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail address'));

    // an invalid address typed twice the same: the first field says it is invalid
    await typeAddresses(user, 'jan@example', 'jan@example');
    await user.click(sendButton());
    expect(summaryItems()).toEqual([INVALID]);
    expect(screen.queryByText(MATCH)).toBeNull();
    await user.clear(screen.getByLabelText('E-mail address'));
    await user.clear(screen.getByLabelText('Repeat e-mail address'));

    await typeAddresses(user, 'jan@example.nl', 'jan@example.com');
    await user.click(sendButton());
    expect(summaryItems()).toEqual([MATCH]);
    expect(document.activeElement).toBe(errorSummary());
    expect(fieldErrorOf(screen.getByLabelText('Repeat e-mail address'))).toBe(MATCH);
    await user.click(within(errorSummary()!).getByRole('link', { name: MATCH }));
    expect(document.activeElement).toBe(screen.getByLabelText('Repeat e-mail address'));
    expect(requests.filter((r) => r.url.includes('/replace'))).toHaveLength(0);
  });

  it('sends the card number, address, security code, balances and language, and shows where the card went', async () => {
    const { requests } = mockFetch([themeRoute(replaceTheme()), captchaRoute, lookupRoute(), replaceRoute({ body: { email: 'jan@example.nl' } })]);
    const { history } = renderApp('/demo/replace');
    await sendTo(' jan@example.nl', 'jan@example.nl');

    await waitFor(() => expect(location()).toBe('/demo/replace/success'));
    expectPosted(requests, '/api/replacecard/DEMO/replace', 'REPLACE', {
      code: '6064000000000000108',
      email: 'jan@example.nl',
      securityCode: '640092',
      balances: card.balances,
      culture: 'en',
    });
    // the e-mail step is not in the history any more: back goes to the start
    expect(history()).toEqual(['/demo/replace', '/demo/replace/success']);

    expect(await screen.findByRole('heading', { level: 1, name: 'Your new card is on its way' })).toBeTruthy();
    expect(screen.getByText('jan@example.nl').tagName).toBe('STRONG');
    expect(screen.getByText(/Look in your inbox for an e-mail from Tessera Demo/)).toBeTruthy();
    expect(screen.getByText(/spam or junk folder/)).toBeTruthy();
    expect(screen.getByText('Your balance of € 18,00 is now on the new card.')).toBeTruthy();
    expect(screen.getByText('Your old card ending in 108 no longer works.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check the balance of your new card' }).getAttribute('href')).toBe('/demo/balance');
  });

  it('sends culture nl in Dutch', async () => {
    const { requests } = mockFetch([themeRoute(replaceTheme()), captchaRoute, lookupRoute(), replaceRoute({ body: { email: 'jan@example.nl' } })]);
    renderApp('/demo/replace', { i18n: createTestI18n('nl') });
    await sendInDutch('jan@example.nl');
    await screen.findByRole('heading', { level: 1, name: 'Je nieuwe kaart is onderweg' });
    expect((requests.find((r) => r.url.endsWith('/replace'))!.body as { culture: string }).culture).toBe('nl');
  });

  it('BALANCE_TOO_LOW: the insufficient-balance message, and submit stays disabled', async () => {
    const { requests } = mockFetch([
      themeRoute(replaceTheme()),
      captchaRoute,
      lookupRoute({ body: { ...card, balances: [{ quantity: { value: 0, assetCode: 'EUR' } }] } }),
      replaceRoute({ status: 400, body: { code: 'BALANCE_TOO_LOW', message: 'x' } }),
    ]);
    renderApp('/demo/replace');
    const user = await sendTo('jan@example.nl');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Balance too low');
    expect(alert.textContent).toContain('The balance on this card is too low to replace it.');
    expect(document.activeElement).toBe(alert);
    expect(within(alert).queryByRole('link')).toBeNull();
    expect(sendButton().disabled).toBe(true);
    // the disabled button says why, next to it
    expect(document.getElementById(sendButton().getAttribute('aria-describedby')!)?.textContent).toBe(texts.en.replace__balance_too_low_text);
    await user.type(screen.getByLabelText('E-mail address'), 'x');
    expect(sendButton().disabled).toBe(true);
    expect(location()).toBe('/demo/replace/email');
    expect(requests.filter((r) => r.url.endsWith('/replace'))).toHaveLength(1);
  });

  it('409 IDEMPOTENCY_CONFLICT: says the card was already replaced with other details, naming no address', async () => {
    const { requests } = mockFetch([
      themeRoute(replaceTheme()),
      captchaRoute,
      lookupRoute(),
      replaceRoute({ status: 409, body: { code: 'IDEMPOTENCY_CONFLICT', message: 'x' } }),
    ]);
    renderApp('/demo/replace');
    await sendTo('vinder@example.org');
    const alert = await screen.findByRole('alert');
    expect(summaryItems()).toEqual([`${texts.en.replace__already_replaced_title}: ${texts.en.replace__already_replaced_text}`]);
    expect(alert.textContent).toContain('This card has already been replaced with other details');
    expect(location()).toBe('/demo/replace/email');
    // The cardholder of the first request may still send its address and get its answer.
    expect(sendButton().disabled).toBe(false);
    expect(requests.filter((r) => r.url.endsWith('/replace'))).toHaveLength(1);
  });

  it('409 IDEMPOTENCY_CONFLICT in Dutch', async () => {
    mockFetch([themeRoute(replaceTheme()), captchaRoute, lookupRoute(), replaceRoute({ status: 409, body: { code: 'IDEMPOTENCY_CONFLICT', message: 'x' } })]);
    renderApp('/demo/replace', { i18n: createTestI18n('nl') });
    await sendInDutch('vinder@example.org');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Al vervangen');
    expect(alert.textContent).toContain('Deze kaart is al vervangen met andere gegevens.');
  });

  for (const [name, route] of [
    ['a 404', replaceRoute({ status: 404, body: { code: 'CARD_NOT_FOUND', message: 'x' } })],
    ['another 400', replaceRoute({ status: 400, body: { code: 'TOO_MANY_REQUESTS', message: 'x' } })],
    ['a 500', replaceRoute({ status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } })],
  ] as const) {
    it(`shows the replace error on the page on ${name}, and the cardholder may try again`, async () => {
      mockFetch([themeRoute(replaceTheme()), captchaRoute, lookupRoute(), route]);
      renderApp('/demo/replace');
      await sendTo('jan@example.nl');
      expect((await screen.findByRole('alert')).textContent).toContain('We could not replace your card. Please try again later.');
      expect(location()).toBe('/demo/replace/email');
      expect(sendButton().disabled).toBe(false);
    });
  }

  it('goes to replace/error on a network error, which tells how to find out whether it worked', async () => {
    mockFetch([themeRoute(replaceTheme()), captchaRoute, lookupRoute(), replaceRoute({ networkError: true })]);
    renderApp('/demo/replace');
    await sendTo('jan@example.nl');
    await waitFor(() => expect(location()).toBe('/demo/replace/error'));
    expect(await screen.findByRole('heading', { level: 1, name: "We don't know yet if your card was replaced" })).toBeTruthy();
    expect(screen.getByText(/Check your e-mail/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the start' }).getAttribute('href')).toBe('/demo/replace');
  });
});

describe('REPLACE without a card in state', { timeout: 20_000 }, () => {
  itRedirectsToTheStart({ theme: replaceTheme(), start: '/demo/replace', screens: ['email', 'success', 'error'], startHeading: 'Replace your gift card' });

  it('the e-mail screen after a reload (the card kept, its security code not) starts again', async () => {
    window.sessionStorage.setItem('tessera.replace.demo', JSON.stringify({ card }));
    mockFetch([themeRoute(replaceTheme()), captchaRoute]);
    renderApp('/demo/replace/email');
    await waitFor(() => expect(location()).toBe('/demo/replace'));
  });

  it('the success screen survives a reload', async () => {
    window.sessionStorage.setItem('tessera.replace.demo', JSON.stringify({ card, sentTo: 'jan@example.nl' }));
    mockFetch([themeRoute(replaceTheme()), captchaRoute]);
    renderApp('/demo/replace/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your new card is on its way' })).toBeTruthy();
    expect(screen.getByText('jan@example.nl')).toBeTruthy();
  });
});
