import type { Browser, Page } from '@playwright/test';
import { test, expect, expectAccessible, cards } from '../../support/fixtures';
import { lookUp } from '../../support/balance';
import { callApi, cardIdOf, signIn, type Lang } from '../../support/back-office';
import { tabTo } from '../../support/keyboard';
import { picturesOf } from '../../support/pictures';
import { expectShownWithoutSideScroll } from '../../support/reflow';
import { baseURL } from '../../playwright.config';

// Balance adjustments under four eyes (docs/decisions/035), seen from the portal. GIFT_BALANCE is
// the card most portal tests look up (25,00): this file runs after every other browser test, one
// file at a time (the after-all project has one worker), and puts the balance back at the end.

/** A signed-in back office of its own (a person per browser context), in `lang`. */
async function staffPage(browser: Browser, email: string, lang: Lang = 'en'): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: lang === 'nl' ? 'nl-NL' : 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email, lang);
  return page;
}

/** On the card page: proposes an adjustment as staff type it (`5,00`), waits until it is listed as waiting. */
async function propose(page: Page, cardId: string, direction: 'add' | 'remove', amount: string, reason: string, { checkAccessible = false } = {}): Promise<void> {
  await page.goto(`/admin/cards/${cardId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Card of DEMO' })).toBeVisible();
  await page.getByRole('button', { name: 'Propose adjustment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Propose a balance adjustment' });
  if (direction === 'remove') {
    await dialog.getByRole('button', { name: /Change/ }).click();
    await page.getByRole('option', { name: 'Take off the balance' }).click();
  }
  await dialog.getByLabel('Amount in EUR').fill(amount);
  await dialog.getByLabel('Reason', { exact: true }).fill(reason);
  await expect(dialog.getByText(/Nothing is booked until a second person with finance or admin on DEMO approves it/)).toBeVisible();
  if (checkAccessible) await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Propose', exact: true }).click();
  await expect(dialog).toBeHidden();
  const panel = page.locator('.panel').filter({ has: page.getByRole('heading', { name: 'Balance adjustments' }) });
  await expect(panel.getByRole('row').filter({ hasText: reason })).toContainText('Waiting');
}

/** The portal's BALANCE answer for GIFT_BALANCE, as a cardholder sees it. */
async function portalBalance(browser: Browser, amount: string): Promise<void> {
  const context = await browser.newContext({ baseURL });
  const portal = await context.newPage();
  await portal.goto('/demo/balance?lng=en');
  await lookUp(portal, cards.GIFT_BALANCE);
  await expect(portal.getByText(amount, { exact: true })).toBeVisible();
  await context.close();
}

test.describe('adjustments under four eyes, seen from the portal', () => {
  test('support@demo.test proposes +5,00 on GIFT_BALANCE, finance@demo.test approves it by keyboard (BALANCE: 30,00); finance cannot approve its own -5,00, approver@demo.test does (BALANCE: 25,00)', async ({ browser }) => {
    const support = await staffPage(browser, 'support@demo.test');
    const cardId = (await cardIdOf(support, cards.GIFT_BALANCE.number))!;
    expect(cardId).toBeTruthy();
    await propose(support, cardId, 'add', '5,00', 'e2e goodwill credit', { checkAccessible: true });

    // Finance finds it in the queue and approves it with the keyboard alone.
    const finance = await staffPage(browser, 'finance@demo.test');
    await finance.goto('/admin/adjustments');
    await expect(finance.getByRole('heading', { level: 1, name: 'Balance adjustments' })).toBeVisible();
    const approve = finance.getByRole('button', { name: /^Approve €5\.00 on card .* of DEMO$/ });
    await expect(approve).toBeVisible();
    // The table wraps its sentences: on a 1280 px desktop the decision shows without scrolling the table.
    await expectShownWithoutSideScroll(approve);
    await expect(finance.getByRole('row').filter({ hasText: 'e2e goodwill credit' })).toContainText('support@demo.test');
    await expectAccessible(finance);
    await tabTo(finance, approve);
    await finance.keyboard.press('Enter');
    const dialog = finance.getByRole('dialog', { name: 'Approve this adjustment?' });
    await expect(dialog).toContainText('proposed by support@demo.test because: e2e goodwill credit?');
    await expectAccessible(finance);
    await tabTo(finance, dialog.getByRole('button', { name: 'Approve and book' }));
    await finance.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(finance.getByText(/its balance is now €30\.00\./)).toBeVisible();
    await expect(finance.getByText('Nothing is waiting for a decision.')).toBeVisible();
    await expect(finance.getByRole('row').filter({ hasText: 'e2e goodwill credit' })).toContainText(/Approved and booked.*finance@demo\.test/);

    await portalBalance(browser, '€ 30,00');

    // Finance proposes the way back and may not approve it: no button, and the server refuses.
    await propose(finance, cardId, 'remove', '5,00', 'e2e goodwill credit reversed');
    await finance.goto('/admin/adjustments');
    const own = finance.getByRole('row').filter({ hasText: 'e2e goodwill credit reversed' });
    await expect(own).toContainText('Your proposal: someone else decides.');
    await expect(own.getByRole('button')).toHaveCount(0);
    const { items } = (await (await callApi(finance, 'GET', '/admin/api/adjustments?status=pending')).json()) as { items: { id: string; reason: string }[] };
    const reversal = items.find((item) => item.reason === 'e2e goodwill credit reversed')!;
    const refused = await callApi(finance, 'POST', `/admin/api/adjustments/${reversal.id}/approve`);
    expect([refused.status(), (await refused.json()).code]).toEqual([403, 'FOUR_EYES_REQUIRED']);

    // The pictures of docs/back-office.md (only when asked): the queue as the second person sees it,
    // a proposal to decide and one approved and booked.
    await picturesOf(browser, {
      email: 'approver@demo.test',
      pagePath: '/admin/adjustments',
      name: 'adjustments',
      ready: async (page) => {
        await expect(page.getByRole('row').filter({ hasText: 'e2e goodwill credit reversed' }).getByRole('button')).toHaveCount(2);
        await expect(page.getByRole('table').nth(1).getByRole('row').filter({ hasText: 'e2e goodwill credit' })).toContainText('finance@demo.test');
      },
    });

    // The other finance person approves it, in Dutch: the balance is back at 25,00.
    const approver = await staffPage(browser, 'approver@demo.test', 'nl');
    await approver.goto('/admin/adjustments');
    await expect(approver.getByRole('heading', { level: 1, name: 'Saldocorrecties' })).toBeVisible();
    await expect(approver.getByRole('button', { name: /goedkeuren$/ })).toBeVisible();
    await expectAccessible(approver);
    await approver.getByRole('button', { name: /goedkeuren$/ }).click();
    const goedkeuren = approver.getByRole('dialog', { name: 'Deze correctie goedkeuren?' });
    await goedkeuren.getByRole('button', { name: 'Goedkeuren en boeken' }).click();
    await expect(goedkeuren).toBeHidden();
    await expect(approver.getByText(/het saldo is nu €\s25,00\./)).toBeVisible();
    await expect(approver.getByText('Er wacht niets op een beslissing.')).toBeVisible();

    await portalBalance(browser, '€ 25,00');
    for (const page of [support, finance, approver]) await page.context().close();
  });
});
