import type { Page } from '@playwright/test';

// Moving on after an answer never shows the loading fallback ("Loading…").

/**
 * Watches the page from now on and records whether the loading text was ever added to it. A
 * MutationObserver sees every change, even one React reverts at once, which a polling assertion
 * would miss.
 */
export async function watchForLoadingText(page: Page, text = 'Loading…') {
  await page.evaluate((loading) => {
    const w = window as unknown as { loadingSeen: boolean };
    w.loadingSeen = document.body.textContent?.includes(loading) ?? false;
    // The records keep what was added, even when it is gone again by the time they are read.
    new MutationObserver((records) => {
      for (const record of records) {
        const added = record.type === 'characterData' ? [record.target] : Array.from(record.addedNodes);
        if (added.some((node) => node.textContent?.includes(loading))) w.loadingSeen = true;
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  return () => page.evaluate(() => (window as unknown as { loadingSeen: boolean }).loadingSeen);
}
