import type { Page } from '@playwright/test';
import { expect } from './fixtures';

type Lang = 'nl' | 'en';
const texts = {
  nl: { number: 'Kaartnummer', secret: 'Beveiligingscode', submit: 'Saldo bekijken', verified: /^Geverifieerd$/ },
  en: { number: 'Card number', secret: 'Security code', submit: 'Check balance', verified: /^Verified$/ },
} as const;

/**
 * Fills the lookup form as a cardholder does and waits for the built-in captcha (ALTCHA, solved
 * in the browser when the form gets focus) before submitting.
 */
export async function lookUp(page: Page, card: { number: string; secret: string }, lang: Lang = 'en', scope = page.locator('body')) {
  const t = texts[lang];
  await scope.getByLabel(t.number, { exact: true }).fill(card.number);
  await scope.getByLabel(t.secret, { exact: true }).fill(card.secret);
  // The proof of work runs in a worker; on a loaded CI machine it can take a few seconds.
  await expect(scope.getByText(t.verified)).toBeVisible({ timeout: 20_000 });
  await scope.getByRole('button', { name: t.submit }).click();
}
