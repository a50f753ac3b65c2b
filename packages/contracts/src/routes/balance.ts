import { flowRoutes, flowSegments } from './flowRoutes.js';

/** The BALANCE screens (docs/product/balance.md#screens), under `/:slug/balance`. */
export const balanceRoutes = /* @__PURE__ */ flowRoutes(flowSegments.BALANCE, {
  start: '',
  amount: 'amount',
  error: 'error',
  embed: 'embed/balance/*',
});
