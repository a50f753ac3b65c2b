import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, expectAccessible, cards, snap, takeScreenshots, type TestCard } from '../support/fixtures';
import { lookUp } from '../support/balance';

// What the cardholder sees of a card beyond its balance: its history on the BALANCE
// amount screen and in the VISA account, and "Block this card" with its confirmation and result,
// against the real server, in English and Dutch.

type Lang = 'nl' | 'en';

/** A card this file blocks, per project and language (support/extra-cards.csv: 22,00 on demo, 35,00 on acme). */
function blockCard(testInfo: TestInfo, brand: 'demo' | 'acme', lang: Lang): TestCard {
  const phone = testInfo.project.name === 'phone';
  if (brand === 'acme') return phone ? { number: '6064 1000 0009 0011 401', secret: '402411' } : { number: '6064 1000 0009 0021 401', secret: '402421' };
  const cardsByKey: Record<string, TestCard> = {
    'phone-en': { number: '6064 0000 0009 0011 111', secret: '551111' },
    'phone-nl': { number: '6064 0000 0009 0012 111', secret: '552222' },
    'desktop-en': { number: '6064 0000 0009 0021 111', secret: '553333' },
    'desktop-nl': { number: '6064 0000 0009 0022 111', secret: '554444' },
  };
  return cardsByKey[`${phone ? 'phone' : 'desktop'}-${lang}`]!;
}

const texts = {
  en: {
    history: 'Recent transactions',
    loaded: 'Money loaded',
    block: 'Block this card',
    confirmTitle: 'Are you sure you want to block this card?',
    confirm: 'Yes, block this card',
    secret: 'Security code',
    blocked: 'Your card is blocked',
    replace: 'Request a new card',
    invalid: 'We could not find a card',
    replaceEmail: 'Where should we send your new card?',
    email: 'E-mail address',
    repeat: 'Repeat e-mail address',
    send: 'Send my new card',
    sent: 'Your new card is on its way',
    replaceSubmit: 'Continue',
  },
  nl: {
    history: 'Recente transacties',
    loaded: 'Geld opgewaardeerd',
    block: 'Deze kaart blokkeren',
    confirmTitle: 'Weet je zeker dat je deze kaart wilt blokkeren?',
    confirm: 'Ja, blokkeer deze kaart',
    secret: 'Beveiligingscode',
    blocked: 'Je kaart is geblokkeerd',
    replace: 'Nieuwe kaart aanvragen',
    invalid: 'We kunnen geen kaart vinden',
    replaceEmail: 'Waar sturen we je nieuwe kaart naartoe?',
    email: 'E-mailadres',
    repeat: 'Herhaal e-mailadres',
    send: 'Stuur mijn nieuwe kaart',
    sent: 'Je nieuwe kaart is onderweg',
    replaceSubmit: 'Verder',
  },
} as const;

const shotDir = path.resolve(import.meta.dirname, '../screenshots/history');

/**
 * The screen at 390 px (a phone) and 1280 px (a desktop), full page, under
 * e2e/screenshots/history/, to look at; once, from the desktop project.
 */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await snap(page, testInfo, name);
  if (!takeScreenshots || testInfo.project.name !== 'desktop') return;
  mkdirSync(shotDir, { recursive: true });
  const viewport = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(shotDir, `${name}-${width}.png`), fullPage: true });
  }
  if (viewport) await page.setViewportSize(viewport);
}

