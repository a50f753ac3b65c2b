import type { APIResponse, Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { expect } from './fixtures';

// The back office (docs/back-office.md) as its staff use it: the demo staff of the design, the
// labels its pages show in each language, and signing in through the sandbox staff provider.

export type Lang = 'en' | 'nl';

/** The demo staff (the design's table) and what each may see. */
export const demoStaff = [
  { email: 'admin@tessera.test', staffPage: true, cardActions: true, seesDemo: true, payoutBatches: true },
  { email: 'support@demo.test', staffPage: false, cardActions: true, seesDemo: true, payoutBatches: false },
  { email: 'finance@demo.test', staffPage: false, cardActions: false, seesDemo: true, payoutBatches: true },
  { email: 'approver@demo.test', staffPage: false, cardActions: false, seesDemo: true, payoutBatches: true },
  { email: 'brand@demo.test', staffPage: false, cardActions: false, seesDemo: true, payoutBatches: false },
  { email: 'support@acme.test', staffPage: false, cardActions: false, seesDemo: false, payoutBatches: false },
] as const;

/** The back office's labels (apps/admin/src/locales), as the tests look for them. */
export const labels = {
  en: {
    signIn: 'Sign in',
    expired: 'Your session has ended. Sign in again to continue where you were.',
    navSearch: 'Find a card',
    navAudit: 'Audit trail',
    navStaff: 'Staff',
    searchBy: 'Search by',
    byNumber: 'Card number',
    byLast: 'Brand and last digits',
    number: 'Full card number',
    brand: 'Brand',
    last: 'Last 3 or 4 digits',
    search: 'Search',
    results: 'Cards found',
    none: 'No card found. Check what you typed, or try another way.',
    cardOf: (brand: string) => `Card of ${brand}`,
    block: 'Block card',
    blockTitle: 'Block this card?',
    unblock: 'Unblock card',
    unlock: 'Unlock guessing',
    blocked: (masked: string) => `Card ${masked} of DEMO is blocked.`,
    audit: 'Audit trail',
    timeline: 'Timeline',
    openings: 'Who opened this card: its audit trail',
    cardOpened: 'Card opened in the back office',
    opened: 'opened',
    staff: 'Staff',
    signOut: 'Sign out',
    noSecondFactor: /did not use a second factor/,
  },
  nl: {
    signIn: 'Aanmelden',
    expired: 'Uw sessie is beëindigd. Meld u opnieuw aan om verder te gaan waar u was.',
    navSearch: 'Kaart zoeken',
    navAudit: 'Audittrail',
    navStaff: 'Medewerkers',
    searchBy: 'Zoeken op',
    byNumber: 'Kaartnummer',
    byLast: 'Merk en laatste cijfers',
    number: 'Volledig kaartnummer',
    brand: 'Merk',
    last: 'Laatste 3 of 4 cijfers',
    search: 'Zoeken',
    results: 'Gevonden kaarten',
    none: 'Geen kaart gevonden. Controleer wat u typte, of zoek op een andere manier.',
    cardOf: (brand: string) => `Kaart van ${brand}`,
    block: 'Kaart blokkeren',
    blockTitle: 'Deze kaart blokkeren?',
    unblock: 'Blokkade opheffen',
    unlock: 'Raadslot opheffen',
    blocked: (masked: string) => `Kaart ${masked} van DEMO is geblokkeerd.`,
    audit: 'Audittrail',
    timeline: 'Tijdlijn',
    openings: 'Wie deze kaart opende: haar audittrail',
    cardOpened: 'Kaart geopend in de backoffice',
    opened: 'geopend',
    staff: 'Medewerkers',
    signOut: 'Afmelden',
    noSecondFactor: /geen tweede factor/,
  },
} as const;

/**
 * From the app's sign-in page (what /admin/ shows without a session) through the sandbox staff
 * provider's page, with a second factor or without one.
 */
export async function signInFromApp(page: Page, email: string, lang: Lang = 'en', { secondFactor = true } = {}): Promise<void> {
  await page.getByRole('link', { name: labels[lang].signIn, exact: true }).click();
  const person = secondFactor ? `Sign in as ${email}` : `Sign in without a second factor as ${email}`;
  await page.getByRole('button', { name: person }).click();
}

/** Opens the back office at `path` and signs in there: the app returns to that path. */
export async function signIn(page: Page, email: string, lang: Lang = 'en', path = '/admin/'): Promise<void> {
  await page.goto(path);
  await signInFromApp(page, email, lang);
  await expect(page.getByRole('button', { name: labels[lang].signOut })).toBeVisible();
}

/** A call of the back office's API from the signed-in page's context, with the page's Origin as the app sends it. */
export function callApi(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<APIResponse> {
  const headers = { origin: baseURL };
  return method === 'GET' ? page.request.get(path, { headers }) : page.request.post(path, { headers, data: data ?? {} });
}

/** A card's opaque id, as the search answers it to the signed-in staff member; undefined when not found. */
export async function cardIdOf(page: Page, number: string): Promise<string | undefined> {
  const response = await callApi(page, 'POST', '/admin/api/cards/search', { number: number.replace(/\s/g, '') });
  expect(response.status()).toBe(200);
  const { cards } = (await response.json()) as { cards: Array<{ id: string }> };
  return cards[0]?.id;
}

/** Runs a search of the form on the search page: by full number, or by brand and last digits. */
export async function search(page: Page, lang: Lang, by: { number: string } | { brand: string; last: string }): Promise<void> {
  const t = labels[lang];
  const form = page.getByRole('radiogroup', { name: t.searchBy });
  // React Aria's radio input is visually hidden: a person clicks its label.
  if ('number' in by) {
    await form.getByText(t.byNumber, { exact: true }).click();
    await page.getByLabel(t.number, { exact: true }).fill(by.number);
  } else {
    await form.getByText(t.byLast, { exact: true }).click();
    await page.getByRole('button', { name: new RegExp(`${t.brand}$`) }).click();
    await page.getByRole('option', { name: by.brand }).click();
    await page.getByLabel(t.last, { exact: true }).fill(by.last);
  }
  await page.getByRole('button', { name: t.search, exact: true }).click();
}

/** The result table's link of a card, by the last three digits its masked number shows. */
export const resultLink = (page: Page, lang: Lang, number: string) =>
  page.getByRole('grid', { name: labels[lang].results }).getByRole('link', { name: new RegExp(`${number.slice(-3)}$`) });
