import { devices, type Locator, type Page } from '@playwright/test';
import config from '../playwright.config';
import { test, expect, cards, ANY_WIDTH } from '../support/fixtures';
import { atSandboxBank, startWithCard } from '../support/identity';
import { waitForCaptcha } from '../support/captcha';
import { chooseDateOfBirth, pickCountry } from '../support/visa-review';
import { ZOOM_VIEWPORTS, expectReflowInBothLanguages } from '../support/reflow';

// Reflow (WCAG 1.4.10) of the pages a cardholder reaches after a lookup, the confirmation pages
// included, in Dutch and in English, in a desktop browser as a person zooms it: a 1280 × 720
// window at 200 % (640 × 360 CSS px, 2 device px each, no touch, classic scrollbars) and at
// 320 px. The phone project's walk in a11y.spec.ts lays the screens before the confirmations out
// at the same widths in an emulated phone. These walks change cards for good: each uses its own
// card of support/reflow-cards.csv, which no other test uses. docs/accessibility.md#how-it-was-tested

test.use({
  ...devices['Desktop Chrome'],
  viewport: { width: ZOOM_VIEWPORTS[1]!.width, height: ZOOM_VIEWPORTS[1]!.height },
  deviceScaleFactor: 2,
  // Headless Chromium hides scrollbars (Playwright's default); a zoomed desktop window has them.
  launchOptions: { ...config.use?.launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] },
});

const zoomed = (page: Page, figures: (lang: 'nl' | 'en') => Locator[] = () => []) =>
  expectReflowInBothLanguages(page, figures, ZOOM_VIEWPORTS);

/** The masked card number as a picture of the card names it, in the page's language. */
const maskedNumber = (page: Page, last: string) => (lang: 'nl' | 'en') => page.getByRole('img', { name: lang === 'nl' ? new RegExp(`Kaart eindigend op ${last}`) : new RegExp(`Card ending in ${last}`) });

const ING = 'NL20INGB0001234567';

