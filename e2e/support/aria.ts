import type { Locator } from '@playwright/test';

/** The ids an element's aria-describedby names. */
export async function describedBy(element: Locator): Promise<string[]> {
  return ((await element.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
}
