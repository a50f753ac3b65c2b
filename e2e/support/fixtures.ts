import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

/** The demo cards of shared/design/demo.md that these tests use. */
export const cards = {
  GIFT_BALANCE: { number: '6064 0000 0000 0000 101', secret: '482913' },
  GIFT_EMPTY: { number: '6064 0000 0000 0000 102', secret: '111902' },
  GIFT_GRACE: { number: '6064 0000 0000 0000 104', secret: '264018' },
  GIFT_EXPIRED: { number: '6064 0000 0000 0000 105', secret: '905527' },
  GIFT_NO_EXPIRY: { number: '6064 0000 0000 0000 106', secret: '318840' },
  GIFT_IDENTIFY: { number: '6064 0000 0000 0000 110', secret: '773415' },
  GIFT_ACME: { number: '6064 1000 0000 0000 201', secret: '402275' },
} as const;

const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

/** axe-core over the whole page: any violation fails the test, with the rule ids in the message. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, 'axe-core violations').toEqual([]);
}

/** A full-page screenshot under e2e/screenshots/<project>/, to look at. */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = path.join(screenshotDir, testInfo.project.name);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

export const test = base;
export { expect };
