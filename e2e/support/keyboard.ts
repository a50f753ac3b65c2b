import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Presses Tab until `target` has focus, as a keyboard user reaches a control (at most `limit`
 * presses): the tests of docs/accessibility.md use no mouse.
 */
export async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached by Tab within ${limit} presses`).toBeFocused();
}

/** Tabs to a field and types into it, key by key. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

/** Tab until the focus is in the grid, ArrowDown until it is in the row, ArrowRight until it is on the control (a React Aria table's cells are one Tab stop). */
export async function keyboardTo(page: Page, grid: Locator, row: Locator, control: Locator): Promise<void> {
  for (let i = 0; i < 60 && !(await isFocused(grid)); i++) await page.keyboard.press('Tab');
  for (let i = 0; i < 20 && !(await isFocused(row)); i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 20 && !(await isFocused(control)); i++) await page.keyboard.press('ArrowRight');
  await expect(control).toBeFocused();
}
