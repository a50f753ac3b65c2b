/** The API's paths, built in one place so the web app and tests never spell them by hand. */
const enc = encodeURIComponent;

export const apiPaths = {
  theme: (id: string) => `/api/theme/${enc(id)}`,
  customCss: (id: string) => `/api/css/theme/${enc(id)}/custom.css`,
  translations: (slug: string, culture: string) => `/api/translations/${enc(slug)}?culture=${enc(culture)}`,
  captchaKey: () => '/api/Utility/Recaptcha',
  errorReport: () => '/api/Utility/Error',
  giftCard: () => '/api/GiftCard/',
  demoBrands: () => '/api/demo/brands',
} as const;
