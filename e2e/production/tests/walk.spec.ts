import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../../support/fixtures';
import { lookUp } from '../../support/balance';
import { REHEARSAL_CARDS } from '../cards';

// The cardholder's walk through the production stack (rehearsal.ts): every page and call over
// HTTPS through Caddy, spread by it over two replicas; the SMS code from the gateway, the new
// card from the SMTP relay, the identity from the broker on its own origin, the PIN from the PIN
// frame's own hostname. Nothing here can reach a /dev or demo route: production has none.

const inbox = process.env.REHEARSAL_INBOX_URL!;

async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  let found: T | undefined;
  await expect.poll(async () => (found = await read()) !== undefined, { message: what, timeout: 30_000 }).toBe(true);
  return found!;
}

async function smsCode(request: APIRequestContext, phone: string, seen = 0): Promise<string> {
  return until(async () => {
    const messages = (await (await request.get(`${inbox}/sms?to=${encodeURIComponent(phone)}`)).json()) as Array<{ body: string }>;
    return messages.length > seen ? /\b(\d{6})\b/.exec(messages[messages.length - 1]!.body)?.[1] : undefined;
  }, `an SMS to ${phone} at the gateway`);
}

async function mailText(request: APIRequestContext, to: string): Promise<string> {
  return until(async () => {
    const messages = (await (await request.get(`${inbox}/mail?to=${encodeURIComponent(to)}`)).json()) as Array<{ text: string }>;
    return messages[0]?.text;
  }, `an e-mail to ${to} at the SMTP relay`);
}

async function waitForCaptcha(page: Page) {
  await expect(page.getByText(/^Verified$/)).toBeVisible({ timeout: 30_000 });
}

test('BALANCE: the balance of an imported gift card', async ({ page }) => {
  await page.goto('/demo/balance?lng=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(new URL(page.url()).protocol).toBe('https:');
  await lookUp(page, REHEARSAL_CARDS.balance);
  await expect(page.getByTestId('card-balance')).toHaveText('€ 25,00');
});

test('VISA: activation with the code from the SMS gateway, the PIN from the PIN frame on its own hostname', async ({ page, request }) => {
  const card = REHEARSAL_CARDS.visa;
  await page.goto('/demo/visa/activate?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Activate your Visa card' })).toBeVisible();
  await page.getByLabel('Card number', { exact: true }).fill(card.number);
  await waitForCaptcha(page);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/demo\/visa\/activate\/otc$/);
  const code = await smsCode(request, card.phone);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
  await page.getByLabel('I accept the terms and conditions', { exact: false }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/demo\/visa\/activate\/security$/);
  await page.getByLabel('Passcode', { exact: true }).fill(card.passcode);
  await page.getByLabel('Repeat passcode', { exact: true }).fill(card.passcode);
  await page.getByRole('button', { name: 'Set passcode' }).click();
  await expect(page).toHaveURL(/\/demo\/visa\/activate\/review$/);
  await page.getByLabel('I have checked my details and they are correct.').check();
  await page.getByRole('button', { name: 'Confirm and activate' }).click();
  await expect(page).toHaveURL(/\/demo\/visa\/activate\/pin$/);
  const frame = page.locator('iframe[title="Your PIN"]');
  await expect(frame).toHaveAttribute('src', new RegExp(`^${process.env.REHEARSAL_PIN_URL}/`));
  await expect(page.frameLocator('iframe[title="Your PIN"]').locator('#pin')).toHaveText(card.pin, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Check your balance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your card is active' })).toBeVisible();
  await expect(page.getByTestId('card-balance')).toHaveText('€ 50,00');
});

test('REPLACE: the new card from the SMTP relay carries the balance; the old card is refused', async ({ page, request }) => {
  const card = REHEARSAL_CARDS.replace;
  const address = 'walk-replace@example.nl';
  await page.goto('/demo/replace?lng=en');
  await page.getByLabel('Card number', { exact: true }).fill(card.number);
  await page.getByLabel('Security code', { exact: true }).fill(card.secret);
  await waitForCaptcha(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/demo\/replace\/email$/);
  await page.getByLabel('E-mail address', { exact: true }).fill(address);
  await page.getByLabel('Repeat e-mail address', { exact: true }).fill(address);
  await page.getByRole('button', { name: 'Send my new card' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your new card is on its way' })).toBeVisible();

  const text = await mailText(request, address);
  const number = /Card number: ([\d ]+)/.exec(text)?.[1]?.trim();
  const secret = /Security code: (\S+)/.exec(text)?.[1];
  expect(number, text).toBeTruthy();
  expect(secret, text).toBeTruthy();

  await page.goto('/demo/balance?lng=en');
  await lookUp(page, { number: number!, secret: secret! });
  await expect(page.getByTestId('card-balance')).toHaveText('€ 18,00');
  await page.goto('/demo/balance?lng=en');
  await lookUp(page, card);
  await expect(page.getByRole('alert')).toBeVisible();
});

test('PAYOUT: the bank trip through the stand-in broker on its own origin, and the payout', async ({ page }) => {
  const card = REHEARSAL_CARDS.payout;
  await page.goto('/demo/payout?lng=en');
  await page.getByLabel('Card number', { exact: true }).fill(card.number);
  await page.getByLabel('Security code', { exact: true }).fill(card.secret);
  await waitForCaptcha(page);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/demo\/payout\/amount$/);
  await expect(page.getByTestId('payout-amount')).toContainText('40,00');
  await page.getByRole('textbox', { name: 'IBAN (bank account number)' }).fill('NL20INGB0001234567');
  await page.getByRole('button', { name: /^Identify with iDIN/ }).click();
  await expect(page).toHaveURL(new RegExp(`^${process.env.REHEARSAL_IDIN_URL}/sandbox/idin/interaction/`));
  await page.getByRole('button', { name: /^Approve/ }).click();
  await expect(page).toHaveURL(/\/demo\/payout\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your payout is on its way' })).toBeVisible();
});
