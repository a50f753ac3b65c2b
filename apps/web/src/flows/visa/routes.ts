/**
 * Route patterns inside the VISA area, relative to `/:slug/visa` (spec §2.3). Contracts'
 * `webPaths.visa` names only the two starts, so the rest is spelled here, once.
 */
export const visaRoutes = {
  activate: 'activate',
  activateOtc: 'activate/otc',
  activateSecurity: 'activate/security',
  activateReview: 'activate/review',
  activatePin: 'activate/pin',
  activateSuccess: 'activate/success',
  activateFailed: 'activate/failed',
  account: 'account',
  accountReset: 'account/reset',
  accountResetOtc: 'account/reset/otc',
  accountResetSecurity: 'account/reset/security',
  accountDetails: 'account/details',
} as const;

export type VisaRoute = keyof typeof visaRoutes;

/** The absolute path of a VISA screen for a brand. */
export function visaPath(slug: string, route: VisaRoute): string {
  return `/${encodeURIComponent(slug)}/visa/${visaRoutes[route]}`;
}
