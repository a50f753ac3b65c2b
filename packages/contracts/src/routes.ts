import type { FlowCode } from './flows.js';
/**
 * The web app's routes (spec §2.1), typed, so a screen links to `webPaths.balance.amount(slug)`
 * instead of spelling a path. The server uses the same table for links it hands out (resetUrl).
 */
const s = (slug: string) => `/${encodeURIComponent(slug)}`;

export const webPaths = {
  balance: {
    start: (slug: string) => `${s(slug)}/balance`,
    amount: (slug: string) => `${s(slug)}/balance/amount`,
    error: (slug: string) => `${s(slug)}/balance/error`,
    embed: (slug: string) => `${s(slug)}/balance/embed/balance`,
  },
  reset: {
    start: (slug: string) => `${s(slug)}/reset`,
    success: (slug: string) => `${s(slug)}/reset/success`,
    error: (slug: string) => `${s(slug)}/reset/error`,
  },
  visa: { activate: (slug: string) => `${s(slug)}/visa/activate`, account: (slug: string) => `${s(slug)}/visa/account` },
  replace: {
    start: (slug: string) => `${s(slug)}/replace`,
    email: (slug: string) => `${s(slug)}/replace/email`,
    success: (slug: string) => `${s(slug)}/replace/success`,
    error: (slug: string) => `${s(slug)}/replace/error`,
  },
  payout: { start: (slug: string) => `${s(slug)}/payout` },
  identify: { start: (slug: string) => `${s(slug)}/identify` },
  callback: () => '/callback',
  /** Demo mode: the list of demo brands and their flows; production redirects or answers 404. */
  home: () => '/',
} as const;

/**
 * Path segment (after the slug) of each flow's area, for the web app's route table. The spec
 * mounts IDENTIFY under both `Identify` (the route) and `identify` (navigation); see
 * `flowSegmentAliases`.
 */
export const flowSegments = {
  BALANCE: 'balance',
  VISA: 'visa',
  REPLACE: 'replace',
  PAYOUT: 'payout',
  IDENTIFY: 'identify',
  RESET: 'reset',
} as const satisfies Record<FlowCode, string>;

/** Extra spellings a flow's area is mounted under (spec §2.1: /{id}/Identify/*). */
export const flowSegmentAliases: Partial<Record<FlowCode, readonly string[]>> = {
  IDENTIFY: ['Identify'],
};

/** Route patterns inside the BALANCE area, relative to `/:slug/balance`. */
export const balanceRoutes = {
  start: '',
  amount: 'amount',
  error: 'error',
  embed: 'embed/balance/*',
} as const;

/** Route patterns inside the RESET area, relative to `/:slug/reset` (spec §2.8). */
export const resetRoutes = {
  start: '',
  success: 'success',
  error: 'error',
} as const;

/** Route patterns inside the REPLACE area, relative to `/:slug/replace` (spec §2.4). */
export const replaceRoutes = {
  start: '',
  email: 'email',
  success: 'success',
  error: 'error',
} as const;

/** Route patterns inside the PAYOUT area, relative to `/:slug/payout` (spec §2.5). */
export const payoutRoutes = {
  start: '',
  amount: 'amount',
  callback: 'callback',
  success: 'success',
  failed: 'failed',
  cancelled: 'cancelled',
  alreadyRegistered: 'alreadyregistered',
  noBalance: 'nobalance',
  insufficientBalance: 'unsufficientbalance',
} as const;

/** Route patterns inside the IDENTIFY area, relative to `/:slug/identify` (spec §2.7). */
export const identifyRoutes = {
  start: '',
  provider: 'provider',
  callback: 'callback',
  success: 'success',
  failed: 'failed',
} as const;

/**
 * The PAYOUT and IDENTIFY screens' paths. Kept out of `webPaths`: one object's unused members are
 * not tree-shaken, and the first BALANCE screen carries `webPaths` (docs/decisions/003).
 */
export const payoutPaths = {
  start: (slug: string) => `${s(slug)}/payout`,
  amount: (slug: string) => `${s(slug)}/payout/amount`,
  callback: (slug: string) => `${s(slug)}/payout/callback`,
  success: (slug: string) => `${s(slug)}/payout/success`,
  failed: (slug: string) => `${s(slug)}/payout/failed`,
  cancelled: (slug: string) => `${s(slug)}/payout/cancelled`,
  alreadyRegistered: (slug: string) => `${s(slug)}/payout/alreadyregistered`,
  noBalance: (slug: string) => `${s(slug)}/payout/nobalance`,
  insufficientBalance: (slug: string) => `${s(slug)}/payout/unsufficientbalance`,
};

export const identifyPaths = {
  start: (slug: string) => `${s(slug)}/identify`,
  provider: (slug: string) => `${s(slug)}/identify/provider`,
  callback: (slug: string) => `${s(slug)}/identify/callback`,
  success: (slug: string) => `${s(slug)}/identify/success`,
  failed: (slug: string) => `${s(slug)}/identify/failed`,
};
