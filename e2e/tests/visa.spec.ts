import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, snap } from '../support/fixtures';
import { watchForLoadingText } from '../support/loading';
import { waitForCaptcha } from '../support/captcha';
import { chooseDateOfBirth, pickCountry } from '../support/visa-review';

// VISA (docs/product/visa.md) against the real server, in English unless a test says. Each
// project activates its own demo card (VISA_NEW_1 on the phone, VISA_NEW_2 on the desktop) and
// then recovers that card's passcode, so no other test logs in with the passcodes it sets.

const VISA_ACTIVE = { number: '4000 0000 0000 0000 010', passcode: 'Tq8m3x', pin: '2468' };

function newCardFor(project: string) {
  return project === 'phone'
    ? { number: '4000 0000 0000 0000 001', phone: '+31612345601', masked: '+*********01', pin: '1357', balance: '€ 50,00', passcode: 'Hb4k9s', newPasscode: 'Mz7q3t' }
    : { number: '4000 0000 0000 0000 002', phone: '+31612345602', masked: '+*********02', pin: '8642', balance: '€ 75,00', passcode: 'Wd6p2r', newPasscode: 'Jx5v8n' };
}

interface OutboxMessage {
  id: string;
  channel: string;
  to: string;
  body: string;
}

async function outbox(page: Page, phone: string): Promise<OutboxMessage[]> {
  const answer = await page.request.get(`/dev/outbox?to=${encodeURIComponent(phone)}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as OutboxMessage[];
}

/** The code of the newest SMS to `phone` that is not one of `seen` (the outbox answers newest first). */
async function readCode(page: Page, phone: string, seen: readonly string[] = []): Promise<{ id: string; code: string }> {
  let found: { id: string; code: string } | null = null;
  await expect
    .poll(async () => {
      const message = (await outbox(page, phone)).find((m) => m.channel === 'sms' && !seen.includes(m.id));
      const code = message?.body.match(/\b(\d{6})\b/)?.[1];
      found = message && code ? { id: message.id, code } : null;
      return !!found;
    }, { timeout: 15_000 })
    .toBe(true);
  return found!;
}


async function enterCode(page: Page, code: string) {
  // the phone's one-time-code autofill puts the whole code in the first box; it is spread
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
  await expect(page.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveValue(code[5]!);
}

async function choosePasscode(page: Page, passcode: string) {
  await page.getByLabel('Passcode', { exact: true }).fill(passcode);
  await page.getByLabel('Repeat passcode', { exact: true }).fill(passcode);
}

async function logIn(page: Page, number: string, passcode: string) {
  await page.goto('/demo/visa/account?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to your card' })).toBeVisible();
  await page.getByLabel('Card number', { exact: true }).fill(number);
  await page.getByLabel('Passcode', { exact: true }).fill(passcode);
  await waitForCaptcha(page);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('activation with the SMS code (a wrong code first, an insecure passcode refused), the PIN and balance; then passcode recovery and login with the new passcode', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const card = newCardFor(testInfo.project.name);

  // activate
  await page.goto('/demo/visa/activate?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Activate your Visa card' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(5);
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-visa-activate');
  const loadingSeen = await watchForLoadingText(page);
  await page.getByLabel('Card number', { exact: true }).fill(card.number);
  await waitForCaptcha(page);
  await page.getByRole('button', { name: 'Send code' }).click();

  // activate/otc: in the flow's later chunk, loaded while the form was filled in; it follows the
  // answer without "Loading…" in between
  await expect(page).toHaveURL(/\/demo\/visa\/activate\/otc$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await loadingSeen()).toBe(false);
  await expect(page.getByText(card.masked)).toBeVisible();
  const sms = await readCode(page, card.phone);
  const wrong = sms.code.slice(0, 5) + String((Number(sms.code[5]) + 1) % 10);
  const submitCode = page.getByRole('button', { name: 'Continue' });
  await expect(submitCode).toBeDisabled();
  await enterCode(page, wrong);
  await expect(submitCode).toBeEnabled();
  await submitCode.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please accept the terms and conditions' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Terms and conditions/ })).toHaveAttribute('href', /^https:\/\//);
  await expect(page.getByRole('link', { name: /Privacy statement/ })).toHaveAttribute('href', /^https:\/\//);
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-visa-otc-terms');
  await page.getByLabel('I accept the terms and conditions', { exact: false }).check();
  await submitCode.click();

  // activate/security: a guessable passcode is refused in the form, and by the server
  await expect(page).toHaveURL(/\/demo\/visa\/activate\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Activate your Visa card' })).toBeVisible();
  // The step shares its heading with the activation's other steps; its page title is its own.
  await expect(page).toHaveTitle(/^Choose a passcode: activate your Visa card \|/);
  await expect(page.getByText('Inactive', { exact: true })).toBeVisible();
  const setPasscode = page.getByRole('button', { name: 'Set passcode' });
  await choosePasscode(page, '123456');
  await expect(page.getByText('This passcode is too easy to guess.', { exact: false })).toBeVisible();
  await expect(setPasscode).toBeDisabled();
  const refused = await page.request.post('/api/visa/UseActivationCode/DEMO/', {
    headers: { 'x-flow-type': 'VISA' },
    data: { cardNumber: card.number.replace(/\s/g, ''), otcNumber: sms.code, securityCode: '123456' },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).code).toBe('SECURITY_CODE_INSECURE');
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-visa-security-insecure');

  // the wrong code: activate/failed, retry back to the code
  await choosePasscode(page, card.passcode);
  await expect(page.getByText(/Remember your passcode well/)).toBeVisible();
  await expect(setPasscode).toBeEnabled();
  await setPasscode.click();
  await expect(page).toHaveURL(/\/demo\/visa\/activate\/failed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Activation failed' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-visa-failed');
  await page.getByRole('button', { name: 'Enter the code again' }).click();
  await expect(page).toHaveURL(/\/demo\/visa\/activate\/otc$/);
  await enterCode(page, sms.code);
  await page.getByLabel('I accept the terms and conditions', { exact: false }).check();
  await submitCode.click();
  await expect(page).toHaveURL(/\/demo\/visa\/activate\/security$/);
  await choosePasscode(page, card.passcode);
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-visa-security');
  await setPasscode.click();

  // activate/review: the demo holder has no birth date, country of birth or nationality (partial)
  await expect(page).toHaveURL(/\/demo\/visa\/activate\/review$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your details' })).toBeVisible();
  const confirm = page.getByLabel('I have checked my details and they are correct.');
  await expect(confirm).toBeDisabled();
  const birth = page.getByRole('group', { name: 'Date of birth' });
  // The disabled button says why; Enter in a field lists what is missing in the error summary.
  const activate = page.getByRole('button', { name: 'Confirm and activate' });
  await expect(activate).toBeDisabled();
  await expect(page.locator(`#${await activate.getAttribute('aria-describedby')}`)).toHaveText(
    'Fill in your date of birth, country of birth and nationality first.',
  );
  await birth.getByLabel('Day').focus();
  await page.keyboard.press('Enter');
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('listitem')).toHaveText(['Choose your date of birth.', 'Choose your country of birth.', 'Choose your nationality.']);
  await expect(page).toHaveTitle(/^Error: /);
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-visa-review-summary');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(summary.getByRole('link', { name: 'Choose your country of birth.' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Country of birth' })).toBeFocused();
  await chooseDateOfBirth(page);
  const countryOfBirth = await pickCountry(page, 'Country of birth', 'Nether', 'Netherlands');
  await expect(countryOfBirth).toHaveValue('Netherlands');
  const nationality = page.getByRole('combobox', { name: 'Nationality' });
  await nationality.fill('belg');
  await expect(page.getByRole('option', { name: 'Belgium' })).toBeVisible();
  await nationality.press('Enter');
  await expect(nationality).toHaveValue('Belgium');
  // Enter chose the option and submitted nothing; everything listed is fixed, so the summary went.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^Error: /);
  await expect(page.locator(`#${await activate.getAttribute('aria-describedby')}`)).toHaveText(
    'Tick the box to confirm that your details are correct.',
  );
  await expectAccessible(page);
  await confirm.check();
  await expect(nationality).toBeDisabled();
  await expect(birth.getByLabel('Year')).toBeDisabled();
  await snap(page, testInfo, 'demo-en-visa-review');
  await page.getByRole('button', { name: 'Confirm and activate' }).click();

  // activate/pin: the PIN in the cross-origin frame, then the balance
  await expect(page).toHaveURL(/\/demo\/visa\/activate\/pin$/);
  const frame = page.frameLocator('iframe[title="Your PIN"]');
  await expect(frame.locator('#pin')).toHaveText(card.pin, { timeout: 10_000 });
  const toBalance = page.getByRole('button', { name: 'Check your balance' });
  await expect(toBalance).toBeEnabled();
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-visa-pin');
  await toBalance.click();

  // activate/success
  await expect(page).toHaveURL(/\/demo\/visa\/activate\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your card is active' })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByTestId('card-balance')).toHaveText(card.balance);
  await expect(page.getByText(/Close your browser/)).toBeVisible();
  await expect(page.getByTestId('pin-hidden')).toBeVisible();
  expect(page.url()).not.toContain('4000');
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-visa-success');

  // recovery: a new code by SMS, a new passcode, the overview
  await page.goto('/demo/visa/account?lng=en');
  await page.getByRole('link', { name: 'Forgot your passcode?' }).click();
  await expect(page).toHaveURL(/\/demo\/visa\/account\/reset$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your passcode' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-visa-reset');
  await page.getByLabel('Card number', { exact: true }).fill(card.number);
  await waitForCaptcha(page);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/demo\/visa\/account\/reset\/otc$/);
  await expect(page.getByText(card.masked)).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  const recoverySms = await readCode(page, card.phone, [sms.id]);
  await enterCode(page, recoverySms.code);
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-visa-reset-otc');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/demo\/visa\/account\/reset\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new passcode' })).toBeVisible();
  await choosePasscode(page, card.newPasscode);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Set new passcode' }).click();
  await expect(page).toHaveURL(/\/demo\/visa\/account\/details$/);
  await expect(page.getByText('Your new passcode has been set.')).toBeVisible();
  await expect(page.getByTestId('card-balance')).toHaveText(card.balance);
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-visa-details-after-reset');

  // the old passcode no longer works, the new one does
  await logIn(page, card.number, card.passcode);
  await expect(page.getByRole('alert').filter({ hasText: 'The card number or passcode is not correct.' })).toBeVisible();
  await logIn(page, card.number, card.newPasscode);
  await expect(page).toHaveURL(/\/demo\/visa\/account\/details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your card' })).toBeVisible();
  await expect(page.getByText('Your new passcode has been set.')).toHaveCount(0);
  await expect(page.getByText('Belgium')).toBeVisible();
});

