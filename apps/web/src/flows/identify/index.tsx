import { identifyRoutes } from '@tessera/contracts';
import { FlowScreens, type FlowScreen } from '../../components/FlowScreens/FlowScreens';
import { ProviderScreen, CallbackScreen, SuccessScreen, FailedScreen, preloadLaterScreens } from './lazyScreens';
import { StartScreen } from './StartScreen';

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
 * A lazy chunk of its own with the first screen; the others follow in a second one (lazyScreens.ts).
 */
export default function IdentifyFlow() {
  return <FlowScreens screens={screens} preloadLater={preloadLaterScreens} />;
}