for (const lang of ['en', 'nl'] as const) {
  const t = texts[lang];

  test(`${lang}: a card redeemed at the brand's till (the brand API) shows the payment on its amount screen`, async ({ page, request }, testInfo) => {
    // The brand's till: a new card of 30,00 through the API, then 7,50 spent with it.
    const headers = { authorization: `Bearer ${process.env.E2E_BRAND_API_KEY}` };
    const issued = await request.post('/api/v1/cards', { headers: { ...headers, 'idempotency-key': `e2e-issue-${testInfo.project.name}-${lang}` }, data: { kind: 'giftcard', balance: { value: 3000, assetCode: 'EUR' } } });
    expect(issued.status(), await issued.text()).toBe(201);
    const card = (await issued.json()) as { id: string; cardNumber: string; securityCode: string };
    const redeemed = await request.post(`/api/v1/cards/${card.id}/redemptions`, {
      headers: { ...headers, 'idempotency-key': `e2e-redeem-${testInfo.project.name}-${lang}` },
      data: { amount: { value: 750, assetCode: 'EUR' }, reference: 'till 7' },
    });
    expect(redeemed.status(), await redeemed.text()).toBe(201);

    await page.goto(`/demo/balance?lng=${lang}`);
    await lookUp(page, { number: card.cardNumber, secret: card.securityCode }, lang);
    await expect(page.getByTestId('card-balance')).toHaveText('€ 22,50');
    const entries = page.getByRole('region', { name: t.history }).getByRole('listitem');
    await expect(entries).toHaveCount(2);
    // Newest first: the payment, then the load.
    await expect(entries.nth(0)).toContainText(lang === 'en' ? 'Payment' : 'Betaling');
    await expect(entries.nth(0)).toContainText('−€ 7,50');
    await expect(entries.nth(1)).toContainText(t.loaded);
    await expect(entries.nth(1)).toContainText('+€ 30,00');
    await expectAccessible(page);
    await shoot(page, testInfo, `demo-${lang}-balance-history-redeemed`);
  });

  test(`${lang}: GIFT_BALANCE's amount screen lists its history`, async ({ page }, testInfo) => {
    await page.goto(`/demo/balance?lng=${lang}`);
    await lookUp(page, cards.GIFT_BALANCE, lang);
    await expect(page).toHaveURL(/\/demo\/balance\/amount$/);
    const history = page.getByRole('region', { name: t.history });
    await expect(history.getByRole('heading', { level: 2, name: t.history })).toBeVisible();
    // The demo load: the card's whole history, its date the day the demo data was loaded.
    const entry = history.getByRole('listitem');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(t.loaded);
    await expect(entry).toContainText('+€ 25,00');
    await expect(entry.locator('time')).toHaveText(lang === 'en' ? /^\d{2}\/\d{2}\/\d{4}$/ : /^\d{2}-\d{2}-\d{4}$/);
    await expectAccessible(page);
    await shoot(page, testInfo, `demo-${lang}-balance-history`);
  });

  test(`${lang}: a card blocked from the amount screen is refused afterwards, and REPLACE still moves its balance`, async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const card = blockCard(testInfo, 'demo', lang);
    await page.goto(`/demo/balance?lng=${lang}`);
    await lookUp(page, card, lang);
    await expect(page.getByTestId('card-balance')).toHaveText('€ 22,00');

    await page.getByRole('button', { name: t.block }).click();
    await expect(page.getByRole('heading', { name: t.confirmTitle })).toBeFocused();
    await page.getByLabel(t.secret, { exact: true }).fill(card.secret);
    await expectAccessible(page);
    await shoot(page, testInfo, `demo-${lang}-balance-block-confirm`);

    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.blocked })).toBeFocused();
    await expect(page.getByTestId('blocked-result')).toContainText(lang === 'en' ? 'The card ending in 111 has been blocked since' : 'De kaart die eindigt op 111 is geblokkeerd sinds');
    await expectAccessible(page);
    await shoot(page, testInfo, `demo-${lang}-balance-blocked`);

    // BALANCE no longer knows the card: the answer an unknown card gets.
    await page.goto(`/demo/balance?lng=${lang}`);
    await lookUp(page, card, lang);
    await expect(page.getByRole('alert').filter({ hasText: t.invalid })).toBeVisible();

    // REPLACE does, and moves its balance to a new card.
    await page.goto(`/demo/replace?lng=${lang}`);
    await page.getByLabel(lang === 'en' ? 'Card number' : 'Kaartnummer', { exact: true }).fill(card.number);
    await page.getByLabel(t.secret, { exact: true }).fill(card.secret);
    await expect(page.getByText(lang === 'en' ? /^Verified$/ : /^Geverifieerd$/)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: t.replaceSubmit }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.replaceEmail })).toBeVisible();
    await expect(page.getByTestId('card-balance')).toHaveText('€ 22,00');
    const address = `blocked-${testInfo.project.name}-${lang}@example.nl`;
    await page.getByLabel(t.email, { exact: true }).fill(address);
    await page.getByLabel(t.repeat, { exact: true }).fill(address);
    await page.getByRole('button', { name: t.send }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.sent })).toBeVisible();

    let body = '';
    await expect
      .poll(async () => {
        const messages = (await (await request.get(`/dev/outbox?to=${encodeURIComponent(address)}`)).json()) as Array<{ channel: string; body: string }>;
        body = messages.find((m) => m.channel === 'email')?.body ?? '';
        return body;
      }, { timeout: 15_000 })
      .not.toBe('');
    const number = /(?:Card number|Kaartnummer): ([\d ]+)/.exec(body)?.[1]?.trim();
    const secret = /(?:Security code|Beveiligingscode): (\S+)/.exec(body)?.[1];
    await page.goto(`/demo/balance?lng=${lang}`);
    await lookUp(page, { number: number!, secret: secret! }, lang);
    await expect(page.getByTestId('card-balance')).toHaveText('€ 22,00');
    await expect(page.getByRole('region', { name: t.history }).getByRole('listitem')).toHaveCount(1);
  });
}

