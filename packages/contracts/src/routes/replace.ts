import { flowRoutes, flowSegments } from './flowRoutes.js';

/** The REPLACE screens (docs/product/replace.md#screens), under `/:slug/replace`. */
export const replaceRoutes = /* @__PURE__ */ flowRoutes(flowSegments.REPLACE, {
  start: '',
  email: 'email',
  success: 'success',
  error: 'error',
});
