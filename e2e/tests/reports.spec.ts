import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, ANY_WIDTH } from '../support/fixtures';
import { tabTo } from '../support/keyboard';
import { callApi, signIn, type Lang } from '../support/back-office';
import { picture, usePictureWidth } from '../support/pictures';

// The reports of the back office (docs/back-office.md#reports): finance opens them from the
// navigation, sees each chart drawn, reads each as its table by keyboard, downloads the CSV;
// support has no entry and the server refuses; axe finds nothing in either language.

const texts = {
  en: {
    nav: 'Reports',
    title: 'Reports',
    sections: ['Outstanding balance per day', 'Balances expiring soon', 'Activity per day'],
    chart: 'Chart',
    table: 'Table',
    download: 'Download CSV',
  },
  nl: {
    nav: 'Rapportages',
    title: 'Rapportages',
    sections: ['Openstaand saldo per dag', 'Saldi die binnenkort vervallen', 'Activiteit per dag'],
    chart: 'Grafiek',
    table: 'Tabel',
    download: 'CSV downloaden',
  },
} as const;

/** Signed in as finance of DEMO, on the reports page reached through the navigation, every chart drawn. */
async function openReports(page: Page, lang: Lang) {
  const t = texts[lang];
  await signIn(page, 'finance@demo.test', lang);
  await page.getByRole('navigation').getByRole('link', { name: t.nav }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  for (const name of t.sections) {
    // uPlot draws on a canvas inside the chart view: one per report once its data is there.
    await expect(page.getByRole('region', { name, exact: true }).locator('.chart__canvas canvas').first()).toBeVisible();
  }
}

for (const lang of ['en', 'nl'] as const) {
  test.describe(`the reports in ${lang}`, () => {
    // The app speaks the browser's language until one is chosen.
    test.use({ locale: lang === 'nl' ? 'nl-NL' : 'en-GB' });

    test(`finance sees the charts and each table, and axe finds nothing (${lang})`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      const t = texts[lang];
      // The pictures of docs/back-office.md (support/pictures.ts), only when asked (E2E_SCREENSHOTS=1).
      await usePictureWidth(page, testInfo);
      await openReports(page, lang);
      await picture(page, testInfo, lang, 'reports');
      await expectAccessible(page);
      for (const name of t.sections) {
        const section = page.getByRole('region', { name, exact: true });
        await section.getByRole('tab', { name: t.table }).click();
        await expect(section.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
      }
      await expectAccessible(page);
    });
  });
}

test('every chart\'s table view is reached by keyboard: Tab to the view choice, an arrow to Table, Tab into the table', async ({ page }) => {
  await openReports(page, 'en');
  for (const name of texts.en.sections) {
    const section = page.getByRole('region', { name, exact: true });
    await tabTo(page, section.getByRole('tab', { name: 'Chart' }), 80);
    await page.keyboard.press('ArrowRight');
    await expect(section.getByRole('tab', { name: 'Table' })).toBeFocused();
    await expect(section.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Tab');
    // Into the table's view: its scrolling region (focusable, so a keyboard can scroll it), then the grid.
    await expect(section.getByRole('tabpanel')).toContainText(/\d/);
    expect(await section.getByRole('tabpanel').evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
    await expect(section.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
  }
});

test('finance downloads each report as CSV: named for the brand and period, the figures of the table', async ({ page }) => {
  await openReports(page, 'en');
  const expected = [
    { name: 'Outstanding balance per day', file: /^liability-DEMO-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/, header: 'date,brand,asset,balance_minor' },
    { name: 'Balances expiring soon', file: /^expiring-DEMO-\d{4}-\d{2}-\d{2}\.csv$/, header: 'from,within_days,brand,asset,balance_minor,cards' },
    { name: 'Activity per day', file: /^activity-DEMO-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/, header: 'date,brand,kind,count,asset,amount_minor' },
  ];
  for (const { name, file, header } of expected) {
    const section = page.getByRole('region', { name, exact: true });
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: /Download CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(file);
    const text = readFileSync((await download.path())!, 'utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(header);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(1, -1).every((line) => line.split(',')[header.split(',').indexOf('brand')] === 'DEMO')).toBe(true);
  }
});

test('opened at its address on a phone, the navigation row shows the page\'s own entry, its last', { tag: ANY_WIDTH }, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'finance@demo.test', 'en', '/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const entry = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' });
  await expect(entry).toHaveAttribute('aria-current', 'page');
  await expect(entry).toBeInViewport({ ratio: 1 });
  // The row is wider than the phone: scrolled back to its start, the entry is past its right edge.
  await entry.evaluate((link) => link.closest('nav')!.scrollTo({ left: 0 }));
  await expect(entry).not.toBeInViewport({ ratio: 1 });
});

test('support has no reports: no entry in the navigation, the page is not found, and the server refuses', async ({ page }) => {
  await signIn(page, 'support@demo.test');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Find a card' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Reports' })).toHaveCount(0);
  for (const report of ['liability', 'expiring', 'activity']) {
    const refused = await callApi(page, 'GET', `/admin/api/reports/${report}?brand=DEMO`);
    expect([refused.status(), (await refused.json()).code]).toEqual([403, 'FORBIDDEN']);
  }
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
