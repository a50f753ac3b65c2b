import type { FlowCode } from '../flows.js';
import { balanceRoutes } from './balance.js';
import type { FlowRoute } from './flowRoutes.js';
import { identifyRoutes } from './identify.js';
import { payoutRoutes } from './payout.js';
import { replaceRoutes } from './replace.js';
import { resetRoutes } from './reset.js';
import { visaRoutes } from './visa.js';

/**
 * Each flow's route table, by flow code: the screens the web app mounts (docs/decisions/016), for
 * the server to answer 404 for a page the web app would not show. A new flow without an entry
 * here fails the typecheck; a new screen in a flow's table needs nothing here.
 */
export const flowScreens: Record<FlowCode, Readonly<Record<string, FlowRoute>>> = {
  BALANCE: balanceRoutes,
  VISA: visaRoutes,
  REPLACE: replaceRoutes,
  PAYOUT: payoutRoutes,
  IDENTIFY: identifyRoutes,
  RESET: resetRoutes,
};
