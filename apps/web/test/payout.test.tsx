import { StrictMode, useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router, useLocation, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isValidIBAN } from 'ibantools';
import type { GiftCard, PayoutBalance, Theme } from '@tessera/contracts';
import { AppProviders, createQueryClient } from '../src/app/App';
import { AppRoutes } from '../src/app/routes';
import { checkIban, cleanIbanInput } from '../src/components/IbanField/ibanCheck';
import { IDENTITY_ENTRY_MAX_AGE_MS, purgeStaleIdentityEntries } from '../src/components/Identity/identityEntry';
import { forgetPayoutReturns } from '../src/flows/payout/CallbackScreen';
import { formatPayoutMoney } from '../src/flows/payout/money';
import { payoutStartRoute } from '../src/flows/payout/routing';
import { payoutSecret } from '../src/flows/payout/state';
import { maskedCardOf } from '../src/lib/maskedCard';
import type { Translator } from '../src/lib/translator';
import { captchaRoute, createTestI18n, demoTheme, euroCard, fieldErrorOf, mockFetch, offeredPage, renderApp, texts, themeRoute, type MockRoute } from './utils';
import { itRedirectsToTheStart } from './helpers/redirects';
import { expectCardLookupPosted, submitCardLookup } from './helpers/cardLookup';
import { AUTHORIZATION_URL, ISSUERS, SESSION_ID, expectTripSilentlyDropped, idinButton, location, stubBankTrip, providersRoute, sessionRoute, type Answer, expectSessionPosted } from './helpers/identity';

/** Test IBANs, each checked against ibantools below (mod 97), so a typo here cannot hide a bug. */
const IBAN = {
  ing: 'NL69INGB0123456789',
  abn: 'NL91ABNA0417164300',
  rabo: 'NL44RABO0123456789',
  /** Knab: a Dutch bank without iDIN. */
  knab: 'NL68KNAB0123456789',
  /** No Dutch bank has the code XXXX. */
  unknown: 'NL64XXXX0123456789',
  /** The example the brief asked about: its check digits are wrong (NL86… is the valid one). */
  ingBadChecksum: 'NL91INGB0002445588',
  ingGoodChecksum: 'NL86INGB0002445588',
} as const;

const payoutTheme = (): Theme =>
  demoTheme({
    pageAvailability: [offeredPage('BALANCE'), offeredPage('PAYOUT')],
  });

const payoutBalance: PayoutBalance = { balance: 4250, fee: 250, payout: 4000, assetCode: 'EUR' };
const card = euroCard('6064000000000000109', 4250, { payoutBalance });
const SECURITY_CODE = '219936';
/** The card as the screens after the lookup hold it (and may store it): the number masked. */
const MASKED = { maskedNumber: 'XXXXXXXXXXXXXXXX109', expiresAt: '2099-12-31', balances: card.balances, payoutBalance };

/** Every value of localStorage and sessionStorage, with the keys: what a script on the page could read. */
const storedText = () => JSON.stringify({ ...window.sessionStorage, ...window.localStorage });
/** No card number (grouped or not), security code or IBAN (grouped or not) in browser storage. */
function expectNothingSecretStored() {
  const stored = storedText();
  for (const secret of [card.code, '6064 0000 0000 0000 109', SECURITY_CODE, IBAN.ing, 'NL69 INGB 0123 4567 89']) expect(stored).not.toContain(secret);
}
const lookupRoute = (answer: Answer = { body: card }): MockRoute => ({ method: 'POST', path: '/api/Payout/', ...answer });
const customerRoute = (answer: Answer): MockRoute => ({ method: 'POST', path: '/api/Authentication/DEMO/customer', ...answer });

const ibanInput = () => screen.getByLabelText('IBAN (bank account number)') as HTMLInputElement;

/** A card held as after the lookup: masked in the flow state (sessionStorage), its number and code in memory. */
function holdCard(held: GiftCard = card) {
  window.sessionStorage.setItem('tessera.payout.demo', JSON.stringify({ card: maskedCardOf(held) }));
  payoutSecret.set('demo', { cardNumber: held.code, securityCode: SECURITY_CODE });
}

/** The round-trip entry as the amount screen stores it: the card masked, nothing secret. */
function storeEntry(state: string, overrides: Record<string, unknown> = {}) {
  window.localStorage.setItem(state, JSON.stringify({ url: '/demo/payout/callback', card: MASKED, bankCode: 'INGB', createdAt: Date.now(), ...overrides }));
}

const lookUp = () => submitCardLookup({ heading: 'Pay out your balance', cardNumber: '6064 0000 0000 0000 109', securityCode: SECURITY_CODE });

