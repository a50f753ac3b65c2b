import { test, expect, expectAccessible, expectScreen, cardsFor, snap } from '../support/fixtures';
import { lookUp } from '../support/balance';

// RESET (docs/product/reset.md) against the real server, in English unless a test says.

test('GIFT_RESET: a new security code with the recovery code; BALANCE then takes the new code and refuses the old one', async ({ page }, testInfo) => {
  const card = cardsFor(testInfo).reset;
  const newCode = testInfo.project.name === 'phone' ? 'Kp7w2z' : 'Rv3n8q';

  await page.goto('/demo/reset?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new security code' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Set new security code' });
  await expect(submit).toBeDisabled();
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-reset-start');

  await page.getByLabel('Card number', { exact: true }).fill(card.number);
  // typed box by box, as a cardholder does: each digit moves on to the next box
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).pressSequentially(card.recoveryCode);
  for (const [i, digit] of [...card.recoveryCode].entries()) {
    await expect(page.getByRole('textbox', { name: `Digit ${i + 1} of 6` })).toHaveValue(digit);
  }

  // a guessable code is refused before it is sent
  const code = page.getByLabel('New security code', { exact: true });
  const repeat = page.getByLabel('Repeat new security code', { exact: true });
  await code.fill('123456');
  await expect(page.getByText('This code is too easy to guess.', { exact: false })).toBeVisible();
  await code.fill(newCode);
  await repeat.fill(newCode.slice(0, 4) + 'xx');
  await expect(page.getByText('The codes are not the same.')).toBeVisible();
  await repeat.fill(newCode);
  await expect(page.getByText(/Remember your new security code well/)).toBeVisible();
  await expect(page.getByText(/^Verified$/)).toBeVisible({ timeout: 20_000 });
  await expect(submit).toBeEnabled();
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-reset-filled');

  await submit.click();
  await expect(page).toHaveURL(/\/demo\/reset\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your new security code is set' })).toBeVisible();
  await expect(page.getByText('Done! From now on, use your new security code with this card.')).toBeVisible();
  await expect(page.getByLabel('Card ending in 107')).toBeVisible();
  await expect(page.getByTestId('card-balance')).toHaveText('€ 30,00');
  await expect(page.getByTestId('validity')).toHaveText('Your card has no expiry date.');
  expect(page.url()).not.toContain('6064');
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-reset-success');

  await page.getByRole('link', { name: 'Check your balance' }).click();
  await expect(page).toHaveURL(/\/demo\/balance$/);
  await lookUp(page, { number: card.number, secret: card.secret });
  await expect(page.getByRole('alert').filter({ hasText: 'We could not find a card' })).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await lookUp(page, { number: card.number, secret: newCode });
  await expect(page.getByTestId('card-balance')).toHaveText('€ 30,00');

  // The recovery code worked once.
  await page.goto('/demo/reset?lng=en');
  await page.getByLabel('Card number', { exact: true }).fill(card.number);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(card.recoveryCode);
  await code.fill('Zt5x9m');
  await repeat.fill('Zt5x9m');
  await expect(page.getByText(/^Verified$/)).toBeVisible({ timeout: 20_000 });
  await submit.click();
  // In the error summary (focused) and under the boxes.
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page.getByRole('alert').getByRole('listitem')).toHaveText([/already been used/]);
  await expect(page.getByRole('group', { name: 'Recovery code' }).getByText(/already been used/)).toBeVisible();
});

test('a wrong recovery code shows the message on the code boxes and blocks submit until it changes', async ({ page }, testInfo) => {
  await page.goto('/demo/reset?lng=en');
  // An unknown card: the answer is the same as for a wrong code, and no demo card counts a wrong guess.
  await page.getByLabel('Card number', { exact: true }).fill('6064 0000 0000 0000 199');
  const first = page.getByRole('textbox', { name: 'Digit 1 of 6' });
  // a paste spreads over the boxes
  await first.focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', '111 222');
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(page.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveValue('2');
  await page.getByLabel('New security code', { exact: true }).fill('Hb6c2n');
  await page.getByLabel('Repeat new security code', { exact: true }).fill('Hb6c2n');
  await expect(page.getByText(/^Verified$/)).toBeVisible({ timeout: 20_000 });
  const submit = page.getByRole('button', { name: 'Set new security code' });
  await submit.click();

  const group = page.getByRole('group', { name: 'Recovery code' });
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(page).toHaveTitle(/^Error: /);
  await expect(group.getByText(/This recovery code does not belong to this card/)).toBeVisible();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  // The summary's item links to the first box.
  await page.keyboard.press('Tab');
  await expect(summary.getByRole('link', { name: /This recovery code does not belong to this card/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(first).toBeFocused();
  await expect(submit).toBeDisabled();
  await expectAccessible(page);
  await snap(page, testInfo, 'demo-en-reset-wrong-code');

  await page.keyboard.press('5');
  await expect(group.getByText(/This recovery code does not belong to this card/)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^Error: /);
  await expect(submit).toBeEnabled({ timeout: 20_000 });
});

test('the success page without a card sends the cardholder to the start', async ({ page }) => {
  await page.goto('/demo/reset/success?lng=en');
  await expect(page).toHaveURL(/\/demo\/reset$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new security code' })).toBeVisible();
});

test.describe('in a Dutch browser', () => {
  test.use({ locale: 'nl-NL' });

  test('the reset form is Dutch', async ({ page }, testInfo) => {
    await page.goto('/demo/reset');
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe beveiligingscode instellen' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Herstelcode' })).toBeVisible();
    await page.getByLabel('Nieuwe beveiligingscode', { exact: true }).fill('1234567');
    await expectScreen(page, testInfo, page.getByText('Te veel tekens. Gebruik er precies 6.'), 'demo-nl-reset-start');
  });
});

test('ACME does not offer RESET', async ({ page }) => {
  await page.goto('/acme/reset');
  await expect(page.getByRole('heading', { name: 'Deze pagina is niet beschikbaar' })).toBeVisible();
});
