import { apiRoute } from './apiRoute.js';

/*
 * The calls the first BALANCE screen makes: every flow area's brand theme, stylesheet, texts,
 * captcha key and error report, and the gift card lookup.
 */

/** What every flow area loads: the brand's theme, its stylesheet and its texts. */
export const brandApi = {
  theme: /* @__PURE__ */ apiRoute('/api/theme/:id'),
  customCss: /* @__PURE__ */ apiRoute('/api/css/theme/:id/custom.css'),
  /** With the query `{ culture }`. */
  translations: /* @__PURE__ */ apiRoute('/api/translations/:slug'),
};

export const utilityApi = {
  captchaKey: /* @__PURE__ */ apiRoute('/api/Utility/Recaptcha'),
  errorReport: /* @__PURE__ */ apiRoute('/api/Utility/Error'),
};

/** The gift card lookup of BALANCE and IDENTIFY (the flow named by x-flow-type). */
export const giftCardApi = {
  lookup: /* @__PURE__ */ apiRoute('/api/GiftCard/'),
};

/** A brand's stored images (logo, header, poster), linked from its theme; the web app never builds these. */
export const brandAssetApi = {
  asset: /* @__PURE__ */ apiRoute('/api/assets/:slug/:name'),
};
