import { lazy } from 'react';
import { balanceRoutes } from '@tessera/contracts';
import { FlowScreens, type FlowScreen } from '../../components/FlowScreens/FlowScreens';
import { LookupScreen } from './LookupScreen';
import { ErrorScreen } from './ErrorScreen';
import { AmountScreen } from './lazyScreens';

/**
 * The embed is a page of its own and loads on demand (FlowArea's Suspense covers the load); the
 * amount screen too, preloaded once the cardholder has started on the form (lazyScreens.ts): long
 * before a lookup can answer, and not while the first screen loads.
 */
const EmbedScreen = lazy(() => import('./EmbedScreen').then((m) => ({ default: m.EmbedScreen })));

const screens: readonly FlowScreen[] = [
  [balanceRoutes.start, LookupScreen],
  [balanceRoutes.amount, AmountScreen],
  [balanceRoutes.error, ErrorScreen],
  [balanceRoutes.embed, EmbedScreen],
];

/** BALANCE flow (docs/product/balance.md#screens), mounted (nested) at /:slug/balance. */
export default function BalanceFlow() {
  return <FlowScreens screens={screens} preloadLater={AmountScreen.preload} />;
}