async function toAmountScreen(routes: MockRoute[] = [providersRoute()]) {
  holdCard();
  const fetch = mockFetch([themeRoute(payoutTheme()), captchaRoute, ...routes]);
  const view = renderApp('/demo/payout/amount');
  await screen.findByRole('heading', { level: 1, name: 'Your payout' });
  return { ...fetch, ...view, user: userEvent.setup() };
}

beforeEach(() => {
  forgetPayoutReturns();
});

afterEach(() => {
  payoutSecret.clearAll();
});

describe('test IBANs', () => {
  it('are what they claim to be by the mod-97 rule', () => {
    for (const key of ['ing', 'abn', 'rabo', 'knab', 'unknown', 'ingGoodChecksum'] as const) expect(isValidIBAN(IBAN[key]), key).toBe(true);
    expect(isValidIBAN(IBAN.ingBadChecksum)).toBe(false);
  });
});

describe('PAYOUT start: looking the card up', { timeout: 20_000 }, () => {
  it('has the title, the explanation link and the five-step explainer', async () => {
    mockFetch([themeRoute(payoutTheme()), captchaRoute]);
    renderApp('/demo/payout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay out your balance' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /How does it work\?/ }).getAttribute('href')).toBe('#payout-information');
    const steps = within(screen.getByRole('list'));
    expect(steps.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('heading', { level: 2, name: 'How to pay out your balance' })).toBeTruthy();
  });

  it('looks the card up with POST /api/Payout/ and x-flow-type PAYOUT, then shows the amount', async () => {
    const { requests } = mockFetch([themeRoute(payoutTheme()), captchaRoute, lookupRoute(), providersRoute()]);
    renderApp('/demo/payout');
    await lookUp();
    await waitFor(() => expect(location()).toBe('/demo/payout/amount'));
    expectCardLookupPosted(requests, { path: '/api/Payout/', flowType: 'PAYOUT', giftCardNumber: '6064000000000000109', pinCode: SECURITY_CODE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your payout' })).toBeTruthy();
    // neither the security code nor the card number reaches web storage: the card is held masked
    expectNothingSecretStored();
    expect(JSON.parse(window.sessionStorage.getItem('tessera.payout.demo')!)).toEqual({ card: MASKED });
    expect(payoutSecret.get('demo')).toEqual({ cardNumber: card.code, securityCode: SECURITY_CODE });
  });

  it('shows the invalid-card message on a 404', async () => {
    mockFetch([themeRoute(payoutTheme()), captchaRoute, lookupRoute({ status: 404, body: { code: 'CARD_NOT_FOUND', message: 'x' } })]);
    renderApp('/demo/payout');
    await lookUp();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not find a card with this card number and security code.');
    expect(location()).toBe('/demo/payout');
  });

  for (const [name, balance, target] of [
    ['payout above 0', payoutBalance, '/demo/payout/amount'],
    ['no payoutBalance', undefined, '/demo/payout/nobalance'],
    ['payout 0 on a balance of 0', { balance: 0, fee: 250, payout: 0, assetCode: 'EUR' }, '/demo/payout/nobalance'],
    ['payout 0 on a balance below the fee', { balance: 150, fee: 250, payout: 0, assetCode: 'EUR' }, '/demo/payout/unsufficientbalance'],
  ] as const) {
    it(`routes a card with ${name} to ${target}`, async () => {
      const found: GiftCard = { ...card, payoutBalance: balance };
      mockFetch([themeRoute(payoutTheme()), captchaRoute, lookupRoute({ body: found }), providersRoute()]);
      renderApp('/demo/payout');
      await lookUp();
      await waitFor(() => expect(location()).toBe(target));
    });
  }

  it('routes to amount when something is left after the fee, to noBalance when the balance is 0 or unknown, else to insufficientBalance', () => {
    const route = (payoutBalance?: PayoutBalance) => payoutStartRoute({ ...card, payoutBalance });
    const b = (balance: number, fee: number, payout: number): PayoutBalance => ({ balance, fee, payout, assetCode: 'EUR' });
    expect(route(b(4250, 250, 4000))).toBe('amount');
    expect(route(b(1, 0, 1))).toBe('amount');
    expect(route(undefined)).toBe('noBalance');
    expect(route(b(0, 0, 0))).toBe('noBalance');
    expect(route(b(0, 250, 0))).toBe('noBalance');
    expect(route(b(250, 250, 0))).toBe('insufficientBalance');
    expect(route(b(150, 250, 0))).toBe('insufficientBalance');
    expect(route(b(150, 250, -100))).toBe('insufficientBalance');
    expect(route(b(0, 250, -250))).toBe('insufficientBalance');
  });
});

