import { test, expect, cards } from '../support/fixtures';
import type { Page } from '@playwright/test';
import { lookUp } from '../support/balance';

// Issue 10 item 4: moving on after an answer never shows the loading fallback ("Loading…").

/**
 * Watches the page from now on and records whether the loading text was ever added to it. A
 * MutationObserver sees every change, even one React reverts at once, which a polling assertion
 * would miss.
 */
async function watchForLoadingText(page: Page, text: string) {
  await page.evaluate((loading) => {
    const w = window as unknown as { loadingSeen: boolean };
    w.loadingSeen = document.body.textContent?.includes(loading) ?? false;
    // The records keep what was added, even when it is gone again by the time they are read.
    new MutationObserver((records) => {
      for (const record of records) {
        const added = record.type === 'characterData' ? [record.target] : Array.from(record.addedNodes);
        if (added.some((node) => node.textContent?.includes(loading))) w.loadingSeen = true;
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  return () => page.evaluate(() => (window as unknown as { loadingSeen: boolean }).loadingSeen);
}

test('lookup → amount: the balance follows the answer without "Loading…" in between', async ({ page }) => {
  await page.goto('/demo/balance?lng=en');
  await expect(page.getByRole('heading', { name: 'Check your balance' })).toBeVisible();
  const loadingSeen = await watchForLoadingText(page, 'Loading…');

  await lookUp(page, cards.GIFT_BALANCE);
  await expect(page.getByRole('heading', { name: 'Your balance' })).toBeVisible();
  await expect(page.getByText('€ 25,00', { exact: true })).toBeVisible();
  expect(await loadingSeen()).toBe(false);
});

test('the watch sees loading text that is shown only for a moment', async ({ page }) => {
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
