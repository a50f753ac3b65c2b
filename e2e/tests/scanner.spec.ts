import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';
import type { Page } from '@playwright/test';
import { test as base, expect, expectAccessible, cards } from '../support/fixtures';
import { tabTo } from '../support/keyboard';

// The card scanner (docs/product/common.md#scanner) in Chromium. The camera is Chromium's fake
// capture device fed
// a Y4M video written here from a barcode that bwip-js draws of GIFT_BALANCE's number; the flags
// are per browser launch, so this file launches its own browsers (worker-scoped launchOptions).

const NUMBER = cards.GIFT_BALANCE.number.replace(/ /g, '');
const WIDTH = 640;
const HEIGHT = 480;

async function barcodePng(bcid: string, extra: Record<string, unknown> = {}): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid, text: NUMBER, scale: 2, height: 12, paddingwidth: 10, paddingheight: 10, backgroundcolor: 'FFFFFF', ...extra } as Parameters<typeof bwipjs.toBuffer>[0]);
}

/** A 640×480 Y4M (I420) video of a light "card" with the barcode in the middle. */
async function writeFakeCameraVideo(file: string): Promise<void> {
  const code = PNG.sync.read(await barcodePng('code128'));
  const rgba = new Uint8Array(WIDTH * HEIGHT * 4).fill(236);
  const left = Math.round((WIDTH - code.width) / 2);
  const top = Math.round((HEIGHT - code.height) / 2);
  for (let y = 0; y < code.height; y++) {
    for (let x = 0; x < code.width; x++) {
      const i = (y * code.width + x) * 4;
      const o = ((top + y) * WIDTH + left + x) * 4;
      for (let c = 0; c < 3; c++) rgba[o + c] = code.data[i + c]!;
    }
  }
  // RGB → YUV 4:2:0 (BT.601, full range, as C420jpeg says).
  const yPlane = Buffer.alloc(WIDTH * HEIGHT);
  const uPlane = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const vPlane = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const o = (y * WIDTH + x) * 4;
      yPlane[y * WIDTH + x] = clamp(0.299 * rgba[o]! + 0.587 * rgba[o + 1]! + 0.114 * rgba[o + 2]!);
    }
  }
  for (let y = 0; y < HEIGHT / 2; y++) {
    for (let x = 0; x < WIDTH / 2; x++) {
      const o = (y * 2 * WIDTH + x * 2) * 4;
      const [r, g, b] = [rgba[o]!, rgba[o + 1]!, rgba[o + 2]!];
      uPlane[y * (WIDTH / 2) + x] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      vPlane[y * (WIDTH / 2) + x] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), yPlane, uPlane, vPlane]);
  const frames = Array.from({ length: 10 }, () => frame);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...frames]));
}

