import { apiRoute } from './apiRoute.js';

/** The bank identification of PAYOUT and IDENTIFY. */
export const identityApi = {
  providers: /* @__PURE__ */ apiRoute('/api/Authentication/:themeCode/providers'),
  session: /* @__PURE__ */ apiRoute('/api/Authentication/:themeCode/session'),
  /**
   * PAYOUT names the brand by its code; IDENTIFY by its slug, with the query `{ sessionId }`.
   */
  customer: /* @__PURE__ */ apiRoute('/api/Authentication/:themeCode/customer'),
  /** The server's own return endpoint: the redirect URI registered at the identity provider. */
  return: /* @__PURE__ */ apiRoute('/api/Authentication/return'),
};
