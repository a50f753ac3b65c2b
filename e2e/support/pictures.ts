import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { devices, test, type Browser, type BrowserContextOptions, type Page, type TestInfo } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { signIn, type Lang } from './back-office';

// The pictures of docs/back-office.md: docs/back-office/<phone|desktop>-<en|nl>-<name>.png, a
// phone 390 px wide and a desktop 1280 px wide. Taken only when asked (E2E_SCREENSHOTS=1), so an
// ordinary run, CI's included, neither spends time on them nor rewrites the committed files.

/** Where the pictures go, or null when no one asked for them. */
const PICTURES = process.env.E2E_SCREENSHOTS === '1' ? path.resolve(import.meta.dirname, '../../docs/back-office') : null;

/** Whether this run takes the pictures. */
export const picturesWanted = PICTURES !== null;

/** The tallest picture, in CSS pixels: a page's first screens, enough to show what it is. */
export const PICTURE_HEIGHT = 1100;

export type PictureWidth = 'phone' | 'desktop';

/** The windows the pictures are taken in: the widths docs/back-office.md names, the heights of a phone and of the desktop project. */
export const PICTURE_VIEWPORTS: Readonly<Record<PictureWidth, { width: number; height: number }>> = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
};

/** The picture width of a test's project: the phone project's pictures are the phone's, the desktop's the desktop's. */
function widthOf(testInfo: TestInfo): PictureWidth {
  const name = testInfo.project.name;
  if (name !== 'phone' && name !== 'desktop') throw new Error(`project ${name} takes no pictures of its own: use picturesOf()`);
  return name;
}

/**
 * At the start of a test that takes pictures in its own page: the phone project's window becomes
 * the pictures' 390 px (a Pixel 7 is 412 px wide); nothing changes when no pictures are wanted.
 */
export async function usePictureWidth(page: Page, testInfo: TestInfo): Promise<void> {
  if (!picturesWanted) return;
  const width = widthOf(testInfo);
  if (page.viewportSize()?.width !== PICTURE_VIEWPORTS[width].width) await page.setViewportSize(PICTURE_VIEWPORTS[width]);
}

/** The page as it is now, under the name docs/back-office.md links: `<phone|desktop>-<lang>-<name>.png`. */
export async function picture(page: Page, at: TestInfo | PictureWidth, lang: Lang, name: string): Promise<void> {
  if (!PICTURES) return;
  const width = typeof at === 'string' ? at : widthOf(at);
  mkdirSync(PICTURES, { recursive: true });
  // CSS pixels and at most PICTURE_HEIGHT keep the files small (the audit trail grows with every
  // run); a dialog is shown as the screen shows it (its backdrop covers the viewport, not the page).
  const dialogOpen = await page.getByRole('dialog').isVisible();
  const viewportWidth = page.viewportSize()!.width;
  const height = Math.min(PICTURE_HEIGHT, await page.evaluate(() => document.documentElement.scrollHeight));
  await page.screenshot({
    path: path.join(PICTURES, `${width}-${lang}-${name}.png`),
    scale: 'css',
    ...(dialogOpen ? {} : { fullPage: true, clip: { x: 0, y: 0, width: viewportWidth, height } }),
  });
}

/** A browser context as the phone and desktop projects of playwright.config.ts make theirs, at the picture's width. */
function contextFor(width: PictureWidth, lang: Lang): BrowserContextOptions {
  const { defaultBrowserType: _phone, ...phone } = devices['Pixel 7'];
  const { defaultBrowserType: _desktop, ...desktop } = devices['Desktop Chrome'];
  return { ...(width === 'phone' ? phone : desktop), viewport: PICTURE_VIEWPORTS[width], locale: lang === 'nl' ? 'nl-NL' : 'en-GB', baseURL };
}

/**
 * The four pictures of one page (phone and desktop, en and nl) from a test that runs in one project
 * only (the after-all project, or one tagged ANY_WIDTH): for each, a browser of its own signs in
 * as `email` at `pagePath`, waits until `ready` has seen the page complete, and takes the picture.
 * Nothing happens when no pictures are wanted.
 */
export async function picturesOf(
  browser: Browser,
  { email, pagePath, name, ready }: { email: string; pagePath: string; name: string; ready: (page: Page, lang: Lang) => Promise<void> },
): Promise<void> {
  if (!picturesWanted) return;
  // Four sign-ins and pictures take 15-30 s on a loaded machine: time the test's own limit did not count on.
  test.info().setTimeout(test.info().timeout + 60_000);
  for (const width of ['phone', 'desktop'] as const) {
    for (const lang of ['en', 'nl'] as const) {
      const context = await browser.newContext(contextFor(width, lang));
      try {
        const page = await context.newPage();
        await signIn(page, email, lang, pagePath);
        await ready(page, lang);
        // Every panel's call answered: no "Loading" left in a corner of the picture.
        await page.waitForLoadState('networkidle');
        await picture(page, width, lang, name);
      } finally {
        await context.close();
      }
    }
  }
}
