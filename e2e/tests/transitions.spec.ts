import { test, expect, cards, ANY_WIDTH } from '../support/fixtures';
import { lookUp } from '../support/balance';
import { watchForLoadingText } from '../support/loading';

// Moving on after an answer never shows the loading fallback ("Loading…").
// PAYOUT and IDENTIFY (support/identity.ts) and VISA (visa.spec.ts) check their first step too.

test('lookup → amount: the balance follows the answer without "Loading…" in between', { tag: ANY_WIDTH }, async ({ page }) => {
  await page.goto('/demo/balance?lng=en');
  await expect(page.getByRole('heading', { name: 'Check your balance' })).toBeVisible();
  const loadingSeen = await watchForLoadingText(page, 'Loading…');

  await lookUp(page, cards.GIFT_BALANCE);
  await expect(page.getByRole('heading', { name: 'Your balance' })).toBeVisible();
  await expect(page.getByText('€ 25,00', { exact: true })).toBeVisible();
  expect(await loadingSeen()).toBe(false);
});

test('the watch sees loading text that is shown only for a moment', { tag: ANY_WIDTH }, async ({ page }) => {
  await page.goto('/demo/balance?lng=en');
  await expect(page.getByRole('heading', { name: 'Check your balance' })).toBeVisible();
  const loadingSeen = await watchForLoadingText(page, 'Loading…');
  expect(await loadingSeen()).toBe(false);
  await page.evaluate(() => {
    const flash = document.createElement('p');
    flash.textContent = 'Loading…';
    document.body.append(flash);
    flash.remove();
  });
  expect(await loadingSeen()).toBe(true);
});
