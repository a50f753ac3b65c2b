import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Theme } from '@tessera/contracts';
import { forgetIdentifyReturns } from '../src/flows/identify/CallbackScreen';
import { identifyRegistered, identifySecret } from '../src/flows/identify/state';
import { resetFlowStores } from '../src/lib/flowState';
import { captchaRoute, createTestI18n, demoTheme, euroCard, mockFetch, offeredPage, renderApp, texts, themeRoute, type MockRoute } from './utils';
import { itRedirectsToTheStart } from './helpers/redirects';
import { expectCardLookupPosted, submitCardLookup } from './helpers/cardLookup';
import { AUTHORIZATION_URL, ISSUERS, SESSION_ID, expectTripSilentlyDropped, idinButton, location, stubBankTrip, providersRoute, sessionRoute, type Answer, expectSessionPosted } from './helpers/identity';

const identifyTheme = (informationType: Theme['styling']['informationType'] = 1): Theme =>
  demoTheme(
    {
      pageAvailability: [offeredPage('BALANCE'), offeredPage('IDENTIFY')],
    },
    { informationType },
  );

const card = euroCard('6064000000000000110', 2000);
const SECURITY_CODE = '773415';
/** The card as the screens after the lookup hold it (and may store it): the number masked. */
const MASKED = { maskedNumber: 'XXXXXXXXXXXXXXXX110', expiresAt: '2099-12-31', balances: card.balances };

/** No card number (grouped or not) or security code in localStorage or sessionStorage. */
function expectNothingSecretStored() {
  const stored = JSON.stringify({ ...window.sessionStorage, ...window.localStorage });
  for (const secret of [card.code, '6064 0000 0000 0000 110', SECURITY_CODE]) expect(stored).not.toContain(secret);
}
const lookupRoute = (answer: Answer = { body: card }): MockRoute => ({ method: 'POST', path: '/api/GiftCard/', ...answer });
const customerRoute = (answer: Answer): MockRoute => ({
  method: 'POST',
  path: `/api/Authentication/demo/customer?sessionId=${SESSION_ID}`,
  ...answer,
});

const bankSelect = () => screen.getByRole('combobox', { name: 'Choose your bank' }) as HTMLSelectElement;

/** A card held as after the lookup: masked in the flow state (sessionStorage), its number and code in memory. */
function holdCard() {
  window.sessionStorage.setItem('tessera.identify.demo', JSON.stringify({ card: MASKED }));
  identifySecret.set('demo', { cardNumber: card.code, securityCode: SECURITY_CODE });
}

/** The round-trip entry as the provider screen stores it: the card masked, nothing secret. */
function storeEntry(state: string, overrides: Record<string, unknown> = {}) {
  window.localStorage.setItem(state, JSON.stringify({ url: '/demo/identify/callback', card: MASKED, bankCode: 'RABO', createdAt: Date.now(), ...overrides }));
}

async function toProviderScreen(routes: MockRoute[] = [providersRoute()]) {
  holdCard();
  const fetch = mockFetch([themeRoute(identifyTheme()), captchaRoute, ...routes]);
  const view = renderApp('/demo/identify/provider');
  await screen.findByRole('heading', { level: 1, name: 'Identify with iDIN' });
  return { ...fetch, ...view, user: userEvent.setup() };
}

/** The start screen of a brand that explains IDENTIFY in this way (1 tooltip, 2 blocks above the form, 3 below). */
async function openStart(informationType: Theme['styling']['informationType']) {
  mockFetch([themeRoute(identifyTheme(informationType)), captchaRoute]);
  renderApp('/demo/identify');
  await screen.findByRole('heading', { level: 1, name: 'Register your card' });
}

const blocksAndForm = () => ({ blocks: screen.getByTestId('information-blocks'), form: screen.getByLabelText('Card number').closest('form')! });

