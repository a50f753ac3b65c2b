import { flowRoutes, flowSegments } from './flowRoutes.js';

/** The BALANCE screens (spec §2.6), under `/:slug/balance`. */
export const balanceRoutes = /* @__PURE__ */ flowRoutes(flowSegments.BALANCE, {
  start: '',
  amount: 'amount',
  error: 'error',
  embed: 'embed/balance/*',
});
