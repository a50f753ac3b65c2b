/**
 * The web app's routes (docs/product/README.md#routes): each flow declares its screens once, in
 * routes/<flow>.ts, as patterns for its area's route table that also build the links
 * (`payoutRoutes.amount.path(slug)`).
 */
export { flowRoutes, flowSegments, flowSegmentAliases, appPaths, type FlowRoute, type FlowRoutes } from './routes/flowRoutes.js';
export { balanceRoutes } from './routes/balance.js';
export { resetRoutes } from './routes/reset.js';
export { replaceRoutes } from './routes/replace.js';
export { visaRoutes } from './routes/visa.js';
export { payoutRoutes } from './routes/payout.js';
export { identifyRoutes } from './routes/identify.js';

export { flowScreens } from './routes/flowScreens.js';