test.describe('reflow of every screen after a lookup at 200 % zoom and 320 px, nl and en (1.4.10)', { tag: ANY_WIDTH }, () => {
  test('PAYOUT: the amount (GIFT_PAYOUT\u2019s amounts), failed, cancelled, success and nothing left', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const card = { number: '6064 0000 0009 0061 109', secret: '219961' };
    const breakdown = (lang: 'nl' | 'en') => [maskedNumber(page, '109')(lang), page.getByTestId('payout-balance'), page.getByTestId('payout-fee'), page.getByTestId('payout-amount')];
    const toBank = async (choice: 'Approve' | 'Cancel' | 'Fail') => {
      await startWithCard(page, card);
      await expect(page).toHaveURL(/\/demo\/payout\/amount$/);
      await expect(page.getByTestId('payout-amount')).toContainText('40,00');
      await page.getByRole('textbox', { name: 'IBAN (bank account number)' }).fill(ING);
      await page.getByRole('button', { name: /^Identify with iDIN/ }).click();
      await atSandboxBank(page, testInfo, 'ING', choice);
    };

    await page.goto('/demo/payout?lng=en');
    await startWithCard(page, card);
    await expect(page).toHaveURL(/\/demo\/payout\/amount$/);
    // The window is the zoomed desktop one: 2 device px a CSS px, and a scrollbar that takes its width.
    const zoom = await page.evaluate(() => ({ ratio: devicePixelRatio, scrollbar: innerWidth - document.documentElement.clientWidth, touch: matchMedia('(pointer: coarse)').matches }));
    expect(zoom).toEqual({ ratio: 2, scrollbar: expect.any(Number), touch: false });
    expect(zoom.scrollbar).toBeGreaterThan(0);
    await zoomed(page, breakdown);
    // The longest message the IBAN gets (a bank without iDIN), and a good one.
    const iban = page.getByRole('textbox', { name: 'IBAN (bank account number)' });
    await iban.fill('NL19KNAB0001234567');
    await expect(page.getByText(/Payouts to .* are not possible/)).toBeVisible();
    await zoomed(page, breakdown);
    await iban.fill(ING);
    await expect(page.getByText('Bank: ING')).toBeVisible();
    await zoomed(page, breakdown);

    await page.goto('/demo/payout?lng=en');
    await toBank('Fail');
    await expect(page).toHaveURL(/\/demo\/payout\/failed$/);
    await zoomed(page);
    await page.getByRole('button', { name: 'Try again' }).click();

    await expect(page).toHaveURL(/\/demo\/payout$/);
    await toBank('Cancel');
    await expect(page).toHaveURL(/\/demo\/payout\/cancelled$/);
    await zoomed(page);
    await page.getByRole('button', { name: 'Try again' }).click();

    await expect(page).toHaveURL(/\/demo\/payout$/);
    await toBank('Approve');
    await expect(page).toHaveURL(/\/demo\/payout\/success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your payout is on its way' })).toBeVisible();
    await zoomed(page);

    await page.getByRole('button', { name: 'New payout' }).click();
    await startWithCard(page, card);
    await expect(page).toHaveURL(/\/demo\/payout\/nobalance$/);
    await zoomed(page);

    // A balance below the fee: a lookup, nothing changes.
    await page.goto('/demo/payout?lng=en');
    await startWithCard(page, cards.GIFT_BELOW_FEE);
    await expect(page).toHaveURL(/\/demo\/payout\/unsufficientbalance$/);
    await zoomed(page);
  });

  test('REPLACE: the e-mail step and the new card on its way', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/demo/replace?lng=en');
    await page.getByLabel('Card number', { exact: true }).fill('6064 0000 0009 0062 108');
    await page.getByLabel('Security code', { exact: true }).fill('640062');
    await waitForCaptcha(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/demo\/replace\/email$/);
    await zoomed(page, (lang) => [maskedNumber(page, '108')(lang), page.getByTestId('card-balance')]);
    for (const label of ['E-mail address', 'Repeat e-mail address']) await page.getByLabel(label, { exact: true }).fill('reflow-zoom@example.nl');
    await page.getByRole('button', { name: 'Send my new card' }).click();
    await expect(page).toHaveURL(/\/demo\/replace\/success$/);
    await expect(page.getByText('Your balance of € 18,00 is now on the new card.')).toBeVisible();
    await zoomed(page);
  });

  test('RESET: the new security code set', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/demo/reset?lng=en');
    await page.getByLabel('Card number', { exact: true }).fill('6064 0000 0009 0063 107');
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill('654363');
    await page.getByLabel('New security code', { exact: true }).fill('Wq4m7z');
    await page.getByLabel('Repeat new security code', { exact: true }).fill('Wq4m7z');
    await waitForCaptcha(page);
    await page.getByRole('button', { name: 'Set new security code' }).click();
    await expect(page).toHaveURL(/\/demo\/reset\/success$/);
    await expect(page.getByTestId('card-balance')).toHaveText('€ 30,00');
    await zoomed(page, (lang) => [maskedNumber(page, '107')(lang), page.getByTestId('card-balance')]);
  });

  test('IDENTIFY: the bank choice and the card registered', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const card = { number: '6064 0000 0009 0064 110', secret: '773464' };
    await page.goto('/demo/identify?lng=en');
    await startWithCard(page, card);
    await expect(page).toHaveURL(/\/demo\/identify\/provider$/);
    await zoomed(page);
    await page.getByRole('combobox', { name: 'Choose your bank' }).selectOption({ label: 'ING' });
    await page.getByRole('button', { name: /^Identify with iDIN/ }).click();
    await atSandboxBank(page, testInfo, 'ING', 'Approve');
    await expect(page).toHaveURL(/\/demo\/identify\/success$/);
    // The whole number, from page memory: the widest this screen gets.
    await expect(page.getByTestId('registered-card-number')).toHaveText(card.number);
    await zoomed(page, () => [page.getByTestId('registered-card-number')]);
  });

  test('VISA: each step of the activation, the PIN and the card active; then the passcode recovery to the account', async ({ page }) => {
    test.setTimeout(180_000);
    const card = { number: '4000 0000 0009 0065 001', phone: '+31612349065', passcode: 'Gf5t8k', newPasscode: 'Yc3r6w' };
    const enterCode = async (seen: string[]) => {
      const sms = await newSms(page, card.phone, seen);
      await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(sms.code);
      await expect(page.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveValue(sms.code[5]!);
      return sms.id;
    };
    const choosePasscode = async (passcode: string) => {
      await page.getByLabel('Passcode', { exact: true }).fill(passcode);
      await page.getByLabel('Repeat passcode', { exact: true }).fill(passcode);
    };

    await page.goto('/demo/visa/activate?lng=en');
    await page.getByLabel('Card number', { exact: true }).fill(card.number);
    await waitForCaptcha(page);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/demo\/visa\/activate\/otc$/);
    await zoomed(page);
    const first = await enterCode([]);
    await page.getByLabel('I accept the terms and conditions', { exact: false }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/demo\/visa\/activate\/security$/);
    await choosePasscode(card.passcode);
    await expect(page.getByText(/Remember your passcode well/)).toBeVisible();
    await zoomed(page);
    await page.getByRole('button', { name: 'Set passcode' }).click();

    await expect(page).toHaveURL(/\/demo\/visa\/activate\/review$/);
    await zoomed(page);
    await chooseDateOfBirth(page);
    await pickCountry(page, 'Country of birth', 'Nether', 'Netherlands');
    await pickCountry(page, 'Nationality', 'Nether', 'Netherlands');
    await page.getByLabel('I have checked my details and they are correct.').check();
    await zoomed(page);
    await page.getByRole('button', { name: 'Confirm and activate' }).click();

    await expect(page).toHaveURL(/\/demo\/visa\/activate\/pin$/);
    await expect(page.frameLocator('iframe[title="Your PIN"]').locator('#pin')).toHaveText('1357', { timeout: 10_000 });
    await zoomed(page);
    await page.getByRole('button', { name: 'Check your balance' }).click();

    await expect(page).toHaveURL(/\/demo\/visa\/activate\/success$/);
    await expect(page.getByTestId('card-balance')).toHaveText('€ 50,00');
    await zoomed(page, () => [page.getByTestId('card-balance')]);

    await page.goto('/demo/visa/account/reset?lng=en');
    await page.getByLabel('Card number', { exact: true }).fill(card.number);
    await waitForCaptcha(page);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/demo\/visa\/account\/reset\/otc$/);
    await zoomed(page);
    await enterCode([first]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/demo\/visa\/account\/reset\/security$/);
    await choosePasscode(card.newPasscode);
    await zoomed(page);
    await page.getByRole('button', { name: 'Set new passcode' }).click();

    await expect(page).toHaveURL(/\/demo\/visa\/account\/details$/);
    await expect(page.getByText('Your new passcode has been set.')).toBeVisible();
    await zoomed(page, () => [page.getByTestId('card-balance')]);
    await page.getByRole('button', { name: 'Show PIN' }).click();
    await expect(page.frameLocator('iframe[title]').locator('#pin')).toHaveText('1357', { timeout: 10_000 });
    await zoomed(page);
  });
});

/** The code of the newest SMS to `phone` in the local outbox (GET /dev/outbox) that is not one of `seen`. */
async function newSms(page: Page, phone: string, seen: readonly string[]): Promise<{ id: string; code: string }> {
  let found: { id: string; code: string } | null = null;
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/dev/outbox?to=${encodeURIComponent(phone)}`);
        const messages = (await answer.json()) as { id: string; channel: string; body: string }[];
        const message = messages.find((m) => m.channel === 'sms' && !seen.includes(m.id));
        const code = message?.body.match(/\b(\d{6})\b/)?.[1];
        found = message && code ? { id: message.id, code } : null;
        return found !== null;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
