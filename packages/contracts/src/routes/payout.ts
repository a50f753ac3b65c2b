import { flowRoutes, flowSegments } from './flowRoutes.js';

/**
 * The PAYOUT screens (docs/product/payout.md#screens), under `/:slug/payout`; the spec spells
 * `unsufficientbalance`.
 */
export const payoutRoutes = /* @__PURE__ */ flowRoutes(flowSegments.PAYOUT, {
  start: '',
  amount: 'amount',
  callback: 'callback',
  success: 'success',
  failed: 'failed',
  cancelled: 'cancelled',
  alreadyRegistered: 'alreadyregistered',
  noBalance: 'nobalance',
  insufficientBalance: 'unsufficientbalance',
});
