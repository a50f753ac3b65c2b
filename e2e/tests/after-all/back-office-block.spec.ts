import { test, expect, cards } from '../../support/fixtures';
import { lookUp } from '../../support/balance';
import { resultLink, search, signIn } from '../../support/back-office';

// GIFT_BALANCE is the card most portal tests look up: blocking it while they run would fail them.
// This file runs alone, after every other browser test (the after-all project of playwright.config.ts).

test.describe('support\'s card work, seen from the portal', () => {
  test('support@demo.test finds GIFT_BALANCE by number and by brand and last digits, blocks it as lost (BALANCE: unknown) and unblocks it (BALANCE: 25,00)', async ({ page, context }) => {
    await signIn(page, 'support@demo.test');
    await search(page, 'en', { number: cards.GIFT_BALANCE.number });
    await expect(resultLink(page, 'en', cards.GIFT_BALANCE.number)).toBeVisible();
    await search(page, 'en', { brand: 'DEMO', last: '101' });
    await resultLink(page, 'en', cards.GIFT_BALANCE.number).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Card of DEMO' })).toBeVisible();
    expect(page.url()).not.toMatch(/6064|0101/);

    await page.getByRole('button', { name: 'Block card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block this card?' });
    await expect(dialog.getByText(/as lost\? Every self-service flow will then answer this card as unknown\./)).toBeVisible();
    await dialog.getByRole('button', { name: 'Block card' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Unblock card' })).toBeVisible();

    const portal = await context.newPage();
    await portal.goto('/demo/balance?lng=en');
    await lookUp(portal, cards.GIFT_BALANCE);
    await expect(portal.getByRole('alert').filter({ hasText: 'We could not find a card' })).toBeVisible();

    await page.getByRole('button', { name: 'Unblock card' }).click();
    const unblock = page.getByRole('dialog', { name: 'Unblock this card?' });
    await unblock.getByRole('button', { name: 'Unblock card' }).click();
    await expect(unblock).toBeHidden();
    await expect(page.getByRole('button', { name: 'Block card' })).toBeVisible();
    // The refused lookup counted as a guess of the number: cleared, so the other tests of this card start clean.
    const unlock = page.getByRole('button', { name: 'Unlock guessing' });
    if (await unlock.isVisible()) {
      await unlock.click();
      const dialogUnlock = page.getByRole('dialog', { name: 'Unlock guessing for this card?' });
      await dialogUnlock.getByRole('button', { name: 'Unlock guessing' }).click();
      await expect(dialogUnlock).toBeHidden();
    }

    await portal.goto('/demo/balance?lng=en');
    await lookUp(portal, cards.GIFT_BALANCE);
    await expect(portal.getByText('€ 25,00', { exact: true })).toBeVisible();
  });
});
