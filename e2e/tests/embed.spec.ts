import { test, expect, cards, snap, ANY_WIDTH } from '../support/fixtures';
import { lookUp } from '../support/balance';
import { baseURL } from '../playwright.config';

const embedPath = (slug: string) => `/${slug}/balance/embed/balance`;

test('outside a frame the embed shows no form, only a way to the balance page', async ({ page }) => {
  await page.goto(`${embedPath('demo')}?lng=en`);
  await expect(page.getByText('This balance check is meant to be shown inside another website.')).toBeVisible();
  await expect(page.getByLabel('Card number', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Check your balance on our website' })).toHaveAttribute('href', '/demo/balance');
});

test('inside a frame on any site the demo embed checks a balance', async ({ page }, testInfo) => {
  // A host page on another origin; Playwright answers it, no network is involved. It is https, as
  // a brand's site is: inside an http page the frame is no secure context and the captcha's
  // proof of work (WebCrypto) cannot run.
  await page.route('https://shop.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Shop</title><h1>Shop</h1><iframe title="Balance" src="${baseURL}${embedPath('demo')}?lng=en" style="width:400px;height:640px;border:0"></iframe>`,
    }),
  );
  await page.goto('https://shop.example/');
  const frame = page.frameLocator('iframe[title="Balance"]');
  await lookUp(page, cards.GIFT_BALANCE, 'en', frame.locator('body'));
  await expect(frame.getByText('€ 25,00')).toBeVisible();
  // Links leave the frame: every page but the embed refuses to be framed.
  await expect(frame.getByRole('link', { name: 'Set a new security code' })).toHaveAttribute('target', '_blank');
  await snap(page, testInfo, 'demo-embed-framed');
});

test('the ACME embed may be framed by www.acme.example and by no one else', async ({ page }) => {
  const host = (origin: string) =>
    page.route(`${origin}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="nl"><title>Host</title><iframe title="Saldo" src="${baseURL}${embedPath('acme')}"></iframe>`,
      }),
    );
  await host('https://www.acme.example');
  await host('https://evil.example');

  await page.goto('https://www.acme.example/');
  await expect(page.frameLocator('iframe').getByLabel('Kaartnummer', { exact: true })).toBeVisible();

  // The CSP answer header decides; check it too, so the test says why a frame stays empty.
  const res = await page.request.get(`${baseURL}${embedPath('acme')}`);
  expect(res.headers()['content-security-policy']).toContain('frame-ancestors https://www.acme.example');
  expect(res.headers()['x-frame-options']).toBeUndefined();

  await page.goto('https://evil.example/');
  await page.waitForTimeout(1000);
  await expect(page.frameLocator('iframe').getByLabel('Kaartnummer', { exact: true })).toHaveCount(0);
});

test('every other page refuses to be framed', { tag: ANY_WIDTH }, async ({ request }) => {
  const res = await request.get('/demo/balance');
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers()['x-frame-options']).toBe('DENY');
});
