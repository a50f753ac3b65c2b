import type { Locator, Page, TestInfo } from '@playwright/test';
import { test, expect, expectAccessible, cards, snap, ANY_WIDTH } from '../support/fixtures';
import { describedBy } from '../support/aria';
import { tabTo, typeInto } from '../support/keyboard';
import { waitForCaptcha } from '../support/captcha';

// docs/accessibility.md#error-summary and #disabled-submit: one error pattern
// for every form, and a reason for every disabled submit, by keyboard alone.

const TEXT = {
  en: {
    verified: /^Verified$/,
    title: 'There is a problem',
    prefix: /^Error: /,
    number: 'Card number',
    code: 'Security code',
    numberRequired: 'Enter your card number.',
    codeRequired: 'Enter your security code.',
  },
  nl: {
    verified: /^Geverifieerd$/,
    title: 'Er is een probleem',
    prefix: /^Fout: /,
    number: 'Kaartnummer',
    code: 'Beveiligingscode',
    numberRequired: 'Vul je kaartnummer in.',
    codeRequired: 'Vul je beveiligingscode in.',
  },
} as const;

/** Opens the flow in English and starts it by keyboard with GIFT_BALANCE, up to its `next` step. */
async function startByKeyboard(page: Page, flow: 'replace' | 'payout', next: string): Promise<void> {
  await page.goto(`/demo/${flow}?lng=en`);
  await typeInto(page, page.getByLabel('Card number', { exact: true }), cards.GIFT_BALANCE.number);
  await typeInto(page, page.getByLabel('Security code', { exact: true }), cards.GIFT_BALANCE.secret);
  await waitForCaptcha(page, TEXT.en.verified);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/demo/${flow}/${next}$`));
}

/**
 * After Enter in a form where one thing is missing: the summary has focus and lists `message`
 * alone, the title says Error, the page passes the audit (and is photographed when `screenshot`
 * is named), and the summary's link to `message` takes the focus to `field`.
 */
async function expectSummaryLinkedTo(page: Page, field: Locator, message: string, screenshot?: { testInfo: TestInfo; name: string }): Promise<void> {
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('listitem')).toHaveText([message]);
  await expect(page).toHaveTitle(/^Error: /);
  await expectAccessible(page);
  if (screenshot) await snap(page, screenshot.testInfo, screenshot.name);
  await tabTo(page, summary.getByRole('link', { name: message }));
  await page.keyboard.press('Enter');
  await expect(field).toBeFocused();
}

// ACME offers Dutch only (docs/product/common.md): its English is not a state the portal has.
const CASES = [
  { slug: 'demo', lng: 'nl', card: cards.GIFT_BALANCE },
  { slug: 'demo', lng: 'en', card: cards.GIFT_BALANCE },
  { slug: 'acme', lng: 'nl', card: cards.GIFT_ACME },
] as const;

for (const { slug, lng, card } of CASES) {
  test(`${slug} ${lng}: Enter in the empty BALANCE lookup shows the summary with focus, the title prefix and links to the fields`, async ({ page }, testInfo) => {
    const text = TEXT[lng];
    await page.goto(`/${slug}/balance?lng=${lng}`);
    const number = page.getByLabel(text.number, { exact: true });
    const code = page.getByLabel(text.code, { exact: true });
    // Once the bot check is done, only the two fields are missing.
    await waitForCaptcha(page, text.verified);
    const title = await page.title();
    await tabTo(page, number);
    await page.keyboard.press('Enter');

    const summary = page.getByRole('alert');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('heading', { level: 2, name: text.title })).toBeVisible();
    await expect(summary.getByRole('listitem')).toHaveText([text.numberRequired, text.codeRequired]);
    await expect(page).toHaveTitle(text.prefix);
    expect(await page.title()).toBe(`${lng === 'nl' ? 'Fout' : 'Error'}: ${title}`);
    // Under each field too, tied to it; no other alert fires.
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    const numberError = page.locator(`#${(await describedBy(number)).at(-1)}`);
    await expect(numberError).toHaveText(text.numberRequired);
    await expectAccessible(page);
    await snap(page, testInfo, `error-summary-${slug}-${lng}-balance`);

    // Each link moves focus to its field.
    for (const [name, field] of [
      [text.numberRequired, number],
      [text.codeRequired, code],
    ] as const) {
      const link = summary.getByRole('link', { name });
      await tabTo(page, link);
      await page.keyboard.press('Enter');
      await expect(field).toBeFocused();
      // Back to the summary for the next link: it is the first thing in the form.
      await summary.focus();
    }

    // Fixed and sent: the prefix goes, and the next screen comes.
    await typeInto(page, number, card.number);
    await typeInto(page, code, card.secret);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${slug}/balance/amount`));
    await expect(page).not.toHaveTitle(text.prefix);
  });
}

test('VISA login: the disabled button names what is missing; Enter shows it in the summary with focus', async ({ page }, testInfo) => {
  await page.goto('/demo/visa/account?lng=en');
  await waitForCaptcha(page, TEXT.en.verified);
  const submit = page.getByRole('button', { name: 'Log in' });
  await expect(submit).toBeDisabled();
  const hint = page.locator(`#${(await describedBy(submit))[0]}`);
  await expect(hint).toBeVisible();
  await expect(hint).toHaveText('Still needed: Card number and Passcode.');
  await snap(page, testInfo, 'error-summary-demo-en-visa-login-disabled-hint');

  const number = page.getByLabel('Card number', { exact: true });
  await typeInto(page, number, '4000 0000 0000 0000 010');
  await expect(hint).toHaveText('Still needed: Passcode.');
  await page.keyboard.press('Enter');
  await expectSummaryLinkedTo(page, page.getByLabel('Passcode', { exact: true }), 'Enter your passcode.');
});

