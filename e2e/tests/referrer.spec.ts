import { test, expect, ANY_WIDTH } from '../support/fixtures';

// docs/security.md#headers: no page sends a referrer. The server's header says so, and the
// web app's <meta name="referrer"> (which would override it) says the same.
test('a page sends no referrer when it leaves for another site, as on the way to the bank', { tag: ANY_WIDTH }, async ({ page }) => {
  const referers: string[] = [];
  await page.route('https://bank.example/**', (route) => {
    referers.push(route.request().headers()['referer'] ?? '(none)');
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Bank</title><h1>Bank</h1>' });
  });
  await page.goto('/demo/balance?lng=en');
  await expect(page.getByLabel('Card number', { exact: true })).toBeVisible();
  await page.evaluate(() => {
    window.location.href = 'https://bank.example/authorize?state=s';
  });
  await expect(page.getByRole('heading', { name: 'Bank' })).toBeVisible();
  expect(referers).toEqual(['(none)']);
});
