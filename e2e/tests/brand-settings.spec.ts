import { test, expect, expectAccessible, snap } from '../support/fixtures';
import { tabTo } from '../support/keyboard';
import { signIn } from '../support/back-office';
import { brandLabels, callAny, openBrandSettings } from '../support/brand-settings';

// The brand's settings in the back office (docs/back-office.md): who may open them and what the
// server refuses, axe on every tab and the publish dialog in both languages at both widths, the
// text editor and the image upload by keyboard alone, and the preview frame's title. These tests
// change nothing that is saved: the draft, publish and restore walk changes the demo brand every
// other test reads, so it runs alone after them (after-all/brand-settings.spec.ts).

/** A small SVG the keyboard test chooses as the logo (not saved). */
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" fill="#1d4ed8"/></svg>';

test('support@demo.test has no brand settings: not in the navigation, the page is not found, and the server refuses every call (403)', async ({ page }) => {
  await signIn(page, 'support@demo.test');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Find a card' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Brand settings' })).toHaveCount(0);
  await page.goto('/admin/brand-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  const calls = [
    callAny(page, 'GET', '/admin/api/brands/DEMO'),
    callAny(page, 'GET', '/admin/api/brands/DEMO/draft'),
    callAny(page, 'PUT', '/admin/api/brands/DEMO/draft', { name: 'Not allowed' }),
    callAny(page, 'GET', '/admin/api/brands/DEMO/draft/diff'),
    callAny(page, 'POST', '/admin/api/brands/DEMO/publish'),
    callAny(page, 'GET', '/admin/api/brands/DEMO/versions'),
    callAny(page, 'POST', '/admin/api/brands/DEMO/versions/1/restore'),
  ];
  for (const response of await Promise.all(calls)) {
    expect([response.url(), response.status(), (await response.json()).code]).toEqual([response.url(), 403, 'FORBIDDEN']);
  }
  const preview = await page.request.get('/admin/preview/DEMO/balance?lng=nl');
  expect([403, 404]).toContain(preview.status());
  expect(await preview.text()).not.toContain('Bekijk je saldo');
});

test('brand@demo.test cannot see ACME: its settings, calls and preview answer not found (404)', async ({ page }) => {
  await signIn(page, 'brand@demo.test');
  for (const [method, path] of [
    ['GET', '/admin/api/brands/ACME'],
    ['GET', '/admin/api/brands/ACME/draft'],
    ['PUT', '/admin/api/brands/ACME/draft'],
    ['POST', '/admin/api/brands/ACME/publish'],
    ['GET', '/admin/api/brands/ACME/versions'],
  ] as const) {
    const response = await callAny(page, method, path, method === 'PUT' ? { name: 'Not allowed' } : {});
    expect([path, response.status(), (await response.json()).code]).toEqual([path, 404, 'NOT_FOUND']);
  }
  const preview = await page.request.get('/admin/preview/ACME/balance?lng=nl');
  expect(preview.status()).toBe(404);
  await page.goto('/admin/brand-settings?brand=ACME');
  await expect(page.getByRole('alert').filter({ hasText: 'Not found, or outside your brands.' })).toBeVisible();
  // No choice of brand: brand@demo.test has one.
  await page.goto('/admin/brand-settings');
  await expect(page.getByRole('button', { name: /^Brand/ })).toHaveCount(0);
});

for (const lang of ['en', 'nl'] as const) {
  test.describe(`the brand settings in ${lang}`, () => {
    test.use({ locale: lang === 'nl' ? 'nl-NL' : 'en-GB' });

    test(`axe finds nothing on every tab and the publish dialog; the preview frame has a title (${lang})`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      // The phone project at the width the preview is drawn for; the desktop project at 1280 px.
      if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
      const t = brandLabels[lang];
      await openBrandSettings(page, lang);
      const frame = page.locator('iframe.preview__frame');
      await expect(frame).toHaveAttribute('title', t.preview);
      await expect(page.frameLocator('iframe.preview__frame').getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
      await snap(page, testInfo, `brand-settings-${lang}-settings`);

      await page.getByRole('tab', { name: t.texts }).click();
      await expect(page.getByRole('searchbox', { name: t.search })).toBeVisible();
      await expectAccessible(page);
      await snap(page, testInfo, `brand-settings-${lang}-texts`);

      await page.getByRole('tab', { name: t.versions }).click();
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expectAccessible(page);
      await snap(page, testInfo, `brand-settings-${lang}-versions`);

      await page.getByRole('button', { name: t.publish }).click();
      const dialog = page.getByRole('dialog', { name: t.publishTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('status')).toHaveCount(0);
      await expectAccessible(page);
      await snap(page, testInfo, `brand-settings-${lang}-publish`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  });
}

test('the text editor works by keyboard alone: Tab to the search, type, Tab into a text, type, and Tab on out of it (no trap)', async ({ page }) => {
  const t = brandLabels.en;
  await openBrandSettings(page, 'en');
  await tabTo(page, page.getByRole('tab', { name: t.settings }), 60);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: t.texts })).toBeFocused();
  await page.keyboard.press('Enter');
  const search = page.getByRole('searchbox', { name: t.search });
  await tabTo(page, search);
  await page.keyboard.type('balance__ti');
  await expect(page.getByRole('status').filter({ hasText: /^Texts 1 to \d+ of \d+$/ })).toBeVisible();
  const field = page.getByRole('textbox', { name: t.ownFor('balance__title') });
  await tabTo(page, field);
  await page.keyboard.type('Typed by keyboard');
  await expect(field).toHaveValue('Typed by keyboard');
  await expect(page.getByText('You have changes that are not saved.')).toBeVisible();
  // Tab goes on past the text area (a text area takes Tab as moving on, not as a character).
  await page.keyboard.press('Tab');
  await expect(field).not.toBeFocused();
  await expect(field).toHaveValue('Typed by keyboard');
});

test('the image upload works by keyboard alone: Tab to the logo\'s button, Enter opens the file chooser, the chosen file shows', async ({ page }) => {
  const t = brandLabels.en;
  await openBrandSettings(page, 'en');
  const choose = page.getByRole('button', { name: t.chooseLogo, exact: true });
  await tabTo(page, choose, 60);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(SVG) });
  await expect(page.getByRole('img', { name: t.currentLogo, exact: true })).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await expect(page.getByText('New: saved with the draft.')).toBeVisible();
  // A file of another type is refused on the page, and said at once.
  const [again] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await again.setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByRole('alert').filter({ hasText: 'notes.txt is not one of' })).toBeVisible();
});
