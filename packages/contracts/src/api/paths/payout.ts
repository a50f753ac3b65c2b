import { apiRoute } from './apiRoute.js';

export const payoutApi = {
  lookup: /* @__PURE__ */ apiRoute('/api/Payout/'),
};
