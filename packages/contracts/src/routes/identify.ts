import { flowRoutes, flowSegments } from './flowRoutes.js';

/**
 * The IDENTIFY screens (docs/product/identify.md#screens), under `/:slug/identify` (also mounted as
 * `Identify`).
 */
export const identifyRoutes = /* @__PURE__ */ flowRoutes(flowSegments.IDENTIFY, {
  start: '',
  provider: 'provider',
  callback: 'callback',
  success: 'success',
  failed: 'failed',
});
