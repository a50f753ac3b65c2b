import { flowRoutes, flowSegments } from './flowRoutes.js';

/**
 * The VISA screens (docs/product/visa.md#screens), under `/:slug/visa`: activation (`activate…`)
 * and the account login with its passcode reset (`account…`). The area itself goes to `activate`.
 */
export const visaRoutes = /* @__PURE__ */ flowRoutes(flowSegments.VISA, {
  start: '',
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
});
