import { AxeBuilder } from '@axe-core/playwright';
import { test, expect, ANY_WIDTH } from '../support/fixtures';

// The brand API's reference (/api/docs): Redoc renders the served document, every file from
// Tessera itself, under the page's own policy (docs/decisions/043).

test('the API reference renders the document with no console error, no request to another origin and nothing serious for axe', { tag: ANY_WIDTH }, async ({ page, baseURL }) => {
  // The whole document is one long page: axe over it takes tens of seconds on a busy machine.
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^https?:$/.test(url.protocol) && url.origin !== origin) elsewhere.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (answer) => {
    if (answer.status() >= 400) errors.push(`${answer.status()} ${answer.url()}`);
  });

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // The document's title and one operation of the brand API, as the document names them.
  await expect(page.getByRole('heading', { level: 1, name: /Tessera API/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Redeem (spend) from a card' }).first()).toBeAttached();
  await page.waitForLoadState('networkidle');

  expect(elsewhere, 'requests to another origin').toEqual([]);
  expect(errors, 'console errors').toEqual([]);
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('; ')}`), 'serious axe-core violations').toEqual([]);
});
