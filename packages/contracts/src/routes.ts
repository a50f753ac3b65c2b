import { appPaths } from './routes/flowRoutes.js';
import { resetRoutes } from './routes/reset.js';

/**
 * The web app's routes (spec §2.1): each flow declares its screens once, in routes/<flow>.ts, as
 * patterns for its area's route table that also build the links (`payoutRoutes.amount.path(slug)`).
 */
export { flowRoutes, flowSegments, flowSegmentAliases, appPaths, type FlowRoute, type FlowRoutes } from './routes/flowRoutes.js';
export { balanceRoutes } from './routes/balance.js';
export { resetRoutes };
export { replaceRoutes } from './routes/replace.js';
export { visaRoutes } from './routes/visa.js';
export { payoutRoutes } from './routes/payout.js';
export { identifyRoutes } from './routes/identify.js';

/**
 * @deprecated Use `resetRoutes.start.path` and `appPaths.callback`. The web app no longer uses it;
 * it is kept, with only the members the server calls, until the server moves over
 * (services/lookup-gift-card.ts and issue-recovery-code.ts: resetUrl; start-identity-session.ts).
 */
export const webPaths = {
  reset: { start: (slug: string) => resetRoutes.start.path(slug) },
  callback: () => appPaths.callback,
} as const;