const test = base.extend<object, { fakeCameraVideo: string }>({
  fakeCameraVideo: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'tessera-camera-')), 'card.y4m');
      await writeFakeCameraVideo(file);
      await use(file);
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, fakeCameraVideo }, use) => {
      await use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${fakeCameraVideo}`],
      });
    },
    { scope: 'worker' },
  ],
});

async function finishLookup(page: Page) {
  await page.getByLabel('Security code', { exact: true }).fill(cards.GIFT_BALANCE.secret);
  await expect(page.getByText(/^Verified$/)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page).toHaveURL(/\/demo\/balance\/amount$/);
  await expect(page.getByText('€ 25,00', { exact: true })).toBeVisible();
}

test.describe('with the camera allowed', () => {
  test.use({ permissions: ['camera'] });

  test('scans GIFT_BALANCE with the camera into the BALANCE form and completes the lookup', async ({ page }) => {
    const wasm: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.wasm')) wasm.push(request.url());
    });
    await page.goto('/demo/balance?lng=en');
    await page.getByRole('button', { name: 'Scan card number' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan your card' });
    await expect(dialog).toBeVisible();
    // The scanner fills the field and closes; focus is back on the number.
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    const field = page.getByLabel('Card number', { exact: true });
    await expect(field).toHaveValue('6064 0000 0000 0000 101');
    await expect(field).toBeFocused();
    // No BarcodeDetector in Chromium on Linux: the ZXing wasm came from Tessera itself.
    const hasDetector = await page.evaluate(() => 'BarcodeDetector' in window);
    if (!hasDetector) {
      expect(wasm.length).toBeGreaterThan(0);
      for (const url of wasm) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
    }
    await finishLookup(page);
  });

  test('Escape goes back to typing; the camera stops when the dialog closes', async ({ page }) => {
    await page.goto('/demo/balance?lng=en');
    // Keep the scanner from reading the code at once: pause as soon as it runs.
    await page.getByRole('button', { name: 'Scan card number' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan your card' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Scan card number' })).toBeFocused();
    const live = await page.evaluate(() =>
      Array.from(document.querySelectorAll('video')).some((v) => (v.srcObject as MediaStream | null)?.getTracks().some((t) => t.readyState === 'live')),
    );
    expect(live).toBe(false);
  });
});

test.describe('without camera permission', () => {
  test('says why the camera is not available, is accessible, and reads a chosen photo instead', async ({ page }) => {
    await page.goto('/demo/balance?lng=en');
    await page.getByRole('button', { name: 'Scan card number' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan your card' });
    await expect(dialog.getByRole('alert')).toContainText(/The camera is not allowed|No camera was found on this device/);
    await expectAccessible(page);

    // Something that is not a card: the parse error, and the scanner stays open.
    const other = await bwipjs.toBuffer({ bcid: 'qrcode', text: 'https://www.example.com/', scale: 4, paddingwidth: 10, paddingheight: 10, backgroundcolor: 'FFFFFF' });
    await dialog.getByLabel('Choose a photo of the card').setInputFiles({ name: 'other.png', mimeType: 'image/png', buffer: other });
    await expect(dialog.getByRole('alert')).toContainText('No card number could be read');

    await dialog.getByLabel('Choose a photo of the card').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: await barcodePng('qrcode', { scale: 6 }) });
    await expect(dialog).toBeHidden({ timeout: 10_000 });
    await expect(page.getByLabel('Card number', { exact: true })).toHaveValue('6064 0000 0000 0000 101');
    await finishLookup(page);
  });

  test('when the camera fails or a photo cannot be read, focus stays inside the dialog', async ({ page }) => {
    await page.goto('/demo/balance?lng=en');
    await tabTo(page, page.getByRole('button', { name: 'Scan card number' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Scan your card' });
    const focusInside = () => page.evaluate(() => !!document.activeElement?.closest('dialog'));
    await expect(dialog.getByRole('alert')).toContainText(/The camera is not allowed|No camera was found on this device/);
    expect(await focusInside(), 'focus inside the dialog after the camera failed').toBe(true);

    // The photo button is disabled while the photo is read: focus would fall out of the dialog.
    const photo = dialog.getByLabel('Choose a photo of the card');
    await tabTo(page, photo);
    const other = await bwipjs.toBuffer({ bcid: 'qrcode', text: 'https://www.example.com/', scale: 4, paddingwidth: 10, paddingheight: 10, backgroundcolor: 'FFFFFF' });
    await photo.setInputFiles({ name: 'other.png', mimeType: 'image/png', buffer: other });
    await expect(dialog.getByRole('alert')).toContainText('No card number could be read');
    expect(await focusInside(), 'focus inside the dialog after an unreadable photo').toBe(true);
    await page.keyboard.press('Tab');
    expect(await focusInside()).toBe(true);
  });

  test('the modal dialog keeps focus inside, and Escape closes it wherever focus is', async ({ page }) => {
    await page.goto('/demo/balance?lng=en');
    await page.getByRole('button', { name: 'Scan card number' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan your card' });
    await expect(dialog.getByRole('button', { name: 'Use the camera' })).toBeVisible();
    // The page behind the modal dialog is inert: tabbing round never lands outside it.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      const outside = await page.evaluate(() => {
        const active = document.activeElement;
        return active !== null && active !== document.body && !active.closest('dialog');
      });
      expect(outside).toBe(false);
    }
    // Focus on no control (as when the focused one goes away): Escape still goes back to typing.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Scan card number' })).toBeFocused();
  });

  test('Acme offers no scanning', async ({ page }) => {
    await page.goto('/acme/balance');
    await expect(page.getByLabel('Kaartnummer', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kaartnummer scannen' })).toHaveCount(0);
  });
});
