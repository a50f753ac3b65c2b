import { payoutRoutes } from '@tessera/contracts';
import { FlowScreens, type FlowScreen } from '../../components/FlowScreens/FlowScreens';
import { AmountScreen, CallbackScreen, SuccessScreen, FailedScreen, CancelledScreen, AlreadyRegisteredScreen, NoBalanceScreen, InsufficientBalanceScreen, preloadLaterScreens } from './lazyScreens';
import { StartScreen } from './StartScreen';

const screens: readonly FlowScreen[] = [
  [payoutRoutes.start, StartScreen],
  [payoutRoutes.amount, AmountScreen],
  [payoutRoutes.callback, CallbackScreen],
  [payoutRoutes.success, SuccessScreen],
  [payoutRoutes.failed, FailedScreen],
  [payoutRoutes.cancelled, CancelledScreen],
  [payoutRoutes.alreadyRegistered, AlreadyRegisteredScreen],
  [payoutRoutes.noBalance, NoBalanceScreen],
  [payoutRoutes.insufficientBalance, InsufficientBalanceScreen],
];

/**
 * PAYOUT flow (docs/product/payout.md#screens), mounted (nested) at /:slug/payout: paths here are
 * relative to it. A lazy chunk of its own (src/app/routes.tsx) with the first screen; the others
 * follow in a second one (lazyScreens.ts).
 */
export default function PayoutFlow() {
  return <FlowScreens screens={screens} preloadLater={preloadLaterScreens} />;
}
