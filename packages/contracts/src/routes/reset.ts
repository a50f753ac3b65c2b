import { flowRoutes, flowSegments } from './flowRoutes.js';

/**
 * The RESET screens (docs/product/reset.md#screens), under `/:slug/reset`. The server links to
 * `start` (resetUrl).
 */
export const resetRoutes = /* @__PURE__ */ flowRoutes(flowSegments.RESET, {
  start: '',
  success: 'success',
  error: 'error',
});
