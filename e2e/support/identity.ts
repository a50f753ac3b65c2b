import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectScreen, snap } from './fixtures';
import { watchForLoadingText } from './loading';
import type { TestInfo } from '@playwright/test';

type Lang = 'nl' | 'en';
const lookupTexts = {
  nl: { number: 'Kaartnummer', secret: 'Beveiligingscode', submit: 'Verder', verified: /^Geverifieerd$/ },
  en: { number: 'Card number', secret: 'Security code', submit: 'Continue', verified: /^Verified$/ },
} as const;

/** The PAYOUT and IDENTIFY start forms: card number, security code, the built-in captcha, Continue. */
export async function startWithCard(page: Page, card: { number: string; secret: string }, lang: Lang = 'en') {
  const t = lookupTexts[lang];
  await page.getByLabel(t.number, { exact: true }).fill(card.number);
  await page.getByLabel(t.secret, { exact: true }).fill(card.secret);
  // The proof of work runs in a worker; on a loaded CI machine it can take a few seconds.
  await expect(page.getByText(t.verified)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: t.submit, exact: true }).click();
}

/** Opens the flow's start screen in English (shown, accessible, screenshot) and starts it with the card. */
export async function openAndStartWithCard(page: Page, testInfo: TestInfo, flow: 'identify' | 'payout', heading: string, card: { number: string; secret: string }, next: string) {
  await page.goto(`/demo/${flow}?lng=en`);
  await expectScreen(page, testInfo, page.getByRole('heading', { level: 1, name: heading }), `demo-en-${flow}-start`);
  const loadingSeen = await watchForLoadingText(page);
  await startWithCard(page, card);
  // The screen after the lookup is in the flow's later chunk, loaded while the form was filled in:
  // it follows the answer without "Loading…" in between.
  await expect(page.getByRole('heading', { level: 1, name: next })).toBeVisible();
  expect(await loadingSeen()).toBe(false);
}

/**
 * The sandbox iDIN provider's page (served by the server at /sandbox/idin, a real OpenID Connect
 * provider): checks it names the bank the cardholder chose, is accessible, and presses one of
 * its three buttons.
 */
export async function atSandboxBank(page: Page, testInfo: TestInfo, bank: string, choice: 'Approve' | 'Cancel' | 'Fail', shot?: string) {
  await expect(page).toHaveURL(/\/sandbox\/idin\//);
  await expect(page.getByText(bank, { exact: false }).first()).toBeVisible();
  await expectAccessible(page);
  if (shot) await snap(page, testInfo, shot);
  await page.getByRole('button', { name: new RegExp(`^${choice}`) }).click();
}
