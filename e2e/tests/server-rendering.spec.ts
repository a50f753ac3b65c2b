import { test, expect, ANY_WIDTH } from '../support/fixtures';

// docs/decisions/022: every flow's first screen arrives rendered in its HTML, for
// its brand and language, and the web app takes it over (hydration) without a mismatch or an error.

const FIRST_SCREENS: [path: string, nl: string, en: string | null][] = [
  ['/demo/balance', 'Bekijk je saldo', 'Check your balance'],
  ['/acme/balance', 'Bekijk het saldo van je Acme Cadeaukaart', null],
  ['/demo/visa/activate', 'Activeer je Visa-kaart', 'Activate your Visa card'],
  ['/demo/payout', 'Saldo laten uitbetalen', 'Pay out your balance'],
  ['/demo/replace', 'Vervang je cadeaukaart', 'Replace your gift card'],
  ['/demo/reset', 'Nieuwe beveiligingscode instellen', 'Set a new security code'],
  ['/demo/identify', 'Registreer je kaart', 'Register your card'],
];

// A Dutch browser: Playwright's devices ask for en-US, which the server would follow.
test.use({ locale: 'nl-NL' });

test.describe('without JavaScript', { tag: ANY_WIDTH }, () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, nl, en] of FIRST_SCREENS) {
    test(`${path} shows its form in Dutch${en ? ' and English' : ''}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
      await expect(page.getByRole('heading', { level: 1, name: nl })).toBeVisible();
      await expect(page.getByLabel(/kaartnummer/i).first()).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${nl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `));
      if (en) {
        await page.goto(`${path}?lng=en`);
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
        await expect(page.getByRole('heading', { level: 1, name: en })).toBeVisible();
        await expect(page.getByLabel(/card number/i).first()).toBeVisible();
      }
    });
  }
});

test.describe('hydrated', { tag: ANY_WIDTH }, () => {
  for (const [path, nl] of FIRST_SCREENS) {
    test(`${path}: no console error, and the form works`, async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${path}?lng=nl`);
      await expect(page.getByRole('heading', { level: 1, name: nl })).toBeVisible();
      const number = page.getByLabel(/kaartnummer/i).first();
      // Typed digits are grouped by the web app's handler: it runs, so the page was taken over.
      await number.pressSequentially('6064000000000000101');
      await expect(number).toHaveValue('6064 0000 0000 0000 101');
      expect(errors).toEqual([]);
    });
  }

  // A page that starts on one of a flow's later screens (docs/decisions/028: their own chunk, not
  // part of the flow's first one) hydrates once that chunk is here, without a mismatch either.
  test('/demo/visa/account, a later screen: no console error, and the form works', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/demo/visa/account?lng=nl');
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen met je kaart' })).toBeVisible();
    const number = page.getByLabel(/kaartnummer/i).first();
    await number.pressSequentially('4000000000000000001');
    await expect(number).toHaveValue('4000 0000 0000 0000 001');
    expect(errors).toEqual([]);
  });

  test('the browser’s stored language wins over what the server saw', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'en'));
    const response = await page.goto('/demo/balance');
    expect(await response!.text()).toContain('<html lang="nl">');
    await expect(page.getByRole('heading', { level: 1, name: 'Check your balance' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('a first screen fetches only what it shows until the cardholder starts: the captcha widget, the next screen and no other language’s texts wait', { tag: ANY_WIDTH }, async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  // English, so a fallback language (nl) would be loaded if the page named one.
  await page.goto('/demo/balance?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Check your balance' })).toBeVisible();
  // The web app has taken the page over (the fixture waited for it) and the network is quiet.
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((p) => /AltchaWidget|AmountScreen|\/api\/translations\/|\/api\/Utility\/Altcha/.test(p))).toEqual([]);
  await expect(page.getByText('The security check starts as soon as you begin to fill in the form.')).toBeVisible();

  // Typing starts them: the captcha solves and the amount screen is ready before the lookup answers.
  await page.getByLabel('Card number', { exact: true }).fill('6064 0000 0000 0000 101');
  await expect(page.getByText(/^Verified$/)).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => fetched.some((p) => /\/assets\/AmountScreen-/.test(p))).toBe(true);
  expect(fetched.filter((p) => p.startsWith('/api/translations/'))).toEqual([]);
});
