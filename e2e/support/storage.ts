import type { Page, Request, Route } from '@playwright/test';
import { expect } from './fixtures';

/** One entry of the page's web storage, as a script on that page could read it. */
export interface StoredEntry {
  area: 'localStorage' | 'sessionStorage';
  key: string;
  value: string;
}

/** Every localStorage and sessionStorage entry of the page's origin (the page's current document). */
export async function storedEntries(page: Page): Promise<StoredEntry[]> {
  // Playwright evaluates over the DevTools protocol, so this reads the storage even on a page whose
  // CSP allows no script at all (the sandbox bank's).
  return page.evaluate(() => {
    const read = (area: 'localStorage' | 'sessionStorage') => {
      const storage = window[area];
      return Array.from({ length: storage.length }, (_, i) => storage.key(i)!).map((key) => ({ area, key, value: storage.getItem(key) ?? '' }));
    };
    return [...read('localStorage'), ...read('sessionStorage')];
  });
}

/** What may not be in browser storage: the card number, its security code, the IBAN (PAYOUT). */
export interface CardSecrets {
  /** As printed, in groups of 4 (6064 0000 0000 0000 109). */
  cardNumber: string;
  securityCode: string;
  /** Without spaces (NL20INGB0001234567). */
  iban?: string;
}

const grouped = (value: string) => value.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
const stripped = (value: string) => value.replace(/[^0-9A-Za-z]/g, '');

/**
 * No entry (key or value) of the page's localStorage or sessionStorage holds the card number
 * (grouped, plain, or in any other punctuation: the entry is searched with every character but
 * letters and digits removed too), the security code, or the IBAN (grouped, plain, any case).
 * Answers the entries read, so a test can also check it read the storage it meant to.
 */
export async function expectNoCardSecretsStored(page: Page, secrets: CardSecrets, where: string): Promise<StoredEntry[]> {
  const entries = await storedEntries(page);
  const number = stripped(secrets.cardNumber);
  const iban = secrets.iban ? stripped(secrets.iban).toUpperCase() : undefined;
  const forms = [number, grouped(number), secrets.securityCode, ...(iban ? [iban, grouped(iban)] : [])];
  for (const { area, key, value } of entries) {
    const text = `${key}\n${value}`;
    for (const form of forms) expect(text.includes(form), `${where}: ${area} "${key}" holds a card secret`).toBe(false);
    // Long values in any other spelling: digits split by dashes, dots, escapes, lower case.
    const plain = stripped(text).toUpperCase();
    expect(plain.includes(number), `${where}: ${area} "${key}" holds the card number`).toBe(false);
    if (iban) expect(plain.includes(iban), `${where}: ${area} "${key}" holds the IBAN`).toBe(false);
  }
  return entries;
}

/**
 * Holds the next request matching `url` until `check` (which may read the page's storage while
 * the page waits for it) is done, then lets it go on. Once the route is set up, answers `went`:
 * the request once it went on, or the check's failure. (An object, not the promise itself: an
 * async function's answer would wait for it.)
 */
export async function whileRequestWaits(page: Page, url: string | RegExp, check: (request: Request) => Promise<void>): Promise<{ went: Promise<Request> }> {
  let done: (request: Request) => void;
  let failed: (error: unknown) => void;
  const went = new Promise<Request>((resolve, reject) => {
    done = resolve;
    failed = reject;
  });
  const handler = async (route: Route) => {
    let problem: unknown;
    try {
      await check(route.request());
    } catch (error) {
      problem = error;
    }
    // The request goes on either way, so a failed check shows as itself, not as a hung page.
    await route.continue();
    if (problem === undefined) done(route.request());
    else failed(problem);
  };
  await page.route(url, handler, { times: 1 });
  return { went };
}
