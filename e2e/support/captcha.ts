import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Waits until the built-in captcha says the page is verified. The widget starts at the
 * cardholder's first press, tap or keystroke (apps/web/src/lib/firstInteraction.ts), so a test
 * that has not touched the page yet starts it as a cardholder's first key would: Shift types
 * nothing and moves nothing. The proof of work runs in a worker; on a loaded CI machine it can
 * take a few seconds.
 */
export async function waitForCaptcha(page: Page, verified: RegExp = /^Verified$/): Promise<void> {
  await page.keyboard.press('Shift');
  await expect(page.getByText(verified)).toBeVisible({ timeout: 20_000 });
}