describe('PAYOUT amount: the IBAN to pay out to and the amount paid', { timeout: 20_000 }, () => {
  it('shows the card, the balance, the fee with a minus sign and a hint, and the payout with a decimal comma', async () => {
    await toAmountScreen();
    expect(screen.getByRole('img', { name: 'Card ending in 109' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'How your payout is calculated' });
    expect(within(table).getByRole('rowheader', { name: 'Balance on your card' })).toBeTruthy();
    expect(screen.getByTestId('payout-balance').textContent).toBe('€ 42,50');
    expect(screen.getByTestId('payout-fee').textContent).toBe('\u2212 € 2,50');
    expect(screen.getByTestId('payout-amount').textContent).toBe('€ 40,00');
    const hint = screen.getByRole('button', { name: 'About the administrative costs' });
    expect(document.getElementById(hint.getAttribute('aria-describedby')!)?.textContent).toContain('charges these costs');
  });

  it('formats payout amounts without grouping, and the fee without a minus sign when it is 0', () => {
    expect(formatPayoutMoney(123456789, 'EUR')).toBe('€ 1234567,89');
    expect(formatPayoutMoney(0, 'EUR', { negate: false })).toBe('€ 0,00');
    expect(formatPayoutMoney(250, 'EUR', { negate: true })).toBe('\u2212 € 2,50');
    expect(formatPayoutMoney(-100, 'EUR')).toBe('\u2212 € 1,00');
    expect(formatPayoutMoney(500, 'NO_ASSET')).toBe('5,00');
  });

  it('shows the fee as € 0,00 without a minus sign when the brand charges none', async () => {
    holdCard({ ...card, payoutBalance: { balance: 4250, fee: 0, payout: 4250, assetCode: 'EUR' } });
    mockFetch([themeRoute(payoutTheme()), captchaRoute, providersRoute()]);
    renderApp('/demo/payout/amount');
    await screen.findByRole('heading', { level: 1, name: 'Your payout' });
    expect(screen.getByTestId('payout-fee').textContent).toBe('€ 0,00');
  });

  it('keeps the IBAN as typed in upper case, without spaces, shown in groups of 4', async () => {
    const { user } = await toAmountScreen();
    await user.type(ibanInput(), 'nl91 abna 0417164300');
    expect(ibanInput().value).toBe('NL91 ABNA 0417 1643 00');
    await user.clear(ibanInput());
    await user.type(ibanInput(), 'NL91-ABNA.0417 1643 00');
    expect(ibanInput().value).toBe('NL91 ABNA 0417 1643 00');
    expect(cleanIbanInput(' nl91 abna 0417 1643 00 ')).toBe(IBAN.abn);
  });

  it('recognises the bank at 8 characters, not before', async () => {
    const { user } = await toAmountScreen();
    await user.type(ibanInput(), 'NL69ING');
    expect(screen.queryByText('Bank: ING')).toBeNull();
    expect(fieldErrorOf(ibanInput())).toBeNull();
    await user.type(ibanInput(), 'B');
    expect(screen.getByText('Bank: ING')).toBeTruthy();
    expect(fieldErrorOf(ibanInput())).toBeNull();
    expect(idinButton().disabled).toBe(true);
  });

  it('says the bank code is incorrect for an unknown bank from 8 characters on', async () => {
    const { user } = await toAmountScreen();
    await user.type(ibanInput(), 'NL64XXX');
    expect(fieldErrorOf(ibanInput())).toBeNull();
    await user.type(ibanInput(), 'X');
    // Visible while typing and tied to the field; no announcement per keystroke.
    expect(fieldErrorOf(ibanInput())).toBe('The bank code in this IBAN is incorrect. Check the 2 digits and 4 letters after NL.');
    expect(screen.getByText('The bank code in this IBAN is incorrect. Check the 2 digits and 4 letters after NL.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(ibanInput().getAttribute('aria-invalid')).toBe('true');
    await user.type(ibanInput(), '0123456789');
    expect(fieldErrorOf(ibanInput())).toContain('bank code in this IBAN is incorrect');
    expect(idinButton().disabled).toBe(true);
  });

  it('says a bank without iDIN is not available, naming the banks that are', async () => {
    const { user } = await toAmountScreen();
    await user.type(ibanInput(), IBAN.knab);
    expect(fieldErrorOf(ibanInput())).toBe(
      'Payouts to KNAB are not possible, because you cannot identify with iDIN at this bank. Use an account at one of these banks: ABN AMRO, ASN Bank, bunq, ING, Rabobank, RegioBank, and SNS.',
    );
    // a warning: the IBAN itself may well be right
    expect(ibanInput().getAttribute('aria-invalid')).toBeNull();
    expect(idinButton().disabled).toBe(true);
  });

  it('says a bank is not available when the providers do not list it as an issuer', async () => {
    const { user } = await toAmountScreen([providersRoute(ISSUERS.filter((issuer) => issuer.id !== 'RABONL2U'))]);
    await user.type(ibanInput(), IBAN.rabo);
    expect(fieldErrorOf(ibanInput())).toContain('Payouts to RABOBANK are not possible');
    expect(idinButton().disabled).toBe(true);
  });

  it('keeps the button disabled for a wrong checksum (not only the pattern is checked)', async () => {
    const { user } = await toAmountScreen();
    await user.type(ibanInput(), IBAN.ingBadChecksum);
    expect(fieldErrorOf(ibanInput())).toBe('This IBAN is not correct. Check that you copied every character.');
    expect(idinButton().disabled).toBe(true);
    await user.clear(ibanInput());
    await user.type(ibanInput(), IBAN.ingGoodChecksum);
    expect(fieldErrorOf(ibanInput())).toBeNull();
    expect(idinButton().disabled).toBe(false);
  });

  it('enables the button for a valid ING IBAN, and explains a disabled button', async () => {
    const { user } = await toAmountScreen();
    expect(idinButton().disabled).toBe(true);
    const hint = document.getElementById(idinButton().getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('First enter a correct IBAN of a bank that offers iDIN.');
    await user.type(ibanInput(), IBAN.ing);
    expect(screen.getByText('Bank: ING')).toBeTruthy();
    expect(fieldErrorOf(ibanInput())).toBeNull();
    expect(idinButton().disabled).toBe(false);
    expect(idinButton().getAttribute('aria-describedby')).toBeNull();
  });

  it('points out an unfinished or foreign IBAN (the first once the field is left)', async () => {
    const { user } = await toAmountScreen();
    await user.type(ibanInput(), 'NL69INGB01234');
    expect(fieldErrorOf(ibanInput())).toBeNull();
    await user.tab();
    expect(fieldErrorOf(ibanInput())).toBe('Your IBAN is not complete yet. A Dutch IBAN has 18 characters.');
    await user.clear(ibanInput());
    await user.type(ibanInput(), 'DE89370400440532013000');
    expect(fieldErrorOf(ibanInput())).toBe('We can only pay out to a Dutch bank account. A Dutch IBAN starts with NL.');
    expect(idinButton().disabled).toBe(true);
  });

  it('tells a typed IBAN as unfinished, malformed, of an unknown or unavailable bank, with a wrong checksum, or valid', () => {
    const issuers = new Set(ISSUERS.map((issuer) => issuer.id));
    expect(checkIban('', { issuers }).kind).toBe('empty');
    expect(checkIban('NL69INGB', { issuers }).kind).toBe('incomplete');
    expect(checkIban('NL6', { issuers }).kind).toBe('typing');
    expect(checkIban('NLX', { issuers }).kind).toBe('format');
    expect(checkIban('NL69ING8', { issuers }).kind).toBe('format');
    expect(checkIban(`${IBAN.ing}0`, { issuers }).kind).toBe('format');
    expect(checkIban(IBAN.unknown.slice(0, 8), { issuers }).kind).toBe('bankCodeIncorrect');
    expect(checkIban(IBAN.knab, { issuers }).kind).toBe('bankUnavailable');
    expect(checkIban(IBAN.ingBadChecksum, { issuers }).kind).toBe('checksum');
    expect(checkIban(IBAN.ing, { issuers })).toMatchObject({ kind: 'valid', iban: IBAN.ing, bank: { code: 'INGB', bic: 'INGBNL2A' } });
    // providers still loading: correct, but not yet known to be available
    expect(checkIban(IBAN.ing, { issuers: null }).kind).toBe('checking');
    // providers call failed: the bank list's iDIN flag decides
    expect(checkIban(IBAN.ing, { issuers: 'idin-flag' }).kind).toBe('valid');
    expect(checkIban(IBAN.knab, { issuers: 'idin-flag' }).kind).toBe('bankUnavailable');
    // a required bank: another bank's IBAN names the expected one
    expect(checkIban(IBAN.ing, { issuers, requiredBankCode: 'ABNA' })).toMatchObject({ kind: 'wrongBank', bank: { code: 'INGB' }, expected: { code: 'ABNA' } });
    expect(checkIban(IBAN.abn, { issuers, requiredBankCode: 'ABNA' }).kind).toBe('valid');
  });

  it('falls back to the bank list when the providers call fails (ignored silently)', async () => {
    const { user } = await toAmountScreen([providersRoute(ISSUERS, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } })]);
    await user.type(ibanInput(), IBAN.ing);
    await waitFor(() => expect(idinButton().disabled).toBe(false));
    expect(fieldErrorOf(ibanInput())).toBeNull();
  });

  it('stores the masked card under a new state id, sends card, code and IBAN with the session call for the IBAN’s bank, and goes to the bank', async () => {
    const assign = stubBankTrip();
    const { user, requests } = await toAmountScreen([providersRoute(), sessionRoute()]);
    await user.type(ibanInput(), 'nl69 ingb 0123 4567 89');
    await user.click(idinButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZATION_URL));

    const providers = requests.find((r) => r.url === '/api/Authentication/DEMO/providers')!;
    expect(providers.method).toBe('GET');
    expect(providers.headers['x-flow-type']).toBe('PAYOUT');

    // bound to the session by the server (docs/product/payout.md#the-card-bound-at-the-session-call)
    const body = expectSessionPosted(requests, 'PAYOUT', 'INGBNL2A', { cardNumber: card.code, securityCode: SECURITY_CODE, bankAccountNumber: IBAN.ing });

    // what waits for the return: the card masked, nothing secret
    const entry = JSON.parse(window.localStorage.getItem(body.state)!);
    expect(entry).toEqual({ url: '/demo/payout/callback', card: MASKED, bankCode: 'INGB', createdAt: expect.any(Number) });
    expectNothingSecretStored();
    // while the browser leaves, the button stays busy
    expect(idinButton().getAttribute('aria-busy')).toBe('true');
  });

  it('a failing session call is ignored silently: no message, the button works again, the entry is gone', async () => {
    const assign = stubBankTrip();
    const { user, requests } = await toAmountScreen([providersRoute(), sessionRoute({ status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } })]);
    await user.type(ibanInput(), IBAN.ing);
    await user.click(idinButton());
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('/session'))).toBe(true));
    await expectTripSilentlyDropped(assign);
  });

  it('does not follow an authorization URL that is not http(s)', async () => {
    const assign = stubBankTrip();
    const { user } = await toAmountScreen([providersRoute(), sessionRoute({ body: { authorizationUrl: 'javascript:alert(1)' } })]);
    await user.type(ibanInput(), IBAN.ing);
    await user.click(idinButton());
    await waitFor(() => expect(idinButton().getAttribute('aria-busy')).toBeNull());
    expect(assign).not.toHaveBeenCalled();
    expect(window.localStorage.length).toBe(0);
  });

  it('is in Dutch for a Dutch cardholder', async () => {
    holdCard();
    mockFetch([themeRoute(payoutTheme()), captchaRoute, providersRoute()]);
    renderApp('/demo/payout/amount', { i18n: createTestI18n('nl') });
    await screen.findByRole('heading', { level: 1, name: 'Je uitbetaling' });
    expect(screen.getByRole('rowheader', { name: /Administratiekosten/ })).toBeTruthy();
    expect(screen.getByLabelText('IBAN (rekeningnummer)')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Identificeren met iDIN' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.setup().type(screen.getByLabelText('IBAN (rekeningnummer)'), IBAN.knab);
    expect(fieldErrorOf(screen.getByLabelText('IBAN (rekeningnummer)'))).toContain('Rabobank, RegioBank en SNS');
  });
});

