import { identifyRoutes } from '@tessera/contracts';
import { FlowScreens, type FlowScreen } from '../../components/FlowScreens/FlowScreens';
import { StartScreen } from './StartScreen';
import { ProviderScreen } from './ProviderScreen';
import { CallbackScreen } from './CallbackScreen';
import { SuccessScreen } from './SuccessScreen';
import { FailedScreen } from './FailedScreen';

const screens: readonly FlowScreen[] = [
  [identifyRoutes.start, StartScreen],
  [identifyRoutes.provider, ProviderScreen],
  [identifyRoutes.callback, CallbackScreen],
  [identifyRoutes.success, SuccessScreen],
  [identifyRoutes.failed, FailedScreen],
];

/**
 * IDENTIFY flow (docs/product/identify.md#screens), mounted (nested) at /:slug/identify and
 * /:slug/Identify: paths here are relative to it; screens link with identifyRoutes (/…/identify/…).
 * One lazy chunk of its own.
 */
export default function IdentifyFlow() {
  return <FlowScreens screens={screens} />;
}
