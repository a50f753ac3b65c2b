import { test, expect, expectAccessible, expectScreen, cards, cardsFor, snap } from '../support/fixtures';
import { atSandboxBank, openAndStartWithCard, startWithCard } from '../support/identity';

// PAYOUT (docs/product/payout.md) against the real server and its sandbox iDIN provider, over a
// real OpenID Connect round trip: portal → session call → sandbox bank → the server's return
// endpoint → /callback → the flow's callback screen → customer call.

// IBANs with correct check digits (mod 97): ING and Rabobank are iDIN banks, Knab is not, ZZZZ is
// no bank at all.
const IBAN = {
  ing: 'NL20INGB0001234567',
  knab: 'NL19KNAB0001234567',
  unknownBank: 'NL02ZZZZ0001234567',
  badChecksum: 'NL21INGB0001234567',
};

test('GIFT_PAYOUT: cancelled at the bank first, then paid out to an ING IBAN (Approve); the card then has nothing left to pay out', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const card = cardsFor(testInfo).payout;

  await openAndStartWithCard(page, testInfo, 'payout', 'Pay out your balance', card);

  await expect(page).toHaveURL(/\/demo\/payout\/amount$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your payout' })).toBeVisible();
  await expect(page.getByTestId('payout-balance')).toContainText('42,50');
  await expect(page.getByTestId('payout-fee')).toContainText('2,50');
  await expect(page.getByTestId('payout-amount')).toContainText('40,00');

  const iban = page.getByRole('textbox', { name: 'IBAN (bank account number)' });
  const identify = page.getByRole('button', { name: /^Identify with iDIN/ });
  await expect(identify).toBeDisabled();

  // a bank code no Dutch bank has
  await iban.fill(IBAN.unknownBank);
  await expect(page.getByText(/The bank code in this IBAN is incorrect/)).toBeVisible();
  await expect(identify).toBeDisabled();
  // a real bank without iDIN
  await iban.fill(IBAN.knab);
  await expect(page.getByText(/Payouts to .* are not possible/)).toBeVisible();
  await expect(identify).toBeDisabled();
  // wrong check digits
  await iban.fill(IBAN.badChecksum);
  await expect(page.getByText(/This IBAN is not correct/)).toBeVisible();
  await expect(identify).toBeDisabled();
  await expectAccessible(page);
  // typed the way people type: lower case, spaces anywhere
  await iban.fill('nl20 ingb 0001 2345 67');
  await expect(iban).toHaveValue('NL20 INGB 0001 2345 67');
  await expect(page.getByText('Bank: ING')).toBeVisible();
  await expect(identify).toBeEnabled();
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-payout-amount');

  // Cancel at the bank: the cancelled screen, nothing paid; "try again" goes back to the amount.
  await identify.click();
  await atSandboxBank(page, testInfo, 'ING', 'Cancel', 'sandbox-idin');
  await expect(page).toHaveURL(/\/demo\/payout\/cancelled$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payout cancelled' })).toBeVisible();
  await expectScreen(page, testInfo, page.getByText(/You cancelled the identification at your bank/), 'demo-en-payout-cancelled');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/demo\/payout\/amount$/);
  await expect(page.getByTestId('payout-amount')).toContainText('40,00');

  // Approve: paid out.
  await iban.fill(IBAN.ing);
  await expect(identify).toBeEnabled();
  await identify.click();
  await atSandboxBank(page, testInfo, 'ING', 'Approve');
  await expect(page).toHaveURL(/\/demo\/payout\/success$/);
  await expectScreen(page, testInfo, page.getByRole('heading', { level: 1, name: 'Your payout is on its way' }), 'demo-en-payout-success');
  // Nothing of the card, its code, the IBAN or the session stays in the address bar or storage.
  expect(page.url()).not.toContain('6064');
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage }));
  expect(stored).not.toContain(card.secret);
  expect(stored).not.toContain('INGB0001234567');

  // The same card again: the balance went out, so there is nothing left to pay.
  await page.getByRole('button', { name: 'New payout' }).click();
  await expect(page).toHaveURL(/\/demo\/payout$/);
  await startWithCard(page, card);
  await expect(page).toHaveURL(/\/demo\/payout\/nobalance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'No balance to pay out' })).toBeVisible();
});

test('a failure at the bank (Fail) leads to the failed screen, and its retry starts again', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto('/demo/payout?lng=en');
  // GIFT_BELOW_FEE cannot be paid out, so use GIFT_BALANCE: a failed identity moves no money.
  await startWithCard(page, cards.GIFT_BALANCE);
  await expect(page).toHaveURL(/\/demo\/payout\/amount$/);
  await page.getByRole('textbox', { name: 'IBAN (bank account number)' }).fill(IBAN.ing);
  await page.getByRole('button', { name: /^Identify with iDIN/ }).click();
  await atSandboxBank(page, testInfo, 'ING', 'Fail');
  await expect(page).toHaveURL(/\/demo\/payout\/failed$/);
  await expectScreen(page, testInfo, page.getByRole('heading', { level: 1, name: 'Something went wrong' }), 'demo-en-payout-failed');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/demo\/payout$/);
});

test('GIFT_EMPTY goes to nobalance; GIFT_BELOW_FEE to unsufficientbalance (in Dutch)', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto('/demo/payout?lng=en');
  await startWithCard(page, cards.GIFT_EMPTY);
  await expect(page).toHaveURL(/\/demo\/payout\/nobalance$/);
  await expectScreen(page, testInfo, page.getByRole('heading', { level: 1, name: 'No balance to pay out' }), 'demo-en-payout-nobalance');

  await page.goto('/demo/payout?lng=nl');
  await expect(page.getByRole('heading', { level: 1, name: 'Saldo laten uitbetalen' })).toBeVisible();
  await snap(page, testInfo, 'demo-nl-payout-start');
  await startWithCard(page, cards.GIFT_BELOW_FEE, 'nl');
  await expect(page).toHaveURL(/\/demo\/payout\/unsufficientbalance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saldo te laag om uit te betalen' })).toBeVisible();
  // the card masked but for its last 3 digits, and the balance table: 1,50 − 2,50
  await expect(page.getByText(/103/).first()).toBeVisible();
  await expectScreen(page, testInfo, page.getByText(/1,50/).first(), 'demo-nl-payout-unsufficientbalance');
});

test('screens after the start send a visitor without a card back to the start; Acme offers no PAYOUT', async ({ page }) => {
  await page.goto('/demo/payout/amount?lng=en');
  await expect(page).toHaveURL(/\/demo\/payout$/);
  await page.goto('/demo/payout/success?lng=en');
  await expect(page).toHaveURL(/\/demo\/payout$/);
  await page.goto('/acme/payout');
  await expect(page.getByRole('heading', { level: 1, name: /niet beschikbaar|not available/ })).toBeVisible();
});