beforeEach(() => forgetIdentifyReturns());
afterEach(() => {
  identifySecret.clearAll();
  identifyRegistered.clearAll();
});

describe('IDENTIFY start: looking the card up', { timeout: 20_000 }, () => {
  it('looks the card up with POST /api/GiftCard/ and x-flow-type IDENTIFY, then goes to provider', async () => {
    const { requests } = mockFetch([themeRoute(identifyTheme()), captchaRoute, lookupRoute(), providersRoute()]);
    renderApp('/demo/identify');
    await submitCardLookup({ heading: 'Register your card', cardNumber: '6064 0000 0000 0000 110', securityCode: SECURITY_CODE });
    await waitFor(() => expect(location()).toBe('/demo/identify/provider'));
    expectCardLookupPosted(requests, { path: '/api/GiftCard/', flowType: 'IDENTIFY', giftCardNumber: '6064000000000000110', pinCode: SECURITY_CODE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Identify with iDIN' })).toBeTruthy();
    expectNothingSecretStored();
    expect(JSON.parse(window.sessionStorage.getItem('tessera.identify.demo')!)).toEqual({ card: MASKED });
  });

  it('is mounted at /Identify too', async () => {
    mockFetch([themeRoute(identifyTheme()), captchaRoute]);
    renderApp('/demo/Identify');
    expect(await screen.findByRole('heading', { level: 1, name: 'Register your card' })).toBeTruthy();
  });

  it('ContainerAbove puts the explanation blocks above the form', async () => {
    await openStart(2);
    const { blocks, form } = blocksAndForm();
    expect(blocks.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(blocks).getByRole('heading', { level: 2, name: 'Why register your card?' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /How does it work\?/ })).toBeNull();
  });

  it('ContainerBelow puts them below the form, with a link down to them', async () => {
    await openStart(3);
    const { blocks, form } = blocksAndForm();
    expect(blocks.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(screen.getByRole('link', { name: /How does it work\?/ }).getAttribute('href')).toBe('#identify-information');
  });

  it('Tooltip shows no blocks but a tooltip on the card number', async () => {
    await openStart(1);
    expect(screen.queryByTestId('information-blocks')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'More information' }).length).toBeGreaterThanOrEqual(2);
  });
});

describe('IDENTIFY provider: choosing the bank to identify with', { timeout: 20_000 }, () => {
  it('shows the card and the banks of the providers call (x-flow-type IDENTIFY)', async () => {
    const { requests } = await toProviderScreen();
    expect(screen.getByRole('img', { name: 'Card ending in 110' })).toBeTruthy();
    await waitFor(() => expect(bankSelect().options).toHaveLength(8));
    expect([...bankSelect().options].map((o) => o.textContent)).toEqual(['Select your bank', ...ISSUERS.map((i) => i.name)]);
    const providers = requests.find((r) => r.url === '/api/Authentication/DEMO/providers')!;
    expect(providers.headers['x-flow-type']).toBe('IDENTIFY');
    expect(screen.getByRole('heading', { level: 2, name: 'What is iDIN?' })).toBeTruthy();
  });

  it('keeps the iDIN button disabled until a bank is chosen', async () => {
    const { user } = await toProviderScreen();
    await waitFor(() => expect(bankSelect().options).toHaveLength(8));
    expect(idinButton().disabled).toBe(true);
    expect(document.getElementById(idinButton().getAttribute('aria-describedby')!)?.textContent).toBe('Choose your bank first.');
    await user.selectOptions(bankSelect(), 'Rabobank');
    expect(idinButton().disabled).toBe(false);
    await user.selectOptions(bankSelect(), 'Select your bank');
    expect(idinButton().disabled).toBe(true);
  });

  it('stores the masked card, sends the card number and code with the session call for the chosen bank, and goes to the bank', async () => {
    const assign = stubBankTrip();
    const { user, requests } = await toProviderScreen([providersRoute(), sessionRoute()]);
    await waitFor(() => expect(bankSelect().options).toHaveLength(8));
    await user.selectOptions(bankSelect(), 'Rabobank');
    await user.click(idinButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZATION_URL));
    // bound to the session by the server (docs/product/identify.md#calls); no IBAN for IDENTIFY
    const body = expectSessionPosted(requests, 'IDENTIFY', 'RABONL2U', { cardNumber: card.code, securityCode: SECURITY_CODE });
    expect(JSON.parse(window.localStorage.getItem(body.state)!)).toEqual({ url: '/demo/identify/callback', card: MASKED, bankCode: 'RABO', createdAt: expect.any(Number) });
    expectNothingSecretStored();
  });

  it('a failing session call is ignored silently and the button works again', async () => {
    const assign = stubBankTrip();
    const { user } = await toProviderScreen([providersRoute(), sessionRoute({ networkError: true })]);
    await waitFor(() => expect(bankSelect().options).toHaveLength(8));
    await user.selectOptions(bankSelect(), 'ING');
    await user.click(idinButton());
    await expectTripSilentlyDropped(assign);
  });

  it('offers the bank list’s iDIN banks when the providers call fails', async () => {
    await toProviderScreen([providersRoute(ISSUERS, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } })]);
    await waitFor(() => expect(bankSelect().options).toHaveLength(8));
    const names = [...bankSelect().options].map((o) => o.textContent);
    expect(names).toContain('ING');
    expect(new Set(names).size).toBe(names.length);
  });

  it('is in Dutch for a Dutch cardholder', async () => {
    holdCard();
    mockFetch([themeRoute(identifyTheme()), captchaRoute, providersRoute()]);
    renderApp('/demo/identify/provider', { i18n: createTestI18n('nl') });
    await screen.findByRole('heading', { level: 1, name: 'Identificeer je met iDIN' });
    expect(screen.getByRole('combobox', { name: 'Kies je bank' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Identificeren met iDIN' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('IDENTIFY callback: registering the card after the bank', { timeout: 20_000 }, () => {
  const callbackPath = (state: string) => `/demo/identify/callback?state=${state}&sessionId=${SESSION_ID}`;

  it('OK: registers with the slug and the sessionId alone, removes the entry, shows the number in blocks of 4, and stores none of it', async () => {
    storeEntry('id-ok');
    const { requests } = mockFetch([themeRoute(identifyTheme()), captchaRoute, customerRoute({ body: { cardNumber: card.code } })]);
    const { history } = renderApp(callbackPath('id-ok'));
    await waitFor(() => expect(location()).toBe('/demo/identify/success'));
    expect(history()).toEqual(['/demo/identify/success']);
    const calls = requests.filter((r) => r.url.includes('/customer'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`/api/Authentication/demo/customer?sessionId=${SESSION_ID}`);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers['x-flow-type']).toBe('IDENTIFY');
    expect(calls[0]!.body).toEqual({});
    expect(window.localStorage.getItem('id-ok')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your card is registered' })).toBeTruthy();
    expect(screen.getByTestId('registered-card-number').textContent).toBe('6064 0000 0000 0000 110');
    // the number in full is in page memory only
    expectNothingSecretStored();
    expect(JSON.parse(window.sessionStorage.getItem('tessera.identify.demo')!)).toEqual({ card: MASKED, registered: true });
  });

  it('success after a reload (page memory gone) shows the card masked', async () => {
    storeEntry('id-reload');
    mockFetch([themeRoute(identifyTheme()), captchaRoute, customerRoute({ body: { cardNumber: card.code } })]);
    const first = renderApp(callbackPath('id-reload'));
    await screen.findByRole('heading', { level: 1, name: 'Your card is registered' });
    first.unmount();
    // a reload: the page's memory goes, sessionStorage stays
    identifyRegistered.clearAll();
    resetFlowStores();
    renderApp('/demo/identify/success');
    await screen.findByRole('heading', { level: 1, name: 'Your card is registered' });
    expect(screen.getByTestId('registered-card-number').textContent).toBe('XXXX XXXX XXXX XXXX 110');
  });

  it('success: register another card clears the held data and returns to the start', async () => {
    storeEntry('id-again');
    mockFetch([themeRoute(identifyTheme()), captchaRoute, customerRoute({ body: { cardNumber: card.code } })]);
    renderApp(callbackPath('id-again'));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Register another card' }));
    await waitFor(() => expect(location()).toBe('/demo/identify'));
    expect(window.sessionStorage.getItem('tessera.identify.demo')).toBeNull();
  });

  for (const [name, route, text] of [
    ['400 USER_CANCELLED', customerRoute({ status: 400, body: { code: 'USER_CANCELLED', message: 'x' } }), texts.en.identify__failed_cancelled],
    ['400 CARD_ALREADY_REGISTERED', customerRoute({ status: 400, body: { code: 'CARD_ALREADY_REGISTERED', message: 'x' } }), texts.en.identify__failed_already_registered],
    ['another 400', customerRoute({ status: 400, body: { code: 'IDENTITY_FAILED', message: 'x' } }), texts.en.identify__failed_text],
    ['a 500', customerRoute({ status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } }), texts.en.identify__failed_text],
    ['a network error', customerRoute({ networkError: true }), texts.en.identify__failed_text],
  ] as const) {
    it(`${name} → failed with the card and its failure text; the entry is removed`, async () => {
      storeEntry('id-x');
      mockFetch([themeRoute(identifyTheme()), captchaRoute, route]);
      const { history } = renderApp(callbackPath('id-x'));
      await waitFor(() => expect(location()).toBe('/demo/identify/failed'));
      expect(history()).toEqual(['/demo/identify/failed']);
      expect(window.localStorage.getItem('id-x')).toBeNull();
      expect(await screen.findByRole('heading', { level: 1, name: 'Your card is not registered' })).toBeTruthy();
      expect(screen.getByRole('img', { name: 'Card ending in 110' })).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe(text);
    });
  }

  it('failed: start again clears the held data and returns to the start', async () => {
    storeEntry('id-f');
    mockFetch([themeRoute(identifyTheme()), captchaRoute, customerRoute({ status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } })]);
    renderApp(callbackPath('id-f'));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Start again' }));
    await waitFor(() => expect(location()).toBe('/demo/identify'));
    expect(window.sessionStorage.getItem('tessera.identify.demo')).toBeNull();
  });

  it('without an entry for this flow: back to the start, no call', async () => {
    storeEntry('id-payout', { url: '/demo/payout/callback' });
    const { requests } = mockFetch([themeRoute(identifyTheme()), captchaRoute]);
    renderApp(callbackPath('id-payout'));
    await waitFor(() => expect(location()).toBe('/demo/identify'));
    expect(requests.filter((r) => r.url.includes('/customer'))).toHaveLength(0);
  });
});

describe('IDENTIFY without a card in state', { timeout: 20_000 }, () => {
  itRedirectsToTheStart({ theme: identifyTheme(), start: '/demo/identify', screens: ['provider', 'callback', 'success', 'failed'], startHeading: 'Register your card', routes: [providersRoute()] });

  it('provider after a reload (the card kept masked, its number and security code not) starts again', async () => {
    window.sessionStorage.setItem('tessera.identify.demo', JSON.stringify({ card: MASKED }));
    mockFetch([themeRoute(identifyTheme()), captchaRoute, providersRoute()]);
    renderApp('/demo/identify/provider');
    await waitFor(() => expect(location()).toBe('/demo/identify'));
  });

  it('success without a registration starts again', async () => {
    holdCard();
    mockFetch([themeRoute(identifyTheme()), captchaRoute]);
    renderApp('/demo/identify/success');
    await waitFor(() => expect(location()).toBe('/demo/identify'));
  });
});
