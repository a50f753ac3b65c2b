import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, expectAccessible, expectScreen, cards, cardsFor, snap, type TestCard } from '../support/fixtures';
import { lookUp } from '../support/balance';

// REPLACE (docs/product/replace.md) against the real server.

type Lang = 'nl' | 'en';
const texts = {
  nl: { number: 'Kaartnummer', secret: 'Beveiligingscode', submit: 'Verder', verified: /^Geverifieerd$/ },
  en: { number: 'Card number', secret: 'Security code', submit: 'Continue', verified: /^Verified$/ },
} as const;

/** The start page's card entry, as a cardholder fills it, waiting for the built-in captcha. */
async function findCard(page: Page, card: TestCard, lang: Lang = 'en') {
  const t = texts[lang];
  await page.getByLabel(t.number, { exact: true }).fill(card.number);
  await page.getByLabel(t.secret, { exact: true }).fill(card.secret);
  await expect(page.getByText(t.verified)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: t.submit }).click();
}

/** The new card from the e-mail in the local outbox (GET /dev/outbox?to=), once the worker sent it. */
async function newCardFromOutbox(request: APIRequestContext, to: string): Promise<TestCard> {
  let body = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
        const messages = (await res.json()) as Array<{ channel: string; body: string }>;
        body = messages.find((m) => m.channel === 'email')?.body ?? '';
        return body;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  const number = /(?:Card number|Kaartnummer): ([\d ]+)/.exec(body)?.[1]?.trim();
  const secret = /(?:Security code|Beveiligingscode): (\S+)/.exec(body)?.[1];
  expect(number, body).toBeTruthy();
  expect(secret, body).toBeTruthy();
  return { number: number!, secret: secret! };
}

test('GIFT_REPLACE: a new card by e-mail with the whole balance; the new card works on BALANCE, the old one is refused', async ({ page, request }, testInfo) => {
  const card = cardsFor(testInfo).replace;
  const address = `replace-${testInfo.project.name}@example.nl`;

  await page.goto('/demo/replace?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Replace your gift card' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to replace your card' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How does it work?' })).toBeVisible();
  // the demo brand offers RESET
  await expect(page.getByRole('link', { name: 'Lost your security code? Set a new one' })).toHaveAttribute('href', '/demo/reset');
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-replace-start');

  await findCard(page, card);
  await expect(page).toHaveURL(/\/demo\/replace\/email$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Where should we send your new card?' })).toBeVisible();
  await expect(page.getByLabel('Card ending in 108')).toBeVisible();
  await expect(page.getByTestId('card-balance')).toHaveText('€ 18,00');
  expect(page.url()).not.toContain('6064');
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-replace-email');

  await page.getByLabel('E-mail address', { exact: true }).fill(address);
  await page.getByLabel('Repeat e-mail address', { exact: true }).fill(address);
  await page.getByRole('button', { name: 'Send my new card' }).click();

  await expect(page).toHaveURL(/\/demo\/replace\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your new card is on its way' })).toBeVisible();
  await expect(page.getByText(address, { exact: true })).toBeVisible();
  await expect(page.getByText(/Look in your inbox for an e-mail from Tessera Demo/)).toBeVisible();
  await expect(page.getByText('Your old card ending in 108 no longer works.')).toBeVisible();
  await expect(page.getByText('Your balance of € 18,00 is now on the new card.')).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-replace-success');

  const newCard = await newCardFromOutbox(request, address);
  expect(newCard.number.replace(/\s/g, '')).not.toBe(card.number.replace(/\s/g, ''));

  await page.getByRole('link', { name: 'Check the balance of your new card' }).click();
  await expect(page).toHaveURL(/\/demo\/balance$/);
  await lookUp(page, newCard);
  await expect(page.getByTestId('card-balance')).toHaveText('€ 18,00');

  await page.getByRole('button', { name: 'Check another card' }).click();
  await lookUp(page, card);
  await expect(page.getByRole('alert').filter({ hasText: 'We could not find a card' })).toBeVisible();

  // A replaced card cannot be replaced again.
  await page.goto('/demo/replace?lng=en');
  await findCard(page, card);
  await expect(page.getByRole('alert').filter({ hasText: 'A card that has already been replaced cannot be replaced again.' })).toBeVisible();
});

