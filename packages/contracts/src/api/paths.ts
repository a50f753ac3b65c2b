/**
 * The API's paths, each declared once as its Fastify route pattern (`/api/recovery/:themeCode/`)
 * with a builder that fills the parameters: the server registers `resetApi.recovery.pattern`, the
 * web app and the tests call `resetApi.recovery.build({ themeCode })`. One export per group of
 * calls, each group in a module of its own (paths/<group>.ts; the first BALANCE screen's calls in
 * portal.ts): one object's unused members are not tree-shaken, and a module goes whole into the
 * chunk of the first screen that uses it (docs/decisions/003).
 */

export { apiRoute, type ApiParamName, type ApiParams, type ApiQuery, type ApiRoute } from './paths/apiRoute.js';

export { brandApi, brandAssetApi, utilityApi, giftCardApi } from './paths/portal.js';
export { resetApi } from './paths/reset.js';
export { replaceApi } from './paths/replace.js';
export { visaApi } from './paths/visa.js';
export { payoutApi } from './paths/payout.js';
export { identityApi } from './paths/identity.js';
export { demoApi } from './paths/demo.js';
export { cardApi } from './paths/cards.js';