describe('PAYOUT callback: the payout after the bank', { timeout: 20_000 }, () => {
  const callbackPath = (state: string) => `/demo/payout/callback?state=${state}&sessionId=${SESSION_ID}`;
  const answer = { payout: 4000, fee: 250, assetCode: 'EUR', bankAccountNumber: 'NL69INGB******6789' };
  /** The customer call refusing with `code` and `status`. */
  const refusal = (status: number, code: string) => customerRoute({ status, body: { code, message: 'x' } });
  /** Back from the bank with the entry `state` stored; the customer call answers with `customer`. */
  const returnFromBank = (state: string, customer: MockRoute, { i18n, more = [] }: { i18n?: Translator; more?: MockRoute[] } = {}) => {
    storeEntry(state);
    const { requests } = mockFetch([themeRoute(payoutTheme()), captchaRoute, ...more, customer]);
    return { requests, ...renderApp(callbackPath(state), { i18n }) };
  };

  it('OK: sends the sessionId alone, once, removes the entry and shows success; nothing secret is stored', async () => {
    const { requests, history } = returnFromBank('st-ok', customerRoute({ body: answer }));
    await waitFor(() => expect(location()).toBe('/demo/payout/success'));
    const calls = requests.filter((r) => r.url === '/api/Authentication/DEMO/customer');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers['x-flow-type']).toBe('PAYOUT');
    expect(calls[0]!.body).toEqual({ sessionId: SESSION_ID });
    expect(window.localStorage.getItem('st-ok')).toBeNull();
    // the callback screen is not in the history: back does not return to it
    expect(history()).toEqual(['/demo/payout/success']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your payout is on its way' })).toBeTruthy();
    const notice = screen.getAllByRole('status').find((el) => el.textContent?.startsWith('We will transfer'));
    expect(notice?.textContent).toBe('We will transfer € 40,00 to account NL69INGB******6789');
    expectNothingSecretStored();
    expect(JSON.parse(window.sessionStorage.getItem('tessera.payout.demo')!)).toEqual({ card: MASKED, result: answer });
  });

  it('success: the new-payment button clears the held data and returns to the start', async () => {
    returnFromBank('st-new', customerRoute({ body: answer }));
    const button = await screen.findByRole('button', { name: 'New payout' });
    await userEvent.setup().click(button);
    await waitFor(() => expect(location()).toBe('/demo/payout'));
    expect(window.sessionStorage.getItem('tessera.payout.demo')).toBeNull();
    expect(payoutSecret.get('demo')).toBeNull();
  });

  for (const [name, route, target, heading] of [
    ['400 USER_CANCELLED', refusal(400, 'USER_CANCELLED'), '/demo/payout/cancelled', 'Payout cancelled'],
    ['401 USER_CANCELLED', refusal(401, 'USER_CANCELLED'), '/demo/payout/cancelled', 'Payout cancelled'],
    [
      '400 CARD_ALREADY_REGISTERED',
      refusal(400, 'CARD_ALREADY_REGISTERED'),
      '/demo/payout/alreadyregistered',
      'This card is already registered',
    ],
    ['another 400', refusal(400, 'IDENTITY_SESSION_INVALID'), '/demo/payout/failed', 'Something went wrong'],
    ['403 USER_CANCELLED (not 400/401)', refusal(403, 'USER_CANCELLED'), '/demo/payout/failed', 'Something went wrong'],
    ['a 500', refusal(500, 'INTERNAL_ERROR'), '/demo/payout/failed', 'Something went wrong'],
    ['a network error', customerRoute({ networkError: true }), '/demo/payout/failed', 'Something went wrong'],
  ] as const) {
    it(`${name} → ${target}, and the entry is removed`, async () => {
      const { requests, history } = returnFromBank('st-x', route);
      await waitFor(() => expect(location()).toBe(target));
      expect(history()).toEqual([target]);
      expect(window.localStorage.getItem('st-x')).toBeNull();
      expect(requests.filter((r) => r.url.endsWith('/customer'))).toHaveLength(1);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    });
  }

  it('cancelled: the payout_cancelled warning; retry goes to amount, which without the card’s number and code (never stored) goes on to the start', async () => {
    returnFromBank('st-c', refusal(400, 'USER_CANCELLED'), { more: [providersRoute()] });
    await screen.findByRole('heading', { level: 1, name: 'Payout cancelled' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(texts.en.payout_cancelled);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(location()).toBe('/demo/payout'));
    await screen.findByRole('heading', { level: 1, name: 'Pay out your balance' });
  });

  it('failed: the generic error, and retry clears the held data and goes to the start', async () => {
    returnFromBank('st-f', refusal(500, 'INTERNAL_ERROR'));
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    expect(screen.getByText(texts.en.generic__error_text)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(location()).toBe('/demo/payout'));
    expect(window.sessionStorage.getItem('tessera.payout.demo')).toBeNull();
  });

  it('alreadyregistered: the message, and its button clears the held data and goes to the start', async () => {
    returnFromBank('st-a', refusal(400, 'CARD_ALREADY_REGISTERED'));
    await screen.findByRole('heading', { level: 1, name: 'This card is already registered' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay out another card' }));
    await waitFor(() => expect(location()).toBe('/demo/payout'));
    expect(window.sessionStorage.getItem('tessera.payout.demo')).toBeNull();
  });

  it('409 IDEMPOTENCY_CONFLICT: the already-registered screen says the card was already paid out with other details', async () => {
    const { requests, history } = returnFromBank('st-i', refusal(409, 'IDEMPOTENCY_CONFLICT'));
    await waitFor(() => expect(location()).toBe('/demo/payout/alreadyregistered'));
    expect(history()).toEqual(['/demo/payout/alreadyregistered']);
    expect(requests.filter((r) => r.url.endsWith('/customer'))).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: texts.en.payout__already_paid_out_title })).toBeTruthy();
    expect(screen.getByText(texts.en.payout__already_paid_out_text)).toBeTruthy();
    expect(screen.queryByText(texts.en.payout__already_registered_text)).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay out another card' }));
    await waitFor(() => expect(location()).toBe('/demo/payout'));
    expect(window.sessionStorage.getItem('tessera.payout.demo')).toBeNull();
  });

  it('409 IDEMPOTENCY_CONFLICT in Dutch', async () => {
    returnFromBank('st-n409', refusal(409, 'IDEMPOTENCY_CONFLICT'), { i18n: createTestI18n('nl') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Al uitbetaald' })).toBeTruthy();
    expect(screen.getByText('Deze kaart is al uitbetaald met andere gegevens. Er is daarom niets veranderd.')).toBeTruthy();
  });

  it('without a sessionId in the query: failed, without a customer call', async () => {
    storeEntry('st-n');
    const { requests } = mockFetch([themeRoute(payoutTheme()), captchaRoute]);
    renderApp('/demo/payout/callback?state=st-n');
    await waitFor(() => expect(location()).toBe('/demo/payout/failed'));
    expect(requests.filter((r) => r.url.endsWith('/customer'))).toHaveLength(0);
    expect(window.localStorage.getItem('st-n')).toBeNull();
  });

  it('without an entry (or with one of another flow or brand): back to the start, no call', async () => {
    storeEntry('st-other', { url: '/other/payout/callback' });
    const { requests } = mockFetch([themeRoute(payoutTheme()), captchaRoute]);
    const first = renderApp(callbackPath('st-other'));
    await waitFor(() => expect(location()).toBe('/demo/payout'));
    expect(window.localStorage.getItem('st-other')).toBeNull();
    first.unmount();
    renderApp(callbackPath('st-missing'));
    await waitFor(() => expect(location()).toBe('/demo/payout'));
    expect(requests.filter((r) => r.url.endsWith('/customer'))).toHaveLength(0);
  });

  it('calls the customer once under React StrictMode (effects run twice)', async () => {
    storeEntry('st-strict');
    const { requests } = mockFetch([themeRoute(payoutTheme()), captchaRoute, customerRoute({ body: answer })]);
    renderStrict(callbackPath('st-strict'));
    await screen.findByRole('heading', { level: 1, name: 'Your payout is on its way' });
    expect(requests.filter((r) => r.url.endsWith('/customer'))).toHaveLength(1);
  });

  it('comes back through /callback to the flow’s callback screen', async () => {
    storeEntry('st-via');
    mockFetch([themeRoute(payoutTheme()), captchaRoute, customerRoute({ body: answer })]);
    renderApp(`/callback?state=st-via&sessionId=${SESSION_ID}`);
    await waitFor(() => expect(location()).toBe('/demo/payout/success'));
  });
});

describe('PAYOUT nobalance and unsufficientbalance', { timeout: 20_000 }, () => {
  it('nobalance: the masked card with balance and currency, the end text, and retry to a cleared start', async () => {
    holdCard({ ...card, code: '6064000000000000102', balances: [{ quantity: { value: 0, assetCode: 'EUR' } }], payoutBalance: undefined });
    mockFetch([themeRoute(payoutTheme()), captchaRoute]);
    renderApp('/demo/payout/nobalance');
    await screen.findByRole('heading', { level: 1, name: 'No balance to pay out' });
    expect(screen.getByRole('img', { name: 'Card ending in 102' }).textContent).toBe('XXXX XXXX XXXX XXXX 102');
    expect(screen.getByTestId('card-balance').textContent).toBe('€ 0,00');
    expect(screen.getByText(texts.en.payout__no_balance_text)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try another card' }));
    await waitFor(() => expect(location()).toBe('/demo/payout'));
    expect(window.sessionStorage.getItem('tessera.payout.demo')).toBeNull();
  });

  it('unsufficientbalance: the card masked but its last 3, the balance table and retry', async () => {
    holdCard({ ...card, code: '6064000000000000103', payoutBalance: { balance: 150, fee: 250, payout: 0, assetCode: 'EUR' } });
    mockFetch([themeRoute(payoutTheme()), captchaRoute]);
    renderApp('/demo/payout/unsufficientbalance');
    await screen.findByRole('heading', { level: 1, name: 'Balance too low to pay out' });
    expect(screen.getByRole('img', { name: 'Card ending in 103' })).toBeTruthy();
    expect(screen.getByTestId('payout-balance').textContent).toBe('€ 1,50');
    expect(screen.getByTestId('payout-fee').textContent).toBe('\u2212 € 2,50');
    expect(screen.getByTestId('payout-amount').textContent).toBe('€ 0,00');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try another card' }));
    await waitFor(() => expect(location()).toBe('/demo/payout'));
  });

  it('unsufficientbalance masks a number shorter than 3 as XXX', async () => {
    holdCard({ ...card, code: '12', payoutBalance: { balance: 150, fee: 250, payout: -100, assetCode: 'EUR' } });
    mockFetch([themeRoute(payoutTheme()), captchaRoute]);
    renderApp('/demo/payout/unsufficientbalance');
    expect(await screen.findByRole('img', { name: 'Card ending in XXX' })).toBeTruthy();
    expect(screen.getByTestId('payout-amount').textContent).toBe('\u2212 € 1,00');
  });
});

describe('PAYOUT without a card in state', { timeout: 20_000 }, () => {
  itRedirectsToTheStart({
    theme: payoutTheme(),
    start: '/demo/payout',
    screens: ['amount', 'callback', 'success', 'failed', 'cancelled', 'alreadyregistered', 'nobalance', 'unsufficientbalance'],
    startHeading: 'Pay out your balance',
    routes: [providersRoute()],
  });

  it('amount after a reload (the card kept masked, its number and security code not) starts again', async () => {
    window.sessionStorage.setItem('tessera.payout.demo', JSON.stringify({ card: MASKED }));
    mockFetch([themeRoute(payoutTheme()), captchaRoute, providersRoute()]);
    renderApp('/demo/payout/amount');
    await waitFor(() => expect(location()).toBe('/demo/payout'));
  });

  it('amount with a card that has nothing to pay out goes where its payoutBalance says', async () => {
    holdCard({ ...card, payoutBalance: { balance: 150, fee: 250, payout: 0, assetCode: 'EUR' } });
    mockFetch([themeRoute(payoutTheme()), captchaRoute, providersRoute()]);
    renderApp('/demo/payout/amount');
    await waitFor(() => expect(location()).toBe('/demo/payout/unsufficientbalance'));
  });
});

describe('stored identity entries', () => {
  it('entries of trips that never came back are cleared after an hour; others are left alone', () => {
    const now = Date.now();
    storeEntry('old', { createdAt: now - IDENTITY_ENTRY_MAX_AGE_MS - 1 });
    storeEntry('fresh', { createdAt: now - 1000 });
    window.localStorage.setItem('i18nextLng', 'nl');
    window.localStorage.setItem('someone-else', JSON.stringify({ url: '/x', createdAt: 0 }));
    purgeStaleIdentityEntries(now);
    expect(window.localStorage.getItem('old')).toBeNull();
    expect(window.localStorage.getItem('fresh')).not.toBeNull();
    expect(window.localStorage.getItem('i18nextLng')).toBe('nl');
    expect(window.localStorage.getItem('someone-else')).not.toBeNull();
  });

  it('an earlier version’s entries, which held the card number and security code, go whatever their age', () => {
    const now = Date.now();
    window.localStorage.setItem(
      'legacy',
      JSON.stringify({ url: '/demo/payout/callback', giftCard: card, securityCode: SECURITY_CODE, bankAccountNumber: IBAN.ing, createdAt: now }),
    );
    storeEntry('fresh', { createdAt: now });
    purgeStaleIdentityEntries(now);
    expect(window.localStorage.getItem('legacy')).toBeNull();
    expect(window.localStorage.getItem('fresh')).not.toBeNull();
  });

  it('a callback with an earlier version’s entry starts again, and the entry is gone', async () => {
    window.localStorage.setItem('legacy-cb', JSON.stringify({ url: '/demo/payout/callback', giftCard: card, securityCode: SECURITY_CODE, bankAccountNumber: IBAN.ing, createdAt: Date.now() }));
    const { requests } = mockFetch([themeRoute(payoutTheme()), captchaRoute]);
    renderApp(`/demo/payout/callback?state=legacy-cb&sessionId=${SESSION_ID}`);
    await waitFor(() => expect(location()).toBe('/demo/payout'));
    expect(window.localStorage.getItem('legacy-cb')).toBeNull();
    expect(requests.filter((r) => r.url.endsWith('/customer'))).toHaveLength(0);
  });

  it('an earlier version’s flow state (the card with its number) is dropped from sessionStorage', async () => {
    window.sessionStorage.setItem('tessera.payout.demo', JSON.stringify({ card }));
    mockFetch([themeRoute(payoutTheme()), captchaRoute]);
    renderApp('/demo/payout/nobalance');
    await waitFor(() => expect(location()).toBe('/demo/payout'));
    expect(window.sessionStorage.getItem('tessera.payout.demo')).toBeNull();
  });
});

describe('PAYOUT and IDENTIFY texts', () => {
  // __dirname: vitest's jsdom environment gives import.meta.url an http scheme.
  const roots = ['../src/flows/payout', '../src/flows/identify', '../src/components/IbanField', '../src/components/Identity'].map((dir) => path.join(__dirname, dir));
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
    });

  it('every key these screens use exists in nl and en', () => {
    const keys = new Set<string>();
    for (const file of roots.flatMap(files)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/['"`]((?:payout|identify|generic|card|captcha)_{1,2}[A-Za-z0-9_]+)['"`]/g)) keys.add(match[1]!);
    }
    expect(keys.size).toBeGreaterThan(60);
    expect(keys.has('payout_cancelled')).toBe(true);
    const missing = [...keys].filter((key) => !(key in texts.en) || !(key in texts.nl));
    expect(missing).toEqual([]);
  });
});

/** renderApp, but under React StrictMode (as main.tsx renders the app in development). */
function renderStrict(initialPath: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  function Probe() {
    const [pathname] = useLocation();
    const search = useSearch();
    return <output data-testid="location">{pathname + (search ? `?${search}` : '')}</output>;
  }
  function Memory({ children }: { children: ReactNode }) {
    const [memory] = useState(() => memoryLocation({ path: initialPath }));
    return <Router hook={memory.hook}>{children}</Router>;
  }
  return render(
    <StrictMode>
      <Memory>
        <AppProviders i18n={createTestI18n('en')} queryClient={queryClient}>
          <AppRoutes />
          <Probe />
        </AppProviders>
      </Memory>
    </StrictMode>,
  );
}