test('GIFT_EMPTY: mismatching addresses are pointed out, then BALANCE_TOO_LOW disables sending', async ({ page }, testInfo) => {
  await page.goto('/demo/replace?lng=en');
  await findCard(page, cards.GIFT_EMPTY);
  await expect(page).toHaveURL(/\/demo\/replace\/email$/);
  await expect(page.getByTestId('card-balance')).toHaveText('€ 0,00');

  const email = page.getByLabel('E-mail address', { exact: true });
  const repeat = page.getByLabel('Repeat e-mail address', { exact: true });
  await email.fill('jan@example');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await repeat.focus();
  await expect(page.getByText('Enter a valid e-mail address, such as name@example.com.')).toBeVisible();
  await email.fill('jan@example.nl');
  await repeat.fill('jan@example.com');
  await expect(page.getByText('The e-mail addresses are not the same.')).toHaveCount(0);
  const send = page.getByRole('button', { name: 'Send my new card' });
  // Enter in the field submits; nothing is sent: the error summary takes focus and links to the
  // field, which shows the message too
  await repeat.press('Enter');
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('listitem')).toHaveText(['The e-mail addresses are not the same.']);
  await expect(page).toHaveTitle(/^Error: /);
  await expect(repeat).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(repeat).toBeFocused();
  await expect(page.locator(`#${await repeat.getAttribute('aria-describedby')}`)).toHaveText('The e-mail addresses are not the same.');
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-replace-mismatch');

  await repeat.fill('jan@example.nl');
  await expect(page.getByText('The e-mail addresses are not the same.')).toHaveCount(0);
  await send.click();
  await expect(page.getByRole('alert').filter({ hasText: 'The balance on this card is too low to replace it.' })).toBeVisible();
  await expect(send).toBeDisabled();
  await expect(page).toHaveURL(/\/demo\/replace\/email$/);
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-replace-too-low');
});

test('the screens after the start without a card send the cardholder to the start', async ({ page }) => {
  for (const screen of ['email', 'success', 'error']) {
    await page.goto(`/demo/replace/${screen}?lng=en`);
    await expect(page).toHaveURL(/\/demo\/replace$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Replace your gift card' })).toBeVisible();
  }
});

test.describe('ACME', () => {
  test.use({ locale: 'en-GB' });

  test('replaces in Dutch, its only language, without the reset link; the e-mail is Dutch', async ({ page, request }, testInfo) => {
    const card = cardsFor(testInfo).acmeReplace;
    const address = `acme-${testInfo.project.name}@example.nl`;

    await page.goto('/acme/replace');
    await expect(page.getByRole('heading', { level: 1, name: 'Vervang je cadeaukaart' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByLabel('Taal')).toHaveCount(0);
    // ACME does not offer RESET
    await expect(page.getByRole('link', { name: /beveiligingscode/i })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, testInfo, 'acme-nl-replace-start');

    await findCard(page, card, 'nl');
    await expect(page.getByRole('heading', { level: 1, name: 'Waar sturen we je nieuwe kaart naartoe?' })).toBeVisible();
    await expect(page.getByTestId('card-balance')).toHaveText('€ 35,00');
    await page.getByLabel('E-mailadres', { exact: true }).fill(address);
    await page.getByLabel('Herhaal e-mailadres', { exact: true }).fill(address);
    await expectAccessible(page);
    await snap(page, testInfo, 'acme-nl-replace-email');
    await page.getByRole('button', { name: 'Stuur mijn nieuwe kaart' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Je nieuwe kaart is onderweg' })).toBeVisible();
    await expect(page.getByText(address, { exact: true })).toBeVisible();
    await expect(page.getByText(/Kijk in je inbox voor een e-mail van Acme Cadeaukaart/)).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, 'acme-nl-replace-success');

    const newCard = await newCardFromOutbox(request, address);
    await page.goto('/acme/balance');
    await lookUp(page, newCard, 'nl');
    await expect(page.getByTestId('card-balance')).toHaveText('€ 35,00');
  });
});

test.describe('in a Dutch browser', () => {
  test.use({ locale: 'nl-NL' });

  test('the demo brand asks for the card in Dutch', async ({ page }, testInfo) => {
    await page.goto('/demo/replace');
    await expect(page.getByRole('link', { name: 'Beveiligingscode kwijt? Stel een nieuwe in' })).toBeVisible();
    await expectScreen(page, testInfo, page.getByRole('heading', { level: 1, name: 'Vervang je cadeaukaart' }), 'demo-nl-replace-start');
  });
});
