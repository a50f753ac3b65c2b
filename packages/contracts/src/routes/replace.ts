import { flowRoutes, flowSegments } from './flowRoutes.js';

/** The REPLACE screens (spec §2.4), under `/:slug/replace`. */
export const replaceRoutes = /* @__PURE__ */ flowRoutes(flowSegments.REPLACE, {
  start: '',
  email: 'email',
  success: 'success',
  error: 'error',
});
