import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CardTransaction } from '@tessera/contracts';
import { CardHistory, formatSignedMoney, localDay } from '../src/components/CardHistory/CardHistory';
import { balanceStore } from '../src/flows/balance/state';
import { resetVisaStores, visaStore } from '../src/flows/visa/state';
import { createTestI18n, euroCard, fieldErrorOf, mockFetch, renderApp, renderWithProviders, themeRoute, type MockRoute } from './utils';
import { activeHolder, visaTheme } from './helpers/visa';

// The card's history and the block of a lost card on the BALANCE amount screen and in the VISA
// account.

afterEach(() => resetVisaStores());

const transactions: CardTransaction[] = [
  { kind: 'redemption', amount: { value: -750, assetCode: 'EUR' }, createdAt: '2026-03-12T12:30:00.000Z' },
  { kind: 'refund', amount: { value: 120, assetCode: 'EUR' }, createdAt: '2026-02-20T12:00:00.000Z' },
  { kind: 'load', amount: { value: 3130, assetCode: 'EUR' }, createdAt: '2026-01-05T12:00:00.000Z' },
];

const card = euroCard('6064000000000000101', 2500, { transactions });

const blockRoute = (answer: Omit<MockRoute, 'path' | 'method'>): MockRoute => ({ method: 'POST', path: '/api/cards/block', ...answer });
const BLOCKED = { state: 'blocked', blockedAt: '2026-03-14T09:00:00.000Z', replaceUrl: '/demo/replace' };

describe('formatSignedMoney', () => {
  it('writes the sign first, then the amount as every balance is written', () => {
    expect(formatSignedMoney({ value: 3130, assetCode: 'EUR' })).toBe('+€ 31,30');
    expect(formatSignedMoney({ value: -750, assetCode: 'EUR' })).toBe('\u2212€ 7,50');
    expect(formatSignedMoney({ value: -5, assetCode: 'EUR' })).toBe('\u2212€ 0,05');
    expect(formatSignedMoney({ value: 0, assetCode: 'EUR' })).toBe('€ 0,00');
    expect(formatSignedMoney({ value: 123456789, assetCode: 'EUR' })).toBe('+€ 1234567,89');
    expect(formatSignedMoney({ value: -100, assetCode: 'NO_ASSET' })).toBe('\u22121,00');
  });

  it('dates an entry by the day in the cardholder’s time zone', () => {
    const at = new Date(2026, 2, 12, 23, 30);
    expect(localDay(at.toISOString())).toBe('2026-03-12');
  });
});

