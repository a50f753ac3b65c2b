import { lazy, useEffect } from 'react';
import { balanceRoutes } from '@tessera/contracts';
import { FlowScreens, type FlowScreen } from '../../components/FlowScreens/FlowScreens';
import { LookupScreen } from './LookupScreen';
import { ErrorScreen } from './ErrorScreen';

/**
 * Screens after the lookup (and the embed, which is a page of its own) load on demand, so the
 * first BALANCE screen carries only the lookup form; the flow prefetches them once it is shown,
 * so moving on to the balance does not wait on the network. FlowArea's Suspense covers the load.
 */
const loadAmountScreen = () => import('./AmountScreen').then((m) => ({ default: m.AmountScreen }));
const AmountScreen = lazy(loadAmountScreen);
const EmbedScreen = lazy(() => import('./EmbedScreen').then((m) => ({ default: m.EmbedScreen })));

const screens: readonly FlowScreen[] = [
  [balanceRoutes.start, LookupScreen],
  [balanceRoutes.amount, AmountScreen],
  [balanceRoutes.error, ErrorScreen],
  [balanceRoutes.embed, EmbedScreen],
];

/** BALANCE flow (docs/product/balance.md#screens), mounted (nested) at /:slug/balance. */
export default function BalanceFlow() {
  useEffect(() => {
    void loadAmountScreen();
  }, []);
  return <FlowScreens screens={screens} />;
}
