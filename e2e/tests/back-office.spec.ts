import type { Browser, Page, TestInfo } from '@playwright/test';
import { test, expect, expectAccessible, cards } from '../support/fixtures';
import { tabTo, typeInto } from '../support/keyboard';
import { callApi, cardIdOf, demoStaff, labels, resultLink, search, signIn, signInFromApp, type Lang } from '../support/back-office';
import { picture, usePictureWidth } from '../support/pictures';
import { idleSessionsOf } from '../support/staff-sessions';
import { baseURL } from '../playwright.config';

// The back office (docs/back-office.md) in the browser, against the built server in demo mode:
// who sees what, support's card work and what the portal then answers, sign-in refusals, the idle
// limit, axe on every page, the keyboard alone, and the screenshots of docs/back-office/.

/** A DEMO card only these tests open and never change (support/extra-cards.csv): the pages' pictures. */
const SHOWN_CARD = '6064 0000 0009 0043 111';
/** The card the keyboard test blocks, one per project (support/extra-cards.csv). */
const keyboardCard = (testInfo: TestInfo) => (testInfo.project.name === 'phone' ? '6064 0000 0009 0041 111' : '6064 0000 0009 0042 111');

/** GIFT_BALANCE's opaque id, as the admin's search answers it, from a browser of its own. */
async function idOfAsAdmin(browser: Browser, number: string): Promise<string> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signIn(page, 'admin@tessera.test');
    const id = await cardIdOf(page, number);
    expect(id).toBeTruthy();
    return id!;
  } finally {
    await context.close();
  }
}

