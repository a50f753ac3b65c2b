import { apiRoute } from './apiRoute.js';

export const replaceApi = {
  lookup: /* @__PURE__ */ apiRoute('/api/ReplaceCard/'),
  replace: /* @__PURE__ */ apiRoute('/api/replacecard/:themeCode/replace'),
};
