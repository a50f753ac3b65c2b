import { apiRoute } from './apiRoute.js';

/** Demo mode only: the demo home page's brands and the outbox of sent messages. */
export const demoApi = {
  brands: /* @__PURE__ */ apiRoute('/api/demo/brands'),
  outbox: /* @__PURE__ */ apiRoute('/dev/outbox'),
};
