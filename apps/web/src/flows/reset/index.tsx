import { resetRoutes } from '@tessera/contracts';
import { FlowScreens, type FlowScreen } from '../../components/FlowScreens/FlowScreens';
import { StartScreen } from './StartScreen';
import { SuccessScreen } from './SuccessScreen';
import { ErrorScreen } from './ErrorScreen';

const screens: readonly FlowScreen[] = [
  [resetRoutes.start, StartScreen],
  [resetRoutes.success, <SuccessScreen />],
  [resetRoutes.error, ErrorScreen],
];

/**
 * RESET flow (docs/product/reset.md#screens), mounted (nested) at /:slug/reset: paths here are
 * relative to it. The whole flow is one lazy chunk of its own (src/app/routes.tsx), outside the
 * first BALANCE screen.
 */
export default function ResetFlow() {
  return <FlowScreens screens={screens} />;
}
