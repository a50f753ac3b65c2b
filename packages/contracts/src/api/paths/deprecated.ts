import { brandApi, giftCardApi, utilityApi } from './portal.js';
import { resetApi } from './reset.js';
import { replaceApi } from './replace.js';
import { visaApi } from './visa.js';
import { payoutApi } from './payout.js';
import { identityApi } from './identity.js';
import { demoApi } from './demo.js';

/**
 * @deprecated Use the groups of paths/ (`brandApi.theme.build({ id })`, …). The web app no longer
 * uses it; kept for the server's tests until they move over.
 */
export const apiPaths = {
  theme: (id: string) => brandApi.theme.build({ id }),
  customCss: (id: string) => brandApi.customCss.build({ id }),
  translations: (slug: string, culture: string) => brandApi.translations.build({ slug }, { culture }),
  captchaKey: () => utilityApi.captchaKey.build(),
  errorReport: () => utilityApi.errorReport.build(),
  giftCard: () => giftCardApi.lookup.build(),
  recovery: (themeCode: string) => resetApi.recovery.build({ themeCode }),
  replaceCardLookup: () => replaceApi.lookup.build(),
  replaceCard: (themeCode: string) => replaceApi.replace.build({ themeCode }),
  requestActivationCode: (themeCode: string) => visaApi.requestActivationCode.build({ themeCode }),
  useActivationCode: (themeCode: string) => visaApi.useActivationCode.build({ themeCode }),
  updateHolderInformation: (themeCode: string) => visaApi.updateHolderInformation.build({ themeCode }),
  getHolderInformation: (themeCode: string) => visaApi.getHolderInformation.build({ themeCode }),
  getPin: (themeCode: string) => visaApi.getPin.build({ themeCode }),
  requestRecovery: (themeCode: string) => visaApi.requestRecovery.build({ themeCode }),
  useRecovery: (themeCode: string) => visaApi.useRecovery.build({ themeCode }),
  devOutbox: () => demoApi.outbox.build(),
  demoBrands: () => demoApi.brands.build(),
} as const;

/** @deprecated Use `payoutApi` and `identityApi`. Kept for the server's tests until they move over. */
export const identityApiPaths = {
  payoutLookup: () => payoutApi.lookup.build(),
  identityProviders: (themeCode: string) => identityApi.providers.build({ themeCode }),
  identitySession: (themeCode: string) => identityApi.session.build({ themeCode }),
  payoutCustomer: (themeCode: string) => identityApi.customer.build({ themeCode }),
  identifyCustomer: (slug: string, sessionId: string) => identityApi.customer.build({ themeCode: slug }, { sessionId }),
  identityReturn: () => identityApi.return.build(),
} as const;