test('VISA_ACTIVE: login, the read-only holder details and the PIN revealed in the cross-origin frame, then hidden', async ({ page }, testInfo) => {
  await logIn(page, '4000 0000 0000 0000 999', 'Abc123');
  await expect(page.getByRole('alert').filter({ hasText: 'The card number or passcode is not correct.' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-visa-login-error');

  await logIn(page, VISA_ACTIVE.number, VISA_ACTIVE.passcode);
  await expect(page).toHaveURL(/\/demo\/visa\/account\/details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your card' })).toBeVisible();
  await expect(page.getByTestId('card-balance')).toHaveText('€ 25,00');
  await expect(page.getByText('M. Bakker')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Nationality' })).toHaveCount(0);
  await expect(page.getByText('Netherlands').first()).toBeVisible();
  await expect(page.getByTestId('pin-hidden')).toHaveText(/\*\*\*\*/);
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-visa-details');

  await page.getByRole('button', { name: 'Show PIN' }).click();
  const iframe = page.locator('iframe[title="Your PIN"]');
  await expect(iframe).toHaveAttribute('src', /^http:\/\/127\.0\.0\.1:\d+\/pin-frame\?key=/);
  await expect(page.frameLocator('iframe[title="Your PIN"]').locator('#pin')).toHaveText(VISA_ACTIVE.pin, { timeout: 10_000 });
  // The read went with the frame session's cookie, which the frame page set (decision 017): on
  // the cross-site frame (127.0.0.1 in localhost) Chromium keeps it because it is partitioned.
  const frameOrigin = new URL((await iframe.getAttribute('src'))!).origin;
  const frameCookies = (await page.context().cookies(`${frameOrigin}/pin-frame`)).filter((c) => c.name.startsWith('tessera_pin_frame_'));
  expect(frameCookies).toEqual([expect.objectContaining({ httpOnly: true, secure: true, sameSite: 'None', path: '/pin-frame' })]);
  await expect(page.getByRole('button', { name: 'Hide PIN' })).toBeFocused();
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-visa-pin-shown');
  await page.getByRole('button', { name: 'Hide PIN' }).click();
  await expect(iframe).toHaveCount(0);
  await expect(page.getByTestId('pin-hidden')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show PIN' })).toBeFocused();
});

test('refusals of the code request and the Dutch screens', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto('/demo/visa/activate?lng=en');
  await page.getByLabel('Card number', { exact: true }).fill(VISA_ACTIVE.number);
  await waitForCaptcha(page);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This card is already active.' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-visa-already-active');

  await page.goto('/demo/visa/account/reset?lng=en');
  await page.getByLabel('Card number', { exact: true }).fill('4000 0000 0000 0000 999');
  await waitForCaptcha(page);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The card number or passcode is not correct.' })).toBeVisible();

  // without a card in state, every later step goes back to its flow's start
  await page.goto('/demo/visa/activate/review?lng=en');
  await expect(page).toHaveURL(/\/demo\/visa\/activate$/);
  await page.goto('/demo/visa/account/reset/otc?lng=en');
  await expect(page).toHaveURL(/\/demo\/visa\/account\/reset$/);
  await page.goto('/demo/visa/account/details?lng=en');
  await expect(page).toHaveURL(/\/demo\/visa\/account$/);

  await page.goto('/demo/visa/activate?lng=nl');
  await expect(page.getByRole('heading', { level: 1, name: 'Activeer je Visa-kaart' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-nl-visa-activate');
  await page.goto('/demo/visa/account?lng=nl');
  await expect(page.getByRole('heading', { level: 1, name: 'Inloggen met je kaart' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-nl-visa-account');
});
