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
  reset: { start: (slug: string) => `${s(slug)}/reset` },
  visa: { activate: (slug: string) => `${s(slug)}/visa/activate`, account: (slug: string) => `${s(slug)}/visa/account` },
  replace: { start: (slug: string) => `${s(slug)}/replace` },
  payout: { start: (slug: string) => `${s(slug)}/payout` },
  identify: { start: (slug: string) => `${s(slug)}/identify` },
  callback: () => '/callback',
} as const;