test('VISA login in Dutch: the disabled button\'s reason and the summary are Dutch', async ({ page }) => {
  await page.goto('/demo/visa/account?lng=nl');
  await waitForCaptcha(page, TEXT.nl.verified);
  const submit = page.getByRole('button', { name: 'Inloggen' });
  await expect(submit).toBeDisabled();
  await expect(page.locator(`#${(await describedBy(submit))[0]}`)).toHaveText('Nog nodig: Kaartnummer en Toegangscode.');
  await tabTo(page, page.getByLabel('Kaartnummer', { exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page).toHaveTitle(/^Fout: /);
  await expectAccessible(page);
});

test('REPLACE e-mail: Enter with no address shows the summary with focus, linked to the field; no request goes out', async ({ page }, testInfo) => {
  // GIFT_BALANCE is never replaced here (no address is sent), so other tests keep it.
  await startByKeyboard(page, 'replace', 'email');

  let replaced = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/replace') && request.method() === 'POST') replaced = true;
  });
  const email = page.getByLabel('E-mail address', { exact: true });
  await tabTo(page, email);
  await page.keyboard.press('Enter');
  // Both empty are the same: only the first field is wrong.
  await expectSummaryLinkedTo(page, email, 'Enter a valid e-mail address, such as name@example.com.', { testInfo, name: 'error-summary-demo-en-replace-email' });
  // The field's own error stays visible while typing (no announcement), and goes once it is right.
  await page.keyboard.type('jan@example');
  await expect(page.getByText('Enter a valid e-mail address, such as name@example.com.', { exact: true }).last()).toBeVisible();
  await page.keyboard.type('.nl');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  expect(replaced).toBe(false);
});

test('PAYOUT amount: the disabled iDIN button says why; Enter in the empty IBAN shows the summary linked to it', async ({ page }, testInfo) => {
  // GIFT_BALANCE is never paid out here (identification is not started).
  await startByKeyboard(page, 'payout', 'amount');

  const idin = page.getByRole('button', { name: 'Identify with iDIN' });
  await expect(idin).toBeDisabled();
  await expect(page.locator(`#${(await describedBy(idin))[0]}`)).toHaveText('First enter a correct IBAN of a bank that offers iDIN.');
  const iban = page.getByLabel('IBAN (bank account number)', { exact: true });
  await tabTo(page, iban);
  await page.keyboard.press('Enter');
  await expectSummaryLinkedTo(page, iban, 'Enter your IBAN.', { testInfo, name: 'error-summary-demo-en-payout-amount' });
  // A warning while typing shows under the field, tied to it, and is no second alert.
  await page.keyboard.type('NL64XXXX');
  const warning = page.getByText('The bank code in this IBAN is incorrect', { exact: false });
  await expect(warning).toBeVisible();
  expect(await describedBy(iban)).toContain(await warning.getAttribute('id'));
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('screenshots of the summary at 390 and 1366 px, demo and acme, nl and en', { tag: ANY_WIDTH }, async ({ page }, testInfo) => {
  for (const { slug, lng } of CASES) {
    await page.goto(`/${slug}/balance?lng=${lng}`);
    await waitForCaptcha(page, TEXT[lng].verified);
    await tabTo(page, page.getByLabel(TEXT[lng].number, { exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toBeFocused();
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await snap(page, testInfo, `error-summary-${slug}-${lng}-${width}`);
    }
  }
});
