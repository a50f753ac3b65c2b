import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HolderInformation } from '@tessera/contracts';
import { captchaRoute, errorSummary, fieldErrorOf, mockFetch, renderApp, summaryItems, themeRoute, type MockRoute } from './utils';
import { itRedirectsToTheStart } from './helpers/redirects';
import { activeHolder, newHolder, visaTheme } from './helpers/visa';
import { resetVisaStores, visaStore } from '../src/flows/visa/state';

const CARD = '4000000000000000001';
const post = (path: string, answer: Omit<MockRoute, 'path' | 'method'>, method = 'POST'): MockRoute => ({ method, path, ...answer });
const refusal = (code: string, status = 400) => ({ status, body: { code, message: code } });
const location = () => screen.getByTestId('location').textContent;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** A request step (activation, recovery): the card number typed, and Send code pressed once it may be. */
async function sendCodeFor(heading: string, cardNumber: string) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: heading });
  await user.type(screen.getByLabelText('Card number'), cardNumber);
  await waitFor(() => expect(button('Send code').disabled).toBe(false));
  await user.click(button('Send code'));
}

// The flow is a lazy chunk: load it once up front so the first test does not time out on it.
beforeAll(async () => {
  await import('../src/flows/visa');
}, 30_000);
afterEach(() => resetVisaStores());

describe('VISA activate: asking for an activation code', { timeout: 20_000 }, () => {
  it('sends card number, captcha and culture with x-flow-type VISA and replaces the history with activate/otc', async () => {
    const { requests } = mockFetch([themeRoute(visaTheme), captchaRoute, post('/api/visa/RequestActivationCode/DEMO', { body: { phoneNumber: '+*********01' } })]);
    const { history } = renderApp('/demo/visa/activate');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Activate your Visa card' });
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(5);
    expect(button('Send code').disabled).toBe(true);
    await user.type(screen.getByLabelText('Card number'), '4000 0000 0000 0000 001');
    await waitFor(() => expect(button('Send code').disabled).toBe(false));
    await user.click(button('Send code'));
    await waitFor(() => expect(location()).toBe('/demo/visa/activate/otc'));
    const request = requests.find((r) => r.method === 'POST')!;
    expect(request.headers['x-flow-type']).toBe('VISA');
    expect(request.body).toEqual({ 'g-recaptcha-response': 'test-pass', cardNumber: CARD, culture: 'en' });
    expect(history()).toEqual(['/demo/visa/activate/otc']);
    expect(await screen.findByText('+*********01')).toBeTruthy();
  });

  const cases: Array<[string, MockRoute['status'] | 'network', string | null, string]> = [
    ['TOKEN_ALREADY_ACTIVATED', 400, 'TOKEN_ALREADY_ACTIVATED', 'This card is already active. Log in with your card number and passcode.'],
    ['TOO_MANY_REQUESTS', 400, 'TOO_MANY_REQUESTS', 'Too many requests for this card. Please wait a while before you try again.'],
    ['INVALID_TOKEN', 400, 'INVALID_TOKEN', 'We do not recognise this card number. Check the number on your card and try again.'],
    ['another 400 code', 400, 'VALIDATION_ERROR', 'Something went wrong. Please try again later.'],
    ['another status', 500, 'INTERNAL', 'We do not recognise this card number. Check the number on your card and try again.'],
    ['no answer', 'network', null, 'Something went wrong. Please try again later.'],
  ];
  for (const [name, status, code, text] of cases) {
    it(`${name}: its own message`, async () => {
      const route: MockRoute =
        status === 'network'
          ? post('/api/visa/RequestActivationCode/DEMO', { networkError: true })
          : post('/api/visa/RequestActivationCode/DEMO', refusal(code!, status));
      mockFetch([themeRoute(visaTheme), captchaRoute, route]);
      renderApp('/demo/visa/activate');
      await sendCodeFor('Activate your Visa card', '4000 0000 0000 0000 001');
      // in the error summary, which takes focus
      const alert = await screen.findByRole('alert');
      expect(summaryItems()).toEqual([text]);
      expect(document.activeElement).toBe(alert);
      expect(location()).toBe('/demo/visa/activate');
    });
  }
});

