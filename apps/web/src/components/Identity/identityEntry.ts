import { isMaskedCard, type MaskedCard } from '../../lib/maskedCard';
import { readRedirectEntry } from '../../lib/redirectState';

/**
 * The flow state that crosses the trip to the bank (docs/product/common.md#callback "browser-stored
 * flow state keyed by a generated state id"): the full-page redirect loses the page's memory, so
 * what the screens after the return show waits in localStorage under the state id the session
 * call hands to the bank. /callback finds it by `state` and goes to `url`; the flow's callback
 * screen reads it and removes it at once.
 *
 * It holds nothing secret (docs/security.md#browser-storage; docs/decisions/014, 2026-11-26): the
 * card number, the security code and the IBAN went to the server with the session call, which
 * bound them to the identity session, so the customer call needs only the sessionId. The card is
 * here masked, with its balances.
 */
export interface IdentityEntry {
  /** The flow's callback screen (payoutRoutes.callback / identifyRoutes.callback). */
  url: string;
  /** The card as the screens after the return show it: masked. */
  card: MaskedCard;
  /** The 4-letter bank code of the bank identified with (PAYOUT: the IBAN's bank). */
  bankCode?: string;
  /** When it was stored (ms since epoch): entries of abandoned trips are cleared after a while. */
  createdAt: number;
}

/** An entry older than this belongs to a trip that can no longer come back (sessions live 10 minutes). */
export const IDENTITY_ENTRY_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * A fresh state id: 32 hex characters from the browser's cryptographic random source (the
 * session call accepts 8–128 of [A-Za-z0-9_-]).
 */
export function newStateId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function isIdentityEntry(value: unknown): value is IdentityEntry {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Partial<IdentityEntry>;
  return typeof entry.url === 'string' && isMaskedCard(entry.card) && (entry.bankCode === undefined || typeof entry.bankCode === 'string');
}

/**
 * An entry an earlier version of the web app wrote: it carried the card (`giftCard`, with the full
 * number) and its `securityCode`. Nothing reads it any more, and it holds secrets, so it goes.
 */
function isLegacyIdentityEntry(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.url === 'string' && ('securityCode' in entry || 'giftCard' in entry);
}

/** Stores the entry under `state`; false when the browser refuses (storage blocked or full). */
export function saveIdentityEntry(state: string, entry: Omit<IdentityEntry, 'createdAt'>, now = Date.now()): boolean {
  purgeStaleIdentityEntries(now);
  try {
    window.localStorage.setItem(state, JSON.stringify({ ...entry, createdAt: now } satisfies IdentityEntry));
    return true;
  } catch {
    return false;
  }
}

export function removeIdentityEntry(state: string): void {
  try {
    window.localStorage.removeItem(state);
  } catch {
    /* storage blocked: nothing was stored either */
  }
}

/**
 * Reads and removes the entry under `state` (docs/product/payout.md: "stored state is read and
 * removed"). Only an entry of the expected flow and brand (`expectedUrl`) counts; anything else
 * under that key is removed too and answers null.
 */
export function takeIdentityEntry(state: string | null, expectedUrl: string): IdentityEntry | null {
  if (!state) return null;
  const raw = readRedirectEntry(state);
  if (raw === null) return null;
  removeIdentityEntry(state);
  return isIdentityEntry(raw) && raw.url === expectedUrl ? raw : null;
}

/**
 * Removes entries of trips to the bank that never came back (the cardholder closed the tab at the
 * bank): only entries of this shape with a `createdAt` older than IDENTITY_ENTRY_MAX_AGE_MS. An
 * earlier version's entries (card number and security code in them) go whatever their age.
 */
export function purgeStaleIdentityEntries(now = Date.now()): void {
  try {
    const storage = window.localStorage;
    const stale: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key === null) continue;
      const raw = storage.getItem(key);
      if (!raw || !raw.startsWith('{')) continue;
      try {
        const value: unknown = JSON.parse(raw);
        const abandoned = isIdentityEntry(value) && typeof value.createdAt === 'number' && now - value.createdAt > IDENTITY_ENTRY_MAX_AGE_MS;
        if (abandoned || isLegacyIdentityEntry(value)) stale.push(key);
      } catch {
        /* not ours */
      }
    }
    stale.forEach((key) => storage.removeItem(key));
  } catch {
    /* storage blocked */
  }
}
