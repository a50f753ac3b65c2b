import { test, expect, expectAccessible, expectScreen, cards, cardsFor, snap } from '../support/fixtures';
import { approveAtIng, atSandboxBank, openAndStartWithCard, startWithCard } from '../support/identity';
import { expectNoCardSecretsStored, whileRequestWaits, type CardSecrets } from '../support/storage';

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

test('GIFT_PAYOUT: cancelled at the bank first, then paid out to an ING IBAN (Approve); the card then has nothing left to pay out; no card secret in browser storage at any point', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const card = cardsFor(testInfo).payout;
  // docs/security.md#browser-storage: the card number, its security code and the IBAN never
  // reach localStorage or sessionStorage, before, during or after the trip to the bank.
  const secrets: CardSecrets = { cardNumber: card.number, securityCode: card.secret, iban: IBAN.ing };
  const noSecretsStored = (where: string) => expectNoCardSecretsStored(page, secrets, where);

  await openAndStartWithCard(page, testInfo, 'payout', 'Pay out your balance', card, 'Your payout');

  await expect(page).toHaveURL(/\/demo\/payout\/amount$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your payout' })).toBeVisible();
  // The flow state is there (the card masked), the card's number and code are not.
  const afterLookup = await noSecretsStored('amount, after the lookup');
  expect(afterLookup.find((e) => e.key === 'tessera.payout.demo')?.value).toContain('XXXXXXXXXXXXXXXX109');
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

  await noSecretsStored('amount, IBAN typed');

  // Cancel at the bank: the cancelled screen, nothing paid; "try again" goes back to the amount,
  // which, the card's number and code not kept across the trip, sends the cardholder to the lookup.
  await identify.click();
  await atSandboxBank(page, testInfo, 'ING', 'Cancel', 'sandbox-idin');
  await expect(page).toHaveURL(/\/demo\/payout\/cancelled$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payout cancelled' })).toBeVisible();
  await expectScreen(page, testInfo, page.getByText(/You cancelled the identification at your bank/), 'demo-en-payout-cancelled');
  await noSecretsStored('cancelled');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/demo\/payout$/);
  await startWithCard(page, card);
  await expect(page).toHaveURL(/\/demo\/payout\/amount$/);
  await expect(page.getByTestId('payout-amount')).toContainText('40,00');

  // Approve: paid out. The session call carries the card, its code and the IBAN (the server binds
  // them to the session); while it is on its way the round-trip entry is already stored: checked then.
  await iban.fill(IBAN.ing);
  await expect(identify).toBeEnabled();
  const sessionCall = await whileRequestWaits(page, '**/api/Authentication/DEMO/session', async (request) => {
    expect(request.postDataJSON()).toMatchObject({ cardNumber: card.number.replace(/\s/g, ''), securityCode: card.secret, bankAccountNumber: IBAN.ing });
    const leaving = await noSecretsStored('amount, leaving for the bank');
    expect(leaving.some((e) => e.area === 'localStorage' && e.value.includes('"url":"/demo/payout/callback"'))).toBe(true);
  });
  // Back from the bank, the callback screen calls the customer call with the sessionId alone: checked while it waits.
  const customerCall = await whileRequestWaits(page, '**/api/Authentication/DEMO/customer', async (request) => {
    expect(new URL(page.url()).pathname).toBe('/demo/payout/callback');
    expect(Object.keys(request.postDataJSON())).toEqual(['sessionId']);
    await noSecretsStored('callback, during the customer call');
  });
  await approveAtIng(page, testInfo, { flow: 'payout', identify, sessionCall, customerCall, noSecretsStored, maskedNumber: 'XXXXXXXXXXXXXXXX109' });
  await expect(page).toHaveURL(/\/demo\/payout\/success$/);
  await expectScreen(page, testInfo, page.getByRole('heading', { level: 1, name: 'Your payout is on its way' }), 'demo-en-payout-success');
  // Nothing of the card, its code, the IBAN or the session stays in the address bar or storage.
  expect(page.url()).not.toContain('6064');
  const afterwards = await noSecretsStored('success');
  // The success screen's data is there, masked as the server answered it; the entry is gone.
  expect(afterwards.find((e) => e.key === 'tessera.payout.demo')?.value).toContain('NL20INGB******4567');
  expect(afterwards.some((e) => e.value.includes('"url":"/demo/payout/callback"'))).toBe(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your payout is on its way' })).toBeVisible();
  await noSecretsStored('success, reloaded');

  // The same card again: the balance went out, so there is nothing left to pay.
  await page.getByRole('button', { name: 'New payout' }).click();
  await expect(page).toHaveURL(/\/demo\/payout$/);
  await startWithCard(page, card);
  await expect(page).toHaveURL(/\/demo\/payout\/nobalance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'No balance to pay out' })).toBeVisible();
  await noSecretsStored('nobalance');
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
