/** The API's paths, built in one place so the web app and tests never spell them by hand. */
const enc = encodeURIComponent;

export const apiPaths = {
  theme: (id: string) => `/api/theme/${enc(id)}`,
  customCss: (id: string) => `/api/css/theme/${enc(id)}/custom.css`,
  translations: (slug: string, culture: string) => `/api/translations/${enc(slug)}?culture=${enc(culture)}`,
  captchaKey: () => '/api/Utility/Recaptcha',
  errorReport: () => '/api/Utility/Error',
  giftCard: () => '/api/GiftCard/',
  recovery: (themeCode: string) => `/api/recovery/${enc(themeCode)}/`,
  replaceCardLookup: () => '/api/ReplaceCard/',
  replaceCard: (themeCode: string) => `/api/replacecard/${enc(themeCode)}/replace`,
  requestActivationCode: (themeCode: string) => `/api/visa/RequestActivationCode/${enc(themeCode)}`,
  useActivationCode: (themeCode: string) => `/api/visa/UseActivationCode/${enc(themeCode)}/`,
  updateHolderInformation: (themeCode: string) => `/api/visa/UpdateHolderInformation/${enc(themeCode)}/`,
  getHolderInformation: (themeCode: string) => `/api/visa/GetHolderInformation/${enc(themeCode)}/`,
  getPin: (themeCode: string) => `/api/visa/getPin/${enc(themeCode)}`,
  requestRecovery: (themeCode: string) => `/api/visa/requestrecovery/${enc(themeCode)}`,
  useRecovery: (themeCode: string) => `/api/visa/userecovery/${enc(themeCode)}/`,
  devOutbox: () => '/dev/outbox',
  demoBrands: () => '/api/demo/brands',
} as const;

/** PAYOUT and IDENTIFY calls; apart from `apiPaths` so the first BALANCE screen does not carry them. */
export const identityApiPaths = {
  payoutLookup: () => '/api/Payout/',
  identityProviders: (themeCode: string) => `/api/Authentication/${enc(themeCode)}/providers`,
  identitySession: (themeCode: string) => `/api/Authentication/${enc(themeCode)}/session`,
  payoutCustomer: (themeCode: string) => `/api/Authentication/${enc(themeCode)}/customer`,
  identifyCustomer: (slug: string, sessionId: string) => `/api/Authentication/${enc(slug)}/customer?sessionId=${enc(sessionId)}`,
  /** The server's own return endpoint: the redirect URI registered at the identity provider. */
  identityReturn: () => '/api/Authentication/return',
} as const;
