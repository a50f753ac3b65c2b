import type { Locator, Page, Request } from '@playwright/test';
import { expect, expectAccessible, expectScreen, snap } from './fixtures';
import { watchForLoadingText } from './loading';
import type { StoredEntry } from './storage';
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

/** A trip through the sandbox iDIN from a flow's Identify button, with its held session and customer calls. */
export interface BankTrip {
  flow: 'identify' | 'payout';
  identify: Locator;
  sessionCall: { went: Promise<Request> };
  customerCall: { went: Promise<Request> };
  /** Reads the page's storage and checks no card secret is in it (support/storage.ts). */
  noSecretsStored: (where: string) => Promise<StoredEntry[]>;
  /** The card number as the round-trip entry keeps it, masked (XXXXXXXXXXXXXXXX110). */
  maskedNumber: string;
}

/**
 * Clicks Identify and approves at ING: the session call goes; the sandbox bank, on the portal's
 * origin, reads the same storage, where the round-trip entry back to the flow's callback holds the
 * card number masked and nothing secret; back from the bank, the customer call goes.
 */
export async function approveAtIng(page: Page, testInfo: TestInfo, trip: BankTrip) {
  await trip.identify.click();
  await trip.sessionCall.went;
  await expect(page).toHaveURL(/\/sandbox\/idin\//);
  const atBank = await trip.noSecretsStored('at the bank');
  expect(atBank.find((e) => e.area === 'localStorage' && e.value.includes(`"url":"/demo/${trip.flow}/callback"`))?.value).toContain(trip.maskedNumber);
  await atSandboxBank(page, testInfo, 'ING', 'Approve');
  await trip.customerCall.went;
}
