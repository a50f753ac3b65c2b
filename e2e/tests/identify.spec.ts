import { test, expect, expectAccessible, expectScreen, cardsFor, snap } from '../support/fixtures';
import { atSandboxBank, openAndStartWithCard, startWithCard } from '../support/identity';

// IDENTIFY (docs/product/identify.md#screens) against the real server and its sandbox iDIN
// provider; then PAYOUT
// refuses the registered card (docs/product/identify.md: CARD_ALREADY_REGISTERED →
// alreadyregistered).

test('GIFT_IDENTIFY: registered through the sandbox iDIN; a second registration is refused; PAYOUT then refuses the card', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const card = cardsFor(testInfo).identify;

  await openAndStartWithCard(page, testInfo, 'identify', 'Register your card', card);

  await expect(page).toHaveURL(/\/demo\/identify\/provider$/);
  const bank = page.getByRole('combobox', { name: 'Choose your bank' });
  const identify = page.getByRole('button', { name: /^Identify with iDIN/ });
  await expect(identify).toBeDisabled();
  // the seven iDIN banks (and the empty choice)
  await expect(bank.locator('option:not([value=""])')).toHaveCount(7);
  await bank.selectOption({ label: 'ING' });
  await expect(identify).toBeEnabled();
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-identify-provider');
  await identify.click();
  await atSandboxBank(page, testInfo, 'ING', 'Approve');

  await expect(page).toHaveURL(/\/demo\/identify\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your card is registered' })).toBeVisible();
  await expect(page.getByTestId('registered-card-number')).toHaveText(card.number);
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-identify-success');

  // A second registration of the same card, through another bank: refused.
  await page.getByRole('button', { name: 'Register another card' }).click();
  await expect(page).toHaveURL(/\/demo\/identify$/);
  await startWithCard(page, card);
  await expect(page).toHaveURL(/\/demo\/identify\/provider$/);
  await bank.selectOption({ label: 'Rabobank' });
  await identify.click();
  await atSandboxBank(page, testInfo, 'Rabobank', 'Approve');
  await expect(page).toHaveURL(/\/demo\/identify\/failed$/);
  await expectScreen(page, testInfo, page.getByRole('heading', { level: 1, name: 'Your card is not registered' }), 'demo-en-identify-failed');

  // PAYOUT of the registered card: identified at the bank, then refused as already registered.
  await page.goto('/demo/payout?lng=nl');
  await startWithCard(page, card, 'nl');
  await expect(page).toHaveURL(/\/demo\/payout\/amount$/);
  await page.getByRole('textbox', { name: 'IBAN (rekeningnummer)' }).fill('NL20INGB0001234567');
  await page.getByRole('button', { name: /^Identificeren met iDIN/ }).click();
  await atSandboxBank(page, testInfo, 'ING', 'Approve');
  await expect(page).toHaveURL(/\/demo\/payout\/alreadyregistered$/);
  await expectScreen(page, testInfo, page.getByRole('heading', { level: 1, name: 'Deze kaart is al geregistreerd' }), 'demo-nl-payout-alreadyregistered');
});