describe('VISA code step: typing the activation code', { timeout: 20_000 }, () => {
  itRedirectsToTheStart({ theme: visaTheme, start: '/demo/visa/activate', screens: ['otc'], startHeading: 'Activate your Visa card' });

  it('enables submit once all 6 digits are in, asks for the terms, then goes on to the passcode (history replaced)', async () => {
    visaStore('activation', 'demo').set({ cardNumber: CARD, phoneNumber: '+*********01' });
    const { fetchMock } = mockFetch([themeRoute(visaTheme), captchaRoute]);
    const { history } = renderApp('/demo/visa/activate/otc');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Enter your code' });
    expect(screen.getByText('+*********01')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new code' }).getAttribute('href')).toBe('/demo/visa/activate');
    expect(screen.getByRole('link', { name: /Terms and conditions/ }).getAttribute('href')).toBe('https://tessera.example/voorwaarden');
    expect(screen.getByRole('link', { name: /Privacy statement/ }).getAttribute('href')).toBe('https://tessera.example/privacy');
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('12345');
    expect(button('Continue').disabled).toBe(true);
    await user.keyboard('6');
    expect(button('Continue').disabled).toBe(false);
    await user.click(button('Continue'));
    expect(summaryItems()).toEqual(['Please accept the terms and conditions']);
    expect(document.activeElement).toBe(errorSummary());
    const terms = screen.getByRole('checkbox', { name: 'I accept the terms and conditions and the privacy statement.' });
    expect(fieldErrorOf(terms)).toBe('Please accept the terms and conditions');
    await user.click(within(errorSummary()!).getByRole('link', { name: 'Please accept the terms and conditions' }));
    expect(document.activeElement).toBe(terms);
    expect(location()).toBe('/demo/visa/activate/otc');
    await user.keyboard(' ');
    expect((terms as HTMLInputElement).checked).toBe(true);
    expect(errorSummary()).toBeNull();
    expect(fieldErrorOf(terms)).toBeNull();
    await user.click(button('Continue'));
    await waitFor(() => expect(location()).toBe('/demo/visa/activate/security'));
    expect(history()).toEqual(['/demo/visa/activate/security']);
    expect(visaStore('activation', 'demo').get()?.otcNumber).toBe('123456');
    // the code is checked with the passcode: nothing was posted yet
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('needs no terms when the brand has none, nor on the recovery code step', async () => {
    visaStore('recovery', 'demo').set({ cardNumber: CARD, phoneNumber: '+*********01' });
    mockFetch([themeRoute(visaTheme), captchaRoute]);
    renderApp('/demo/visa/account/reset/otc');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Enter your code' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('654321');
    await user.click(button('Continue'));
    await waitFor(() => expect(location()).toBe('/demo/visa/account/reset/security'));
  });
});

describe('VISA passcode step: the activation code sets the first passcode', { timeout: 20_000 }, () => {
  const useCode = (answer: Omit<MockRoute, 'path' | 'method'>) => post('/api/visa/UseActivationCode/DEMO/', answer);
  async function open(route: MockRoute) {
    visaStore('activation', 'demo').set({ cardNumber: CARD, phoneNumber: '+*********01', otcNumber: '123456' });
    const mocks = mockFetch([themeRoute(visaTheme), captchaRoute, route, post('/api/visa/GetHolderInformation/DEMO/', { body: newHolder })]);
    const rendered = renderApp('/demo/visa/activate/security');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Activate your Visa card' });
    return { ...mocks, ...rendered, user };
  }
  const choose = async (user: ReturnType<typeof userEvent.setup>, code: string) => {
    await user.type(screen.getByLabelText('Passcode'), code);
    await user.type(screen.getByLabelText('Repeat passcode'), code);
  };

  it('redirects to activate without a card and code in state', async () => {
    visaStore('activation', 'demo').set({ cardNumber: CARD });
    mockFetch([themeRoute(visaTheme), captchaRoute]);
    renderApp('/demo/visa/activate/security');
    await waitFor(() => expect(location()).toBe('/demo/visa/activate'));
  });

  it('shows the inactive card, the help, length and guess errors, and enables submit only for a valid matching passcode', async () => {
    const { user } = await open(useCode({ body: { status: 'passcode_set' } }));
    expect(screen.getByText('Inactive')).toBeTruthy();
    expect(screen.queryByTestId('card-balance')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Why a passcode?' })).toBeTruthy();
    await user.type(screen.getByLabelText('Passcode'), 'Tq8m3');
    expect(screen.getByText('Your passcode has 6 letters or digits.')).toBeTruthy();
    await user.type(screen.getByLabelText('Passcode'), 'xy');
    expect(screen.getByText('Your passcode has exactly 6 characters.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Passcode'));
    await choose(user, 'abcdef');
    expect(screen.getByText(/too easy to guess/)).toBeTruthy();
    expect(button('Set passcode').disabled).toBe(true);
    await user.clear(screen.getByLabelText('Passcode'));
    await user.clear(screen.getByLabelText('Repeat passcode'));
    await user.type(screen.getByLabelText('Passcode'), 'Tq8m3x');
    await user.type(screen.getByLabelText('Repeat passcode'), 'Tq8m');
    expect(screen.getByText('The passcodes are not the same.')).toBeTruthy();
    expect(button('Set passcode').disabled).toBe(true);
    await user.type(screen.getByLabelText('Repeat passcode'), '3x');
    expect(screen.getByText(/Remember your passcode well/).closest('[role=status]')).toBeTruthy();
    expect(button('Set passcode').disabled).toBe(false);
  });

  it('OK: posts card, code and passcode, then replaces the history with the review', async () => {
    const { user, requests, history } = await open(useCode({ body: { status: 'passcode_set' } }));
    await choose(user, 'Tq8m3x');
    await user.click(button('Set passcode'));
    await waitFor(() => expect(location()).toBe('/demo/visa/activate/review'));
    const request = requests.find((r) => r.url === '/api/visa/UseActivationCode/DEMO/')!;
    expect(request.headers['x-flow-type']).toBe('VISA');
    expect(request.body).toEqual({ cardNumber: CARD, otcNumber: '123456', securityCode: 'Tq8m3x' });
    expect(history()).toEqual(['/demo/visa/activate/review']);
  });

  it('SECURITY_CODE_INSECURE: the guess error, submit blocked until the passcode changes', async () => {
    const { user } = await open(useCode(refusal('SECURITY_CODE_INSECURE')));
    await choose(user, 'Tq8m3x');
    await user.click(button('Set passcode'));
    await waitFor(() => expect(summaryItems()).toEqual([expect.stringMatching(/too easy to guess/)]));
    expect(document.activeElement).toBe(errorSummary());
    expect(fieldErrorOf(screen.getByLabelText('Passcode'))).toMatch(/too easy to guess/);
    expect(button('Set passcode').disabled).toBe(true);
    await user.click(within(errorSummary()!).getByRole('link', { name: /too easy to guess/ }));
    expect(document.activeElement).toBe(screen.getByLabelText('Passcode'));
    expect(location()).toBe('/demo/visa/activate/security');
    await user.type(screen.getByLabelText('Passcode'), '{Backspace}y');
    await user.type(screen.getByLabelText('Repeat passcode'), '{Backspace}y');
    expect(button('Set passcode').disabled).toBe(false);
  });

  for (const [name, answer] of [
    ['INVALID_TOKEN', refusal('INVALID_TOKEN')],
    ['another status', refusal('INTERNAL', 500)],
  ] as const) {
    it(`${name}: activate/failed, whose retry goes back to the code`, async () => {
      const { user } = await open(useCode(answer));
      await choose(user, 'Tq8m3x');
      await user.click(button('Set passcode'));
      await screen.findByRole('heading', { level: 1, name: 'Activation failed' });
      expect(location()).toBe('/demo/visa/activate/failed');
      await user.click(button('Enter the code again'));
      await waitFor(() => expect(location()).toBe('/demo/visa/activate/otc'));
    });
  }

  it('no answer: submit blocked, with an announced message and a retry that lifts the block', async () => {
    const { user } = await open(useCode({ networkError: true }));
    await choose(user, 'Tq8m3x');
    await user.click(button('Set passcode'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not reach the server/);
    expect(button('Set passcode').disabled).toBe(true);
    await user.click(button('Try again'));
    expect(button('Set passcode').disabled).toBe(false);
  });
});

describe('VISA review: checking and completing the holder information', { timeout: 30_000 }, () => {
  const update = (answer: Omit<MockRoute, 'path' | 'method'>) => post('/api/visa/UpdateHolderInformation/DEMO/', answer, 'PUT');
  async function open(holder: HolderInformation, route: MockRoute = update({ body: { ...holder, status: 'active' } })) {
    visaStore('activation', 'demo').set({ cardNumber: CARD, otcNumber: '123456', securityCode: 'Tq8m3x' });
    const mocks = mockFetch([themeRoute(visaTheme), captchaRoute, post('/api/visa/GetHolderInformation/DEMO/', { body: holder }), route]);
    const rendered = renderApp('/demo/visa/activate/review');
    await screen.findByRole('heading', { level: 2, name: 'Your details' });
    return { ...mocks, ...rendered, user: userEvent.setup() };
  }
  const confirm = () => screen.getByRole('checkbox', { name: 'I have checked my details and they are correct.' }) as HTMLInputElement;

  async function fillMissing(user: ReturnType<typeof userEvent.setup>) {
    const birth = screen.getByRole('group', { name: 'Date of birth' });
    await user.selectOptions(within(birth).getByLabelText('Day'), '12');
    await user.selectOptions(within(birth).getByLabelText('Month'), 'April');
    await user.selectOptions(within(birth).getByLabelText('Year'), '1985');
    await user.type(screen.getByRole('combobox', { name: 'Country of birth' }), 'Nether');
    await user.click(screen.getByRole('option', { name: 'Netherlands' }));
    await user.type(screen.getByRole('combobox', { name: 'Nationality' }), 'belg');
    await user.keyboard('{Enter}');
  }

  it('redirects to activate without a passcode in state', async () => {
    visaStore('activation', 'demo').set({ cardNumber: CARD, otcNumber: '123456' });
    mockFetch([themeRoute(visaTheme), captchaRoute]);
    renderApp('/demo/visa/activate/review');
    await waitFor(() => expect(location()).toBe('/demo/visa/activate'));
  });

  it('partial: only birth date, country of birth and nationality are editable; the checkbox waits for all three and locks the form', async () => {
    const { user, requests, history } = await open(newHolder);
    expect(screen.getByText('Inactive')).toBeTruthy();
    expect(screen.getByText('J. de Vries')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getAllByRole('combobox', { name: /Country of birth|Nationality/ })).toHaveLength(2);
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(confirm().disabled).toBe(true);
    expect(button('Confirm and activate').disabled).toBe(true);
    await fillMissing(user);
    expect(confirm().disabled).toBe(false);
    await user.click(confirm());
    expect((screen.getByRole('combobox', { name: 'Nationality' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(screen.getByRole('group', { name: 'Date of birth' })).getByLabelText('Year') as HTMLSelectElement).disabled).toBe(true);
    await user.click(button('Confirm and activate'));
    await waitFor(() => expect(location()).toBe('/demo/visa/activate/pin'));
    const request = requests.find((r) => r.method === 'PUT')!;
    expect(request.headers['x-flow-type']).toBe('VISA');
    expect(request.body).toEqual({ cardNumber: CARD, securityCode: 'Tq8m3x', dateOfBirth: '1985-04-12', countryOfBirth: 'NL', nationality: 'BE' });
    expect(history()).toEqual(['/demo/visa/activate/pin']);
  });

  it('review: everything read-only with Edit; edit makes the three fields editable and Discard restores them', async () => {
    const { user } = await open({ ...activeHolder, status: 'passcode_set' });
    expect(screen.queryByRole('combobox', { name: 'Nationality' })).toBeNull();
    expect(screen.getAllByText('Netherlands')).toHaveLength(2);
    expect(screen.getByText('12/04/1985')).toBeTruthy();
    expect(confirm().disabled).toBe(false);
    await user.click(button('Edit'));
    const nationality = screen.getByRole('combobox', { name: 'Nationality' }) as HTMLInputElement;
    expect(nationality.value).toBe('Netherlands');
    await user.clear(nationality);
    await user.type(nationality, 'Germ');
    await user.keyboard('{Enter}');
    expect(nationality.value).toBe('Germany');
    // Enter chose the option: the form was not submitted
    expect(errorSummary()).toBeNull();
    await user.click(button('Discard changes'));
    expect(screen.queryByRole('combobox', { name: 'Nationality' })).toBeNull();
    expect(screen.getAllByText('Netherlands')).toHaveLength(2);
    // ticking the checkbox locks the form: no editing any more
    await user.click(confirm());
    expect(button('Edit').disabled).toBe(true);
  });

  it('a failed update shows visa__reviewInformationError in the error summary, without a link, and focuses it', async () => {
    const { user } = await open({ ...activeHolder, status: 'passcode_set' }, update(refusal('INTERNAL', 500)));
    await user.click(confirm());
    await user.click(button('Confirm and activate'));
    const summary = await screen.findByRole('alert');
    expect(summaryItems()).toEqual(['We could not save your details. Please try again.']);
    expect(within(summary).queryByRole('link')).toBeNull();
    expect(document.activeElement).toBe(summary);
    expect(document.title).toMatch(/^Error: /);
    expect(location()).toBe('/demo/visa/activate/review');
  });

  it('partial: the disabled button says why; Enter lists the missing fields in the summary, linked, and under the fields', async () => {
    const { user, requests } = await open(newHolder);
    const submitHint = () => document.getElementById(button('Confirm and activate').getAttribute('aria-describedby') ?? '')?.textContent;
    expect(submitHint()).toBe('Fill in your date of birth, country of birth and nationality first.');
    const nationality = screen.getByRole('combobox', { name: 'Nationality' });
    await user.click(nationality);
    await user.keyboard('{Escape}{Enter}');
    expect(summaryItems()).toEqual(['Choose your date of birth.', 'Choose your country of birth.', 'Choose your nationality.']);
    expect(document.activeElement).toBe(errorSummary());
    expect(fieldErrorOf(nationality)).toBe('Choose your nationality.');
    const day = within(screen.getByRole('group', { name: 'Date of birth' })).getByLabelText('Day');
    expect(fieldErrorOf(day)).toBe('Choose your date of birth.');
    await user.click(within(errorSummary()!).getByRole('link', { name: 'Choose your date of birth.' }));
    expect(document.activeElement).toBe(day);
    await fillMissing(user);
    // fixed: the summary lost them all; the button now asks for the tick
    expect(errorSummary()).toBeNull();
    expect(fieldErrorOf(nationality)).toBeNull();
    expect(submitHint()).toBe('Tick the box to confirm that your details are correct.');
    await user.click(screen.getByRole('combobox', { name: 'Country of birth' }));
    await user.keyboard('{Escape}{Enter}');
    expect(summaryItems()).toEqual(['Confirm that your details are correct.']);
    await user.click(within(errorSummary()!).getByRole('link', { name: 'Confirm that your details are correct.' }));
    expect(document.activeElement).toBe(confirm());
    expect(fieldErrorOf(confirm())).toBe('Confirm that your details are correct.');
    await user.keyboard(' ');
    expect(errorSummary()).toBeNull();
    expect(button('Confirm and activate').getAttribute('aria-describedby')).toBeNull();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });
});

describe('VISA account: logging in with the passcode', { timeout: 20_000 }, () => {
  const login = (answer: Omit<MockRoute, 'path' | 'method'>) => post('/api/visa/GetHolderInformation/DEMO/', answer);
  async function submitLogin(route: MockRoute) {
    const mocks = mockFetch([themeRoute(visaTheme), captchaRoute, route]);
    const rendered = renderApp('/demo/visa/account');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Log in to your card' });
    expect(screen.getByRole('link', { name: 'Forgot your passcode?' }).getAttribute('href')).toBe('/demo/visa/account/reset');
    await user.type(screen.getByLabelText('Card number'), '4000 0000 0000 0000 010');
    await user.type(screen.getByLabelText('Passcode'), 'Tq8m3x');
    await waitFor(() => expect(button('Log in').disabled).toBe(false));
    await user.click(button('Log in'));
    return { ...mocks, ...rendered, user };
  }

  it('OK: the overview with the active card, balance, read-only holder and the PIN section (history replaced)', async () => {
    const { requests, history } = await submitLogin(login({ body: activeHolder }));
    await screen.findByRole('heading', { level: 1, name: 'Your card' });
    expect(history()).toEqual(['/demo/visa/account/details']);
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      cardNumber: '4000000000000000010',
      securityCode: 'Tq8m3x',
      'g-recaptcha-response': 'test-pass',
    });
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByTestId('card-balance').textContent).toBe('€ 25,00');
    expect(screen.getByText('M. Bakker')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Nationality' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByTestId('pin-hidden').textContent).toContain('****');
    expect(screen.queryByText('Your new passcode has been set.')).toBeNull();
  });

  it('404: the login error; other failures: the generic error', async () => {
    await submitLogin(login(refusal('CARD_NOT_FOUND', 404)));
    const alert = await screen.findByRole('alert');
    expect(summaryItems()).toEqual(['The card number or passcode is not correct.']);
    expect(document.activeElement).toBe(alert);
    // a refusal about the card: the item links to the card number, which it describes
    within(alert).getByRole('link', { name: 'The card number or passcode is not correct.' }).click();
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
  });

  it('500: the generic error', async () => {
    await submitLogin(login(refusal('INTERNAL', 500)));
    await screen.findByRole('alert');
    expect(summaryItems()).toEqual(['Something went wrong. Please try again later.']);
  });

  itRedirectsToTheStart({ theme: visaTheme, start: '/demo/visa/account', screens: ['details'], startHeading: 'Log in to your card' });
});

describe('VISA recovery: a recovery code sets a new passcode', { timeout: 20_000 }, () => {
  for (const [code, text] of [
    ['TOKEN_IS_NOT_ACTIVE', 'This card is not active yet. Activate your card first.'],
    ['TOO_MANY_REQUESTS', 'Too many requests for this card. Please wait a while before you try again.'],
    ['INVALID_TOKEN', 'The card number or passcode is not correct.'],
    ['SOMETHING_ELSE', 'Something went wrong. Please try again later.'],
  ] as const) {
    it(`requestrecovery ${code}: its own message`, async () => {
      mockFetch([themeRoute(visaTheme), captchaRoute, post('/api/visa/requestrecovery/DEMO', refusal(code))]);
      renderApp('/demo/visa/account/reset');
      await sendCodeFor('Forgot your passcode', '4000 0000 0000 0000 010');
      await screen.findByRole('alert');
      expect(summaryItems()).toEqual([text]);
      expect(document.activeElement).toBe(errorSummary());
    });
  }

  /** On the new-passcode screen: `passcode` typed twice and set. */
  async function setNewPasscode(passcode: string) {
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Choose a new passcode' });
    await user.type(screen.getByLabelText('Passcode'), passcode);
    await user.type(screen.getByLabelText('Repeat passcode'), passcode);
    await user.click(button('Set new passcode'));
    return user;
  }

  it('the reset passcode step without a card goes to account; with one it sets the passcode and shows the overview with the success alert', async () => {
    mockFetch([themeRoute(visaTheme), captchaRoute]);
    const first = renderApp('/demo/visa/account/reset/security');
    await waitFor(() => expect(location()).toBe('/demo/visa/account'));
    first.unmount();

    visaStore('recovery', 'demo').set({ cardNumber: CARD, otcNumber: '654321' });
    const { requests } = mockFetch([themeRoute(visaTheme), captchaRoute, post('/api/visa/userecovery/DEMO/', { body: activeHolder })]);
    const { history } = renderApp('/demo/visa/account/reset/security');
    await setNewPasscode('Mz7q3t');
    await screen.findByText('Your new passcode has been set.');
    expect(history()).toEqual(['/demo/visa/account/details']);
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ cardNumber: CARD, otcNumber: '654321', securityCode: 'Mz7q3t' });
  });

  it('userecovery INVALID_TOKEN: says the code is wrong, with a way back to it', async () => {
    visaStore('recovery', 'demo').set({ cardNumber: CARD, otcNumber: '654321' });
    mockFetch([themeRoute(visaTheme), captchaRoute, post('/api/visa/userecovery/DEMO/', refusal('INVALID_TOKEN'))]);
    renderApp('/demo/visa/account/reset/security');
    const user = await setNewPasscode('Mz7q3t');
    await screen.findByRole('alert');
    expect(summaryItems()).toEqual([expect.stringMatching(/^The code is not correct or has expired\./)]);
    expect(document.activeElement).toBe(errorSummary());
    expect(button('Set new passcode').disabled).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Enter the code again' }));
    await waitFor(() => expect(location()).toBe('/demo/visa/account/reset/otc'));
  });
});
