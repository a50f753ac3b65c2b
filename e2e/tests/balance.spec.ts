import { test, expect, expectAccessible, cards, snap } from '../support/fixtures';
import { lookUp } from '../support/balance';

// BALANCE (docs/product/balance.md#screens) for the demo cards of docs/product/common.md#demo-mode,
// in English unless a test says.

test('GIFT_BALANCE: lookup, amount with balance, validity and thank-you, then retry', async ({ page }, testInfo) => {
  await page.goto('/demo/balance?lng=en');
  await expect(page.getByRole('heading', { name: 'Check your balance' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-balance-start');

  await lookUp(page, cards.GIFT_BALANCE);
  await expect(page).toHaveURL(/\/demo\/balance\/amount$/);
  await expect(page.getByRole('heading', { name: 'Your balance' })).toBeVisible();
  await expect(page.getByText('€ 25,00', { exact: true })).toBeVisible();
  await expect(page.getByText('Valid until 31/12/2099.')).toBeVisible();
  await expect(page.getByText(/Thank you for checking your balance/)).toBeVisible();
  await expect(page.getByLabel(/Card ending in 101/)).toBeVisible();
  // The card number never reaches the address bar.
  expect(page.url()).not.toContain('6064');
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-balance-amount');

  // The brand offers RESET, so the answer carries its link.
  await expect(page.getByRole('link', { name: 'Set a new security code' })).toHaveAttribute('href', '/demo/reset');

  await page.getByRole('button', { name: 'Check another card' }).click();
  await expect(page).toHaveURL(/\/demo\/balance$/);
  await expect(page.getByLabel('Card number', { exact: true })).toHaveValue('');
});

test('GIFT_EMPTY shows a zero balance', async ({ page }) => {
  await page.goto('/demo/balance?lng=en');
  await lookUp(page, cards.GIFT_EMPTY);
  await expect(page.getByText('€ 0,00', { exact: true })).toBeVisible();
  await expect(page.getByText('Valid until 31/12/2099.')).toBeVisible();
});

test('GIFT_GRACE shows the expiry text of the grace period', async ({ page }) => {
  await page.goto('/demo/balance?lng=en');
  await lookUp(page, cards.GIFT_GRACE);
  await expect(page.getByText('€ 10,00', { exact: true })).toBeVisible();
  await expect(page.getByText(/Your card expired on .* Contact the issuer of your card/)).toBeVisible();
  await expectAccessible(page);
});

test('GIFT_EXPIRED shows the expired text', async ({ page }) => {
  await page.goto('/demo/balance?lng=en');
  await lookUp(page, cards.GIFT_EXPIRED);
  await expect(page.getByText(/Your card expired on .* and can no longer be used\./)).toBeVisible();
});

test('GIFT_NO_EXPIRY has unlimited validity', async ({ page }) => {
  await page.goto('/demo/balance?lng=en');
  await lookUp(page, cards.GIFT_NO_EXPIRY);
  await expect(page.getByText('€ 12,00', { exact: true })).toBeVisible();
  await expect(page.getByText('Your card has no expiry date.')).toBeVisible();
});

test('a wrong security code shows the invalid-card message; retry clears the code', async ({ page }, testInfo) => {
  await page.goto('/demo/balance?lng=en');
  await lookUp(page, { number: cards.GIFT_IDENTIFY.number, secret: '000000' });
  const alert = page.getByRole('alert').filter({ hasText: 'We could not find a card' });
  await expect(alert).toBeVisible();
  await expect(page).toHaveURL(/\/demo\/balance(\?|$)/);
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-balance-invalid');

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel('Security code', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Card number', { exact: true })).toHaveValue(cards.GIFT_IDENTIFY.number);

  // The right code still works afterwards: one wrong answer is far from the guessing limit.
  await lookUp(page, cards.GIFT_IDENTIFY);
  await expect(page.getByText('€ 20,00', { exact: true })).toBeVisible();
});

test('the amount page without a card sends the cardholder to the start', async ({ page }) => {
  await page.goto('/demo/balance/amount?lng=en');
  await expect(page).toHaveURL(/\/demo\/balance$/);
  await expect(page.getByRole('heading', { name: 'Check your balance' })).toBeVisible();
});

test.describe('in a Dutch browser', () => {
  test.use({ locale: 'nl-NL' });

  test('the page is Dutch, and the language switch changes it and remembers the choice', async ({ page }, testInfo) => {
    await page.goto('/demo/balance');
    await expect(page.getByRole('heading', { name: 'Bekijk je saldo' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expectAccessible(page);
    await snap(page, testInfo, 'demo-nl-balance-start');

    await page.getByLabel('Taal').selectOption('en');
    await expect(page.getByRole('heading', { name: 'Check your balance' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Check your balance' })).toBeVisible();
    await page.getByLabel('Language').selectOption('nl');
    await expect(page.getByRole('heading', { name: 'Bekijk je saldo' })).toBeVisible();

    await lookUp(page, cards.GIFT_BALANCE, 'nl');
    await expect(page.getByText('€ 25,00', { exact: true })).toBeVisible();
    await expect(page.getByText('Geldig tot en met 31-12-2099.')).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, 'demo-nl-balance-amount');
  });
});

test.describe('in a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('a language the brand does not offer falls back to Dutch', async ({ page }) => {
    await page.goto('/demo/balance');
    await expect(page.getByRole('heading', { name: 'Bekijk je saldo' })).toBeVisible();
  });
});

test.describe('in an English browser', () => {
  test.use({ locale: 'en-GB' });

  test('the demo brand answers in English, the Dutch-only ACME brand in Dutch', async ({ page }) => {
    await page.goto('/demo/balance');
    await expect(page.getByRole('heading', { name: 'Check your balance' })).toBeVisible();
    await page.goto('/acme/balance');
    await expect(page.getByRole('heading', { name: /Bekijk het saldo/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  });
});
