import type { APIResponse, Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { expect } from './fixtures';
import { signIn, type Lang } from './back-office';

// The back office's brand settings (docs/back-office.md: brand, draft, preview, publish,
// versions) as the browser tests use them: the labels of its pages and the calls they check.

export const brandLabels = {
  en: {
    nav: 'Brand settings',
    title: 'Brand settings',
    settings: 'Settings',
    texts: 'Texts',
    versions: 'Versions',
    save: 'Save draft',
    saved: 'Draft saved. The preview shows it.',
    publish: 'Publish…',
    publishTitle: 'Publish the draft?',
    publishConfirm: 'Publish',
    published: /^Published as version \d+\.$/,
    search: 'Search keys and texts',
    ownFor: (key: string) => `Brand's text for ${key}`,
    chooseLogo: 'Choose a file for Logo',
    currentLogo: 'Current Logo',
    preview: /^Preview: /,
    versionsTable: 'Published versions',
    restore: (n: number) => `Restore version ${n}`,
    restoreTitle: (n: number) => `Restore version ${n} as the draft?`,
    restored: (n: number) => `Version ${n} is now the draft.`,
  },
  nl: {
    nav: 'Merkinstellingen',
    title: 'Merkinstellingen',
    settings: 'Instellingen',
    texts: 'Teksten',
    versions: 'Versies',
    save: 'Concept opslaan',
    saved: 'Concept opgeslagen. De voorbeeldweergave toont het.',
    publish: 'Publiceren…',
    publishTitle: 'Het concept publiceren?',
    publishConfirm: 'Publiceren',
    published: /^Gepubliceerd als versie \d+\.$/,
    search: 'Zoek in sleutels en teksten',
    ownFor: (key: string) => `Tekst van het merk voor ${key}`,
    chooseLogo: 'Kies een bestand voor Logo',
    currentLogo: 'Huidige Logo',
    preview: /^Voorbeeld: /,
    versionsTable: 'Gepubliceerde versies',
    restore: (n: number) => `Versie ${n} terugzetten`,
    restoreTitle: (n: number) => `Versie ${n} terugzetten als concept?`,
    restored: (n: number) => `Versie ${n} is nu het concept.`,
  },
} as const;

/** Signed in as `email`, on the brand settings page (reached through the navigation), its form shown. */
export async function openBrandSettings(page: Page, lang: Lang, email = 'brand@demo.test'): Promise<void> {
  const t = brandLabels[lang];
  await signIn(page, email, lang);
  await page.getByRole('navigation').getByRole('link', { name: t.nav }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByRole('tab', { name: t.settings })).toBeVisible();
}

/** A call of the back office's API with any method, from the signed-in page's context, with the back office's Origin. */
export function callAny(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<APIResponse> {
  return page.request.fetch(path, { method, headers: { origin: baseURL }, data: method === 'GET' ? undefined : (data ?? {}) });
}

/** The logo the portal's page shows (its alt names the brand), as the bytes its URL answers. */
export async function logoOf(page: Page, scope: Page | ReturnType<Page['frameLocator']> = page): Promise<string> {
  const logo = scope.getByRole('img', { name: /Tessera Demo/ }).first();
  await expect(logo).toBeVisible();
  const src = await logo.getAttribute('src');
  const response = await page.request.get(new URL(src!, baseURL).toString());
  expect(response.status()).toBe(200);
  return response.text();
}
