import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, expectAccessible, type TestCard } from '../../support/fixtures';
import { lookUp } from '../../support/balance';
import { callApi, signIn } from '../../support/back-office';
import { atSandboxBank, startWithCard } from '../../support/identity';
import { keyboardTo, tabTo } from '../../support/keyboard';
import { picturesOf } from '../../support/pictures';
import { expectShownWithoutSideScroll } from '../../support/reflow';

// Payout batches in the back office (docs/back-office.md, "Payout batches"). An export takes every
// pending payout of DEMO, the other tests' included: this file runs alone, after every other
// browser test (the after-all project of playwright.config.ts), on two cards of its own
// (support/extra-cards.csv) that no other test uses.

const PAID: TestCard = { number: '6064 0000 0009 0061 361', secret: '361361' };
const RETURNED: TestCard = { number: '6064 0000 0009 0062 362', secret: '362362' };

/**
 * An ING account and a person at the sandbox bank no other test pays to or as: the payout review's
 * rules (docs/back-office.md) count other cards' payouts to one IBAN and one person's payouts in
 * the month across the whole run, and a held payout would stay out of the batch.
 */
const IBAN = 'NL20INGB8765432111';
const PERSON = 'Payout Batch Tester';

/** A payout of the card's whole balance to an ING account, through the portal's PAYOUT flow and the sandbox bank. */
async function payOut(page: Page, testInfo: TestInfo, card: TestCard, payout: string) {
  await page.goto('/demo/payout?lng=en');
  await startWithCard(page, card);
  await expect(page).toHaveURL(/\/demo\/payout\/amount$/);
  await expect(page.getByTestId('payout-amount')).toContainText(payout);
  await page.getByRole('textbox', { name: 'IBAN (bank account number)' }).fill(IBAN);
  await page.getByRole('button', { name: /^Identify with iDIN/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/idin\//);
  await page.getByLabel('Name', { exact: true }).fill(PERSON);
  await atSandboxBank(page, testInfo, 'ING', 'Approve');
  await expect(page.getByRole('heading', { level: 1, name: 'Your payout is on its way' })).toBeVisible();
}

/** The row of a payout in the batch's table, by the last three digits of its card. */
const payoutRow = (page: Page, last3: string, table = 'Payouts in this batch') => page.getByRole('grid', { name: table }).getByRole('row').filter({ hasText: `XXXX ${last3}` });

test('finance@demo.test exports DEMO\'s pending payouts into a batch, downloads its file, marks one payout paid and another returned (its money back on the card), by keyboard, in English and Dutch', async ({ page, context, browser }, testInfo) => {
  test.setTimeout(180_000);
  const portal = await context.newPage();
  await payOut(portal, testInfo, PAID, '22,50');
  await payOut(portal, testInfo, RETURNED, '27,50');

  await signIn(page, 'finance@demo.test', 'en', '/admin/payout-batches');
  await expect(page.getByRole('heading', { level: 1, name: 'Payout batches' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payout batches' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('list', { name: 'Waiting for export' }).getByRole('listitem').filter({ hasText: /^DEMO: \d+ payouts/ })).toBeVisible();
  await expectAccessible(page);

  // In Dutch too, then back.
  await page.getByRole('radio', { name: 'Nederlands' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Uitbetalingsbatches' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Wachten op export' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payout batches' })).toBeVisible();

  // The export, by keyboard: Tab to the brand's button, Enter; the dialog holds the focus; Enter on its button.
  const exportButton = page.getByRole('button', { name: 'Export the pending payouts of DEMO into a batch' });
  await tabTo(page, exportButton, 60);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Export the pending payouts of DEMO?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/go into one new SEPA file and are marked exported/)).toBeVisible();
  await expectAccessible(page);
  await tabTo(page, dialog.getByRole('button', { name: 'Export payouts' }));
  await page.keyboard.press('Enter');

  const heading = page.getByRole('heading', { level: 1, name: /^Payout batch TSR-\d{14}-[0-9a-f]{6}$/ });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  const batchId = (await heading.textContent())!.replace('Payout batch ', '');
  expect(page.url()).toContain(`/admin/payout-batches/${batchId}`);
  await expect(payoutRow(page, '361')).toContainText('€22.50');
  await expect(payoutRow(page, '362')).toContainText('€27.50');
  // At 1280 px what a person records shows without scrolling the table: the end-to-end id comes after it.
  for (const button of [/^Mark the payout of .* paid$/, /^Mark the payout of .* failed$/]) {
    await expectShownWithoutSideScroll(payoutRow(page, '361').getByRole('button', { name: button }));
  }
  // The IBAN as its hint: the full one is in the file alone.
  await expect(payoutRow(page, '361')).toContainText('NL20INGB******2111');
  await expect(page.getByText(IBAN)).toHaveCount(0);
  await announcementsGone(page);
  await expectAccessible(page);

  // The file, downloaded: the SEPA message of this batch, with the full IBAN and both payouts.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the file' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${batchId}.xml`);
  const xml = readFileSync((await file.path())!, 'utf8');
  expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
  expect(xml).toContain(`<MsgId>${batchId}</MsgId>`);
  expect(xml.match(new RegExp(`<IBAN>${IBAN}</IBAN>`, 'g'))?.length).toBe(2);
  expect(xml).toContain('kaart eindigend op 361');
  expect(xml).toContain('kaart eindigend op 362');

  // Paid, by keyboard: Tab into the table, arrows to the row and its button (a grid's keys), Enter.
  await keyboardTo(page, page.getByRole('grid', { name: 'Payouts in this batch' }), payoutRow(page, '361'), payoutRow(page, '361').getByRole('button', { name: /^Mark the payout of .* paid$/ }));
  await page.keyboard.press('Enter');
  const paid = page.getByRole('dialog', { name: 'Mark this payout paid?' });
  await tabTo(page, paid.getByRole('button', { name: 'Mark paid' }));
  await page.keyboard.press('Enter');
  await expect(paid).toBeHidden();
  await expect(payoutRow(page, '361')).toContainText('Paid');
  await expect(page.getByText(/The bank already reported on 1 payouts of this file/)).toBeVisible();

  // Paid, then the money came back: returned, and the payout and the fee are back on the card.
  await payoutRow(page, '362').getByRole('button', { name: /^Mark the payout of .* paid$/ }).click();
  await page.getByRole('dialog', { name: 'Mark this payout paid?' }).getByRole('button', { name: 'Mark paid' }).click();
  await expect(payoutRow(page, '362')).toContainText('Paid');
  await payoutRow(page, '362').getByRole('button', { name: /^Return the payout of/ }).click();
  const returned = page.getByRole('dialog', { name: 'Book this payout as returned?' });
  await expect(returned.getByText(/and the fee of .* go back onto the card/)).toBeVisible();
  await announcementsGone(page);
  await expectAccessible(page);
  await returned.getByRole('button', { name: 'Return' }).click();
  await expect(returned).toBeHidden();
  await expect(payoutRow(page, '362')).toContainText('Returned');
  await expect(payoutRow(page, '361')).toContainText('Paid');

  // A repeat changes nothing and says so.
  const repeat = await callApi(page, 'POST', `/admin/api/payouts/${await payoutIdOf(page, batchId, '362')}/return`);
  expect(await repeat.json()).toMatchObject({ changed: false, was: 'returned' });

  await page.getByRole('radio', { name: 'Nederlands' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Uitbetalingsbatch ${batchId}` })).toBeVisible();
  await expect(payoutRow(page, '362', 'Uitbetalingen in deze batch')).toContainText('Teruggekomen');
  await announcementsGone(page);
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'English' }).click();

  // The pictures of docs/back-office.md (only when asked): the batches, and this one with a payout paid and one returned.
  await picturesOf(browser, {
    email: 'finance@demo.test',
    pagePath: '/admin/payout-batches',
    name: 'payout-batches',
    ready: (staff) => expect(staff.getByRole('link', { name: batchId })).toBeVisible(),
  });
  await picturesOf(browser, {
    email: 'finance@demo.test',
    pagePath: `/admin/payout-batches/${batchId}`,
    name: 'payout-batch',
    ready: async (staff) => {
      await expect(staff.getByRole('row').filter({ hasText: 'XXXX 361' })).toBeVisible();
      await expect(staff.getByRole('row').filter({ hasText: 'XXXX 362' })).toBeVisible();
    },
  });

  await portal.goto('/demo/balance?lng=en');
  await lookUp(portal, RETURNED);
  await expect(portal.getByText('€ 30,00', { exact: true })).toBeVisible();
  await portal.goto('/demo/balance?lng=en');
  await lookUp(portal, PAID);
  await expect(portal.getByText('€ 0,00', { exact: true })).toBeVisible();
});

/**
 * React Aria's button announces the end of its pending state by the button's id; the dialog's
 * button is gone once the dialog closes, so for a few seconds the announcer holds an image named
 * by a missing element, which axe reports. Waits for it to go before axe looks.
 */
const announcementsGone = (page: Page) => expect(page.locator('[data-live-announcer] [role="img"]')).toHaveCount(0, { timeout: 10_000 });

/** A payout's id in a batch, by the last three digits of its card, as the batch's page reads it. */
async function payoutIdOf(page: Page, batchId: string, last3: string): Promise<string> {
  const response = await callApi(page, 'GET', `/admin/api/payout-batches/${batchId}`);
  const { payouts } = (await response.json()) as { payouts: Array<{ id: string; masked: string }> };
  return payouts.find((p) => p.masked.endsWith(last3))!.id;
}
