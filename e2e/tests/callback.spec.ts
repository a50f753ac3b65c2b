import { test, expect, ANY_WIDTH } from '../support/fixtures';

// docs/product/common.md#callback: the redirect-return page.

test('with a stored entry it goes to the stored url with the query string appended', { tag: ANY_WIDTH }, async ({ page }) => {
  await page.goto('/demo/balance');
  await page.evaluate(() => localStorage.setItem('st-123', JSON.stringify({ url: '/demo/balance' })));
  await page.goto('/callback?state=st-123&sessionId=abc');
  await expect(page).toHaveURL(/\/demo\/balance\?state=st-123&sessionId=abc$/);
});

test('without state it goes to /', { tag: ANY_WIDTH }, async ({ page }) => {
  await page.goto('/callback');
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
});

test('with a state that has no entry nothing happens', { tag: ANY_WIDTH }, async ({ page }) => {
  await page.goto('/callback?state=unknown');
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/callback\?state=unknown$/);
});
