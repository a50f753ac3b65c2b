import { apiRoute } from './apiRoute.js';

export const resetApi = {
  recovery: /* @__PURE__ */ apiRoute('/api/recovery/:themeCode/'),
};
