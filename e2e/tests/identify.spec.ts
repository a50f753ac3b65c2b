import { test, expect, expectAccessible, expectScreen, cardsFor, snap } from '../support/fixtures';
import { approveAtIng, atSandboxBank, openAndStartWithCard, startWithCard } from '../support/identity';
import { expectNoCardSecretsStored, whileRequestWaits, type CardSecrets } from '../support/storage';

// IDENTIFY (docs/product/identify.md#screens) against the real server and its sandbox iDIN
// provider; then PAYOUT
// refuses the registered card (docs/product/identify.md: CARD_ALREADY_REGISTERED →
// alreadyregistered).

test('GIFT_IDENTIFY: registered through the sandbox iDIN; a second registration is refused; PAYOUT then refuses the card; no card secret in browser storage at any point', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const card = cardsFor(testInfo).identify;
  // docs/security.md#browser-storage: neither the card number nor its security code reaches
  // localStorage or sessionStorage, before, during or after the trip to the bank (the success
  // screen shows the number in full, from page memory).
  const secrets: CardSecrets = { cardNumber: card.number, securityCode: card.secret };
  const noSecretsStored = (where: string) => expectNoCardSecretsStored(page, secrets, where);

  await openAndStartWithCard(page, testInfo, 'identify', 'Register your card', card, 'Identify with iDIN');

  await expect(page).toHaveURL(/\/demo\/identify\/provider$/);
  const afterLookup = await noSecretsStored('provider, after the lookup');
  expect(afterLookup.find((e) => e.key === 'tessera.identify.demo')?.value).toContain('XXXXXXXXXXXXXXXX110');
  const bank = page.getByRole('combobox', { name: 'Choose your bank' });
  const identify = page.getByRole('button', { name: /^Identify with iDIN/ });
  await expect(identify).toBeDisabled();
  // the seven iDIN banks (and the empty choice)
  await expect(bank.locator('option:not([value=""])')).toHaveCount(7);
  await bank.selectOption({ label: 'ING' });
  await expect(identify).toBeEnabled();
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-identify-provider');
  // The session call carries the card and its code (the server binds the card to the session);
  // while it is on its way the round-trip entry is already stored: checked then.
  const sessionCall = await whileRequestWaits(page, '**/api/Authentication/DEMO/session', async (request) => {
    expect(request.postDataJSON()).toMatchObject({ cardNumber: card.number.replace(/\s/g, ''), securityCode: card.secret });
    const leaving = await noSecretsStored('provider, leaving for the bank');
    expect(leaving.some((e) => e.area === 'localStorage' && e.value.includes('"url":"/demo/identify/callback"'))).toBe(true);
  });
  // Back from the bank, the callback screen registers with the sessionId alone (body {}): checked while it waits.
  const customerCall = await whileRequestWaits(page, /\/api\/Authentication\/demo\/customer\?sessionId=/, async (request) => {
    expect(new URL(page.url()).pathname).toBe('/demo/identify/callback');
    expect(request.postDataJSON()).toEqual({});
    await noSecretsStored('callback, during the customer call');
  });
  await approveAtIng(page, testInfo, { flow: 'identify', identify, sessionCall, customerCall, noSecretsStored, maskedNumber: 'XXXXXXXXXXXXXXXX110' });

  await expect(page).toHaveURL(/\/demo\/identify\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your card is registered' })).toBeVisible();
  await expect(page.getByTestId('registered-card-number')).toHaveText(card.number);
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-identify-success');
  // The number is on the screen, not in storage; the entry is gone.
  const afterwards = await noSecretsStored('success');
  expect(afterwards.some((e) => e.value.includes('"url":"/demo/identify/callback"'))).toBe(false);
  // After a reload the success screen shows the card masked: the number was in page memory only.
  await page.reload();
  await expect(page.getByTestId('registered-card-number')).toHaveText(/^XXXX XXXX XXXX XXXX 110$/);
  await noSecretsStored('success, reloaded');

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
  await noSecretsStored('failed');

  // PAYOUT of the registered card: identified at the bank, then refused as already registered.
  await page.goto('/demo/payout?lng=nl');
  await startWithCard(page, card, 'nl');
  await expect(page).toHaveURL(/\/demo\/payout\/amount$/);
  await page.getByRole('textbox', { name: 'IBAN (rekeningnummer)' }).fill('NL20INGB0001234567');
  await page.getByRole('button', { name: /^Identificeren met iDIN/ }).click();
  await atSandboxBank(page, testInfo, 'ING', 'Approve');
  await expect(page).toHaveURL(/\/demo\/payout\/alreadyregistered$/);
  await expectScreen(page, testInfo, page.getByRole('heading', { level: 1, name: 'Deze kaart is al geregistreerd' }), 'demo-nl-payout-alreadyregistered');
  await expectNoCardSecretsStored(page, { ...secrets, iban: 'NL20INGB0001234567' }, 'payout alreadyregistered');
});