test.describe('who sees what (the design\'s roles table)', () => {
  for (const person of demoStaff) {
    test(`${person.email}: the navigation and card controls the role allows, and the server refusing what it does not`, async ({ page, browser }) => {
      const id = await idOfAsAdmin(browser, cards.GIFT_BALANCE.number);
      await signIn(page, person.email);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Find a card' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Audit trail' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(person.staffPage ? 1 : 0);
      await expect(nav.getByRole('link', { name: 'Payout batches' })).toHaveCount(person.payoutBatches ? 1 : 0);
      expect((await callApi(page, 'GET', '/admin/api/staff')).status()).toBe(person.staffPage ? 200 : 403);
      expect((await callApi(page, 'GET', '/admin/api/payout-batches')).status()).toBe(person.payoutBatches ? 200 : 403);

      if (!person.seesDemo) {
        await search(page, 'en', { number: cards.GIFT_BALANCE.number });
        await expect(page.getByText(labels.en.none)).toBeVisible();
        const card = await callApi(page, 'GET', `/admin/api/cards/${id}`);
        expect([card.status(), (await card.json()).code]).toEqual([404, 'CARD_NOT_FOUND']);
        expect((await callApi(page, 'POST', `/admin/api/cards/${id}/block`, { reason: 'other' })).status()).toBe(404);
        return;
      }
      await page.goto(`/admin/cards/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Card of DEMO' })).toBeVisible();
      // Another test blocks and unblocks this card meanwhile: the panel is there or not, whatever its state.
      await expect(page.getByRole('heading', { name: 'Actions' })).toHaveCount(person.cardActions ? 1 : 0);
      if (!person.cardActions) {
        for (const control of ['Block card', 'Unblock card', 'Unlock guessing', 'Add note']) {
          await expect(page.getByRole('button', { name: control })).toHaveCount(0);
        }
        const refused = await callApi(page, 'POST', `/admin/api/cards/${id}/block`, { reason: 'other' });
        expect([refused.status(), (await refused.json()).code]).toEqual([403, 'FORBIDDEN']);
        expect((await callApi(page, 'POST', `/admin/api/cards/${id}/notes`, { text: 'not allowed' })).status()).toBe(403);
      }
    });
  }
});


for (const lang of ['en', 'nl'] as const) {
  test.describe(`signing in without a second factor (${lang})`, () => {
    test.use({ locale: lang === 'nl' ? 'nl-NL' : 'en-GB' });

    test(`ends on a page in ${lang} saying a second factor is required, with no session`, async ({ page }) => {
      await page.goto('/admin/');
      await signInFromApp(page, 'support@demo.test', lang, { secondFactor: false });
      await expect(page.getByText(labels[lang].noSecondFactor)).toBeVisible();
      expect((await callApi(page, 'GET', '/admin/api/me')).status()).toBe(401);
    });
  });
}

test.describe('a session idle for 15 minutes', () => {
  const userAgent = `Tessera e2e idle session ${Math.random().toString(36).slice(2)}`;
  test.use({ userAgent });

  test('answers the next call 401, the app shows sign-in, and signing in again returns to the page the staff member was on', async ({ page }) => {
    await signIn(page, 'support@demo.test', 'en', '/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
    // The page has made its calls (the trail and the brand list) before the session goes idle: a
    // call still on its way would meet the idle session and show sign-in before the form is used.
    await expect(page.locator('.results__count')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(idleSessionsOf(userAgent, 16)).toBeGreaterThan(0);

    await page.getByLabel('Staff e-mail', { exact: true }).fill('support@demo.test');
    await page.getByRole('button', { name: 'Show events' }).click();
    await expect(page.getByText(labels.en.expired)).toBeVisible();
    expect((await callApi(page, 'GET', '/admin/api/me')).status()).toBe(401);

    await signInFromApp(page, 'support@demo.test');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/admin/audit');
  });
});

/**
 * A page reached: the picture of it, then axe-core (WCAG 2.2 AA and best practice) and reflow at
 * 320 px. First React Aria's live announcer finishes what it is saying: a tap on a result row
 * announces the row by reference, and after the navigation that reference names a row that is gone
 * until the announcement expires (seconds), which axe would report as an unnamed image.
 */
async function checkPage(page: Page, testInfo: TestInfo, lang: Lang, name: string): Promise<void> {
  await expect(page.locator('[data-live-announcer] [role="img"]')).toHaveCount(0, { timeout: 15_000 });
  await picture(page, testInfo, lang, name);
  await expectAccessible(page);
}

for (const lang of ['en', 'nl'] as const) {
  test.describe(`every back office page (${lang})`, () => {
    test.use({ locale: lang === 'nl' ? 'nl-NL' : 'en-GB' });

    test(`axe finds nothing on sign-in, search results, the card, the block dialog, the audit trail and staff, in ${lang}`, async ({ page }, testInfo) => {
      // Six pages, each through axe and the reflow checks (320 px, 200 % zoom): slow on a loaded machine.
      test.setTimeout(180_000);
      const t = labels[lang];
      // The pictures of docs/back-office.md (support/pictures.ts): a phone 390 px wide, a desktop 1280 px.
      await usePictureWidth(page, testInfo);
      await page.goto('/admin/');
      await expect(page.getByRole('heading', { level: 1, name: t.signIn })).toBeVisible();
      await checkPage(page, testInfo, lang, 'sign-in');

      await signInFromApp(page, 'admin@tessera.test', lang);
      await search(page, lang, { number: SHOWN_CARD });
      await expect(resultLink(page, lang, SHOWN_CARD)).toBeVisible();
      await checkPage(page, testInfo, lang, 'search-results');

      await resultLink(page, lang, SHOWN_CARD).click();
      await expect(page.getByRole('heading', { level: 1, name: t.cardOf('DEMO') })).toBeVisible();
      // Each run opens this card again: the openings are on the audit trail, not its timeline.
      const timeline = page.getByRole('region', { name: t.timeline });
      await expect(timeline.getByRole('listitem').first()).toBeVisible();
      await expect(timeline.getByRole('listitem').filter({ hasText: /opened|geopend|card_open/ })).toHaveCount(0);
      await checkPage(page, testInfo, lang, 'card');

      await page.getByRole('button', { name: t.block }).click();
      await expect(page.getByRole('dialog', { name: t.blockTitle })).toBeVisible();
      await checkPage(page, testInfo, lang, 'block-dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      // From the card to its audit trail: the openings, the action and outcome in the page's language.
      await page.getByRole('link', { name: t.openings }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.audit })).toBeVisible();
      const opening = page.getByRole('grid').getByRole('row').nth(1);
      await expect(opening).toBeVisible();
      await expect(opening.getByRole('gridcell', { name: t.cardOpened, exact: true })).toBeVisible();
      await expect(opening.getByRole('gridcell', { name: t.opened, exact: true })).toBeVisible();
      await expect(page.getByRole('grid')).not.toContainText('staff.card_open');
      await checkPage(page, testInfo, lang, 'audit');

      await page.getByRole('navigation').getByRole('link', { name: t.navStaff }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.staff })).toBeVisible();
      await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
      await checkPage(page, testInfo, lang, 'staff');
    });
  });
}

test('by keyboard alone: sign in, search by number, open the card and block it', async ({ page }, testInfo) => {
  const number = keyboardCard(testInfo);
  await page.goto('/admin/');
  await tabTo(page, page.getByRole('link', { name: 'Sign in', exact: true }));
  await page.keyboard.press('Enter');
  const person = page.getByRole('button', { name: 'Sign in as support@demo.test' });
  await expect(person).toBeVisible();
  await tabTo(page, person);
  await page.keyboard.press('Enter');

  await typeInto(page, page.getByLabel('Full card number', { exact: true }), number);
  await page.keyboard.press('Enter');
  const row = page.getByRole('grid', { name: 'Cards found' }).getByRole('row', { name: new RegExp(`${number.slice(-3)}`) });
  await expect(row).toBeVisible();
  await tabTo(page, row);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Card of DEMO' })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Block card' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Block this card?' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Block card' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Unblock card' })).toBeVisible();
  // Focus stays in the card's actions, where a keyboard user goes on from, not lost on the page's body.
  await expect(page.getByRole('button', { name: 'Unblock card' })).toBeFocused();
});
