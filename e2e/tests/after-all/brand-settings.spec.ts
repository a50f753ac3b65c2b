import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, snap } from '../../support/fixtures';
import { brandLabels, callAny, logoOf, openBrandSettings } from '../../support/brand-settings';

// Issue 27's walk: brand@demo.test changes the demo brand's balance__title (nl) and its logo in the
// draft; the preview shows both while /demo/balance does not; after publish /demo/balance shows
// them; restoring version 1 and publishing brings the old ones back. Every other browser test reads
// the demo brand's texts and logo, so this file runs alone, after them (the after-all project), and
// puts version 1 back however it ends. It runs again on the same database: version numbers grow.

const t = brandLabels.en;
const stamp = Date.now().toString(36);
const NEW_TITLE = `Saldo van je Demo-kaart ${stamp}`;
const NEW_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48"><title>e2e ${stamp}</title><rect width="160" height="48" rx="8" fill="#b45309"/></svg>`;

/** What the portal's balance page shows in Dutch: its heading and its logo's bytes. */
async function portalNow(page: Page): Promise<{ title: string; logo: string }> {
  await page.goto('/demo/balance?lng=nl');
  const title = (await page.getByRole('heading', { level: 1 }).first().textContent())?.trim() ?? '';
  return { title, logo: await logoOf(page) };
}

/** Version 1 (the brand as imported) as the draft, published: whatever this walk did is undone. */
async function backToVersionOne(page: Page): Promise<void> {
  const versions = await callAny(page, 'GET', '/admin/api/brands/DEMO/versions');
  if (versions.status() !== 200 || ((await versions.json()) as { items: unknown[] }).items.length === 0) return;
  expect((await callAny(page, 'POST', '/admin/api/brands/DEMO/versions/1/restore')).status()).toBe(200);
  // 409 NOTHING_TO_PUBLISH: it is what is published already.
  expect([200, 409]).toContain((await callAny(page, 'POST', '/admin/api/brands/DEMO/publish')).status());
}

test('brand@demo.test changes a text and the logo in the draft, previews, publishes, and restores version 1', async ({ page, context }, testInfo) => {
  test.setTimeout(180_000);
  await openBrandSettings(page, 'en');
  // A run before this one may have ended half way: start from the brand as imported.
  await backToVersionOne(page);
  await page.reload();
  await expect(page.getByRole('tab', { name: t.settings })).toBeVisible();

  const portal = await context.newPage();
  const before = await portalNow(portal);
  expect(before.title).toBe('Bekijk je saldo');

  try {
    // The text, in the texts tab.
    await page.getByRole('tab', { name: t.texts }).click();
    await page.getByRole('searchbox', { name: t.search }).fill('balance__title');
    await page.getByRole('textbox', { name: t.ownFor('balance__title') }).fill(NEW_TITLE);
    // The logo, in the settings tab.
    await page.getByRole('tab', { name: t.settings }).click();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: t.chooseLogo, exact: true }).click()]);
    await chooser.setFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(NEW_LOGO) });
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();

    // The preview shows the draft (Dutch is the demo brand's first language)...
    const preview = page.frameLocator('iframe.preview__frame');
    await expect(page.locator('iframe.preview__frame')).toHaveAttribute('title', 'Preview: Balance in NL');
    await expect(preview.getByRole('heading', { level: 1, name: NEW_TITLE })).toBeVisible();
    expect(await logoOf(page, preview)).toBe(NEW_LOGO);
    await snap(page, testInfo, 'brand-settings-en-draft-preview');
    // ...while the portal does not.
    expect(await portalNow(portal)).toEqual(before);

    // Publish: the dialog lists both changes, before and after.
    await page.getByRole('button', { name: t.publish }).click();
    const dialog = page.getByRole('dialog', { name: t.publishTitle });
    await expect(dialog.getByRole('row', { name: /balance__title/ })).toContainText(NEW_TITLE);
    await expect(dialog.getByRole('row', { name: /balance__title/ })).toContainText('Bekijk je saldo');
    await expect(dialog.getByRole('row', { name: /^Logo/ })).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, 'brand-settings-en-publish-diff');
    await dialog.getByRole('button', { name: t.publishConfirm }).click();
    await expect(page.getByText(t.published)).toBeVisible();

    // Every server serves a publish within 5 s (its brand cache expires sooner).
    await expect.poll(async () => (await portalNow(portal)).title, { timeout: 8_000, intervals: [500] }).toBe(NEW_TITLE);
    expect((await portalNow(portal)).logo).toBe(NEW_LOGO);

    // Version 1 back as the draft, published: the old text and logo again.
    await page.getByRole('tab', { name: t.versions }).click();
    const versions = page.getByRole('table', { name: t.versionsTable });
    await versions.getByRole('button', { name: t.restore(1) }).click();
    const confirm = page.getByRole('dialog', { name: t.restoreTitle(1) });
    await confirm.getByRole('button', { name: t.restore(1) }).click();
    await expect(page.getByText(t.restored(1))).toBeVisible();
    await expect(preview.getByRole('heading', { level: 1, name: 'Bekijk je saldo' })).toBeVisible();
    await page.getByRole('button', { name: t.publish }).click();
    await page.getByRole('dialog', { name: t.publishTitle }).getByRole('button', { name: t.publishConfirm }).click();
    await expect(page.getByText(t.published).first()).toBeVisible();
    await expect.poll(async () => (await portalNow(portal)).title, { timeout: 8_000, intervals: [500] }).toBe('Bekijk je saldo');
    expect(await portalNow(portal)).toEqual(before);
  } finally {
    await backToVersionOne(page);
  }
});
