import { payoutRoutes } from '@tessera/contracts';
import { FlowScreens, type FlowScreen } from '../../components/FlowScreens/FlowScreens';
import { StartScreen } from './StartScreen';
import { AmountScreen } from './AmountScreen';
import { CallbackScreen } from './CallbackScreen';
import { SuccessScreen } from './SuccessScreen';
import { FailedScreen } from './FailedScreen';
import { CancelledScreen } from './CancelledScreen';
import { AlreadyRegisteredScreen } from './AlreadyRegisteredScreen';
import { NoBalanceScreen } from './NoBalanceScreen';
import { InsufficientBalanceScreen } from './InsufficientBalanceScreen';

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
 * relative to it. The whole flow is one lazy chunk of its own (src/app/routes.tsx), outside the
 * first BALANCE screen.
 */
export default function PayoutFlow() {
  return <FlowScreens screens={screens} />;
}