describe('CardHistory', () => {
  it('lists each entry under a heading: description, date and signed amount (en)', () => {
    renderWithProviders(<CardHistory transactions={transactions} />);
    const section = screen.getByRole('region', { name: 'Recent transactions' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Recent transactions' })).toBeTruthy();
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Payment12/03/2026\u2212€ 7,50', 'Refund20/02/2026+€ 1,20', 'Money loaded05/01/2026+€ 31,30']);
    expect(items[0]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-03-12T12:30:00.000Z');
  });

  it('speaks Dutch in nl, with the nl date', () => {
    renderWithProviders(<CardHistory transactions={transactions} headingLevel={3} />, { i18n: createTestI18n('nl') });
    expect(screen.getByRole('heading', { level: 3, name: 'Recente transacties' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Betaling12-03-2026\u2212€ 7,50',
      'Terugbetaling20-02-2026+€ 1,20',
      'Geld opgewaardeerd05-01-2026+€ 31,30',
    ]);
  });

  it('has a description for every kind of entry', () => {
    const kinds = ['load', 'redemption', 'refund', 'payout', 'fee', 'replacement_out', 'replacement_in', 'expiry', 'adjustment'] as const;
    renderWithProviders(<CardHistory transactions={kinds.map((kind) => ({ kind, amount: { value: 100, assetCode: 'EUR' }, createdAt: '2026-01-01T12:00:00Z' }))} />);
    const descriptions = screen.getAllByRole('listitem').map((item) => item.firstElementChild!.textContent);
    expect(new Set(descriptions).size).toBe(kinds.length);
    for (const text of descriptions) expect(text).not.toMatch(/card__/);
  });

  it('says so when there is no history', () => {
    renderWithProviders(<CardHistory transactions={[]} />);
    expect(screen.getByText('There are no transactions on this card yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('BALANCE amount screen: history and block', () => {
  function showAmount(routes: MockRoute[] = []) {
    balanceStore('demo').set(card);
    const mocks = mockFetch([themeRoute(), ...routes]);
    const rendered = renderApp('/demo/balance/amount');
    return { ...mocks, ...rendered, user: userEvent.setup() };
  }

  it('shows the card’s latest transactions', async () => {
    showAmount();
    const section = await screen.findByRole('region', { name: 'Recent transactions' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
  });

  it('asks for confirmation and the security code before blocking, then shows the result', async () => {
    const { requests, user } = showAmount([blockRoute({ body: BLOCKED })]);
    await user.click(await screen.findByRole('button', { name: 'Block this card' }));
    // The confirmation step takes focus; nothing is sent yet.
    const confirmTitle = screen.getByRole('heading', { name: 'Are you sure you want to block this card?' });
    expect(document.activeElement).toBe(confirmTitle);
    expect(requests.filter((r) => r.url === '/api/cards/block')).toHaveLength(0);

    // Without the security code: the field says so and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Yes, block this card' }));
    expect(fieldErrorOf(screen.getByLabelText('Security code'))).toBe('Enter your security code.');
    expect(requests.filter((r) => r.url === '/api/cards/block')).toHaveLength(0);

    await user.type(screen.getByLabelText('Security code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Yes, block this card' }));
    const title = await screen.findByRole('heading', { level: 1, name: 'Your card is blocked' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    const sent = requests.filter((r) => r.url === '/api/cards/block');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['x-flow-type']).toBe('BALANCE');
    expect(sent[0]!.body).toEqual({ code: 'DEMO', cardNumber: '6064000000000000101', securityCode: '482913' });
    expect(screen.getByTestId('blocked-result').textContent).toContain('The card ending in 101 has been blocked since 14/03/2026.');
    expect(screen.getByRole('link', { name: 'Request a new card' }).getAttribute('href')).toBe('/demo/replace');
    // The blocked card has left the flow's state.
    expect(window.sessionStorage.getItem('tessera.balance.demo')).toBeNull();
    expect(document.title).toContain('Your card is blocked');
  });

  it('cancels without sending, and gives focus back to the button', async () => {
    const { requests, user } = showAmount();
    await user.click(await screen.findByRole('button', { name: 'Block this card' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Block this card' }));
    expect(requests.filter((r) => r.url === '/api/cards/block')).toHaveLength(0);
  });

  it.each([
    [404, 'CARD_NOT_FOUND', 'The card could not be blocked with this security code.'],
    [400, 'TOO_MANY_REQUESTS', 'Too many attempts.'],
    [500, 'INTERNAL_ERROR', 'The card could not be blocked. Please try again later.'],
  ])('says why on %s %s, marks the field and keeps the card', async (status, code, text) => {
    const { user } = showAmount([blockRoute({ status, body: { code, message: code } })]);
    await user.click(await screen.findByRole('button', { name: 'Block this card' }));
    await user.type(screen.getByLabelText('Security code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Yes, block this card' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(text);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByLabelText('Security code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('heading', { level: 1, name: 'Your balance' })).toBeTruthy();
    expect(balanceStore('demo').get()).toEqual(card);
  });
});

describe('VISA account: history and block', () => {
  function showDetails(routes: MockRoute[] = []) {
    visaStore('account', 'demo').set({ cardNumber: '4000000000000000010', securityCode: 'Tq8m3x', holder: activeHolder });
    const mocks = mockFetch([themeRoute(visaTheme), ...routes]);
    const rendered = renderApp('/demo/visa/account/details');
    return { ...mocks, ...rendered, user: userEvent.setup() };
  }

  it('shows the card’s latest transactions', async () => {
    showDetails();
    const section = await screen.findByRole('region', { name: 'Recent transactions' });
    expect(within(section).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Fee02/03/2026\u2212€ 0,50',
      'Payment01/03/2026\u2212€ 4,50',
      'Money loaded01/02/2026+€ 30,00',
    ]);
  });

  it('blocks with the passcode it logged in with, after the confirmation, and logs the card out', async () => {
    const { requests, user } = showDetails([blockRoute({ body: { state: 'blocked', blockedAt: '2026-03-14T09:00:00.000Z' } })]);
    await user.click(await screen.findByRole('button', { name: 'Block this card' }));
    // No field: the account holds the passcode.
    expect(screen.queryByLabelText('Security code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Yes, block this card' }));
    await screen.findByRole('heading', { level: 1, name: 'Your card is blocked' });
    const sent = requests.find((r) => r.url === '/api/cards/block')!;
    expect(sent.headers['x-flow-type']).toBe('VISA');
    expect(sent.body).toEqual({ code: 'DEMO', cardNumber: '4000000000000000010', securityCode: 'Tq8m3x' });
    expect(visaStore('account', 'demo').get()).toBeNull();
    // No REPLACE for a Visa card: the issuer is the way to a new one.
    expect(screen.queryByRole('link', { name: 'Request a new card' })).toBeNull();
    expect(screen.getByText('Contact the issuer of your card if you need a new one.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    await screen.findByRole('heading', { level: 1, name: 'Log in to your card' });
  });

  it('asks to log in again when the passcode no longer works (404)', async () => {
    const { user } = showDetails([blockRoute({ status: 404, body: { code: 'CARD_NOT_FOUND', message: 'no' } })]);
    await user.click(await screen.findByRole('button', { name: 'Block this card' }));
    await user.click(screen.getByRole('button', { name: 'Yes, block this card' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Log in again and try once more.');
  });
});
