import { test, expect, expectAccessible, cards, snap, ANY_WIDTH } from '../support/fixtures';
import { lookUp } from '../support/balance';

test('ACME looks like its own brand, speaks Dutch only, and finds its own card', async ({ page }, testInfo) => {
  await page.goto('/acme/balance');
  await expect(page.getByRole('heading', { name: /Acme Cadeaukaart/ })).toBeVisible();
  // One language: no language dropdown (docs/product/README.md#flows).
  await expect(page.getByLabel('Taal')).toHaveCount(0);
  // The brand's stylesheet is injected and changes the look.
  await expect(page.locator('link[rel="stylesheet"][href="/api/css/theme/acme/custom.css"]')).toHaveCount(1);
  await expect(page.getByRole('img', { name: /Acme Cadeaukaart/ }).first()).toBeVisible();
  const acmeButton = await page.getByRole('button', { name: 'Saldo bekijken' }).evaluate((el) => getComputedStyle(el).backgroundColor);
  // informationType ContainerAbove: the explanations stand above the form, not in tooltips.
  await expect(page.getByRole('heading', { name: 'Waar vind ik mijn gegevens?' })).toBeVisible();
  // ACME does not offer RESET, so the explanation points to the issuer instead.
  await expect(page.getByText(/Neem contact op met de uitgever van je kaart/)).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'acme-nl-balance-start');

  await lookUp(page, cards.GIFT_ACME, 'nl');
  await expect(page.getByText('€ 35,00', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'acme-nl-balance-amount');
  // ACME does not offer RESET: no reset link.
  await expect(page.getByRole('link', { name: /beveiligingscode/i })).toHaveCount(0);

  await page.goto('/demo/balance?lng=nl');
  const demoButton = await page.getByRole('button', { name: 'Saldo bekijken' }).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(acmeButton).not.toBe(demoButton);
});

test("a demo card is not found on ACME's portal", async ({ page }) => {
  await page.goto('/acme/balance');
  await lookUp(page, cards.GIFT_BALANCE, 'nl');
  await expect(page.getByRole('alert').filter({ hasText: 'We kunnen geen kaart vinden' })).toBeVisible();
});

test('a flow the brand does not offer shows the page-unavailable notice', async ({ page }, testInfo) => {
  for (const path of ['/acme/payout', '/acme/visa/activate', '/acme/identify', '/acme/Identify', '/acme/reset']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Deze pagina is niet beschikbaar' })).toBeVisible();
  }
  await expectAccessible(page);
  await snap(page, testInfo, 'acme-nl-unavailable');
});

test('the server refuses a flow the brand does not offer', { tag: ANY_WIDTH }, async ({ request }) => {
  const res = await request.post('/api/GiftCard/', {
    headers: { 'x-flow-type': 'IDENTIFY' },
    data: { code: 'ACME', giftCardNumber: cards.GIFT_ACME.number, pinCode: cards.GIFT_ACME.secret, 'g-recaptcha-response': 'x' },
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).code).toBe('FLOW_UNAVAILABLE');
});

test('an unknown brand gets a clear not-found page', async ({ page }, testInfo) => {
  const response = await page.goto('/nobody/balance?lng=en');
  // The server renders the first screen, so it knows the brand does not exist (docs/decisions/022),
  // and still sends the page that says so.
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: /could not find this portal|portal niet vinden/i })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'unknown-brand');
});

test('in demo mode / lists the demo brands and leads to their flows', async ({ page }, testInfo) => {
  await page.goto('/?lng=en');
  await expect(page.getByRole('heading', { level: 2, name: 'Tessera Demo' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Acme Cadeaukaart' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'home');
  await page.getByRole('list', { name: 'Services of Acme Cadeaukaart' }).getByRole('link', { name: 'Check balance' }).click();
  await expect(page).toHaveURL(/\/acme\/balance$/);
  await expect(page.getByRole('heading', { name: /Bekijk het saldo/ })).toBeVisible();
});