test.describe('acme (BALANCE and REPLACE, nl only)', () => {
  test.use({ locale: 'nl-NL' });

  test('history, the block and its result with the link to REPLACE', async ({ page }, testInfo) => {
    const t = texts.nl;
    const card = blockCard(testInfo, 'acme', 'nl');
    await page.goto('/acme/balance');
    await lookUp(page, card, 'nl');
    await expect(page.getByTestId('card-balance')).toHaveText('€ 35,00');
    await expect(page.getByRole('region', { name: t.history }).getByRole('listitem')).toContainText('+€ 35,00');
    await expectAccessible(page);
    await shoot(page, testInfo, 'acme-nl-balance-history');

    await page.getByRole('button', { name: t.block }).click();
    await page.getByLabel(t.secret, { exact: true }).fill(card.secret);
    await expectAccessible(page);
    await shoot(page, testInfo, 'acme-nl-balance-block-confirm');
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.blocked })).toBeVisible();
    await expect(page.getByRole('link', { name: t.replace })).toHaveAttribute('href', '/acme/replace');
    await expectAccessible(page);
    await shoot(page, testInfo, 'acme-nl-balance-blocked');
  });
});

test('VISA account: the history and the block confirmation (cancelled)', async ({ page }, testInfo) => {
  await page.goto('/demo/visa/account?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to your card' })).toBeVisible();
  await page.getByLabel('Card number', { exact: true }).fill('4000 0000 0000 0000 010');
  await page.getByLabel('Passcode', { exact: true }).fill('Tq8m3x');
  await expect(page.getByText(/^Verified$/)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your card' })).toBeVisible();
  const history = page.getByRole('region', { name: 'Recent transactions' });
  await expect(history.getByRole('listitem').first()).toContainText('Money loaded');
  await expect(history.getByRole('listitem').first()).toContainText('+€ 25,00');
  await expectAccessible(page);
  await shoot(page, testInfo, 'demo-en-visa-history');

  await page.getByRole('button', { name: 'Block this card' }).click();
  await expect(page.getByRole('heading', { name: 'Are you sure you want to block this card?' })).toBeFocused();
  // The account holds the passcode: no field to fill.
  await expect(page.getByLabel('Security code', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, testInfo, 'demo-en-visa-block-confirm');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Block this card' })).toBeFocused();
});
