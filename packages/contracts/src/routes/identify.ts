import { flowRoutes, flowSegments } from './flowRoutes.js';

/** The IDENTIFY screens (spec §2.7), under `/:slug/identify` (also mounted as `Identify`). */
export const identifyRoutes = /* @__PURE__ */ flowRoutes(flowSegments.IDENTIFY, {
  start: '',
  provider: 'provider',
  callback: 'callback',
  success: 'success',
  failed: 'failed',
});
