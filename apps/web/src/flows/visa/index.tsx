import { Redirect } from 'wouter';
import { visaRoutes } from '@tessera/contracts';
import { FlowScreens, type FlowScreen } from '../../components/FlowScreens/FlowScreens';
import { CodeScreen, PasscodeScreen, ReviewScreen, PinScreen, SuccessScreen, FailedScreen, AccountScreen, ResetRequestScreen, DetailsScreen, preloadLaterScreens } from './lazyScreens';
import { ActivateScreen } from './ActivateScreen';

const screens: readonly FlowScreen[] = [
  // Relative to the area, as every path here.
  [visaRoutes.start, <Redirect to={`/${visaRoutes.activate.pattern}`} replace />],
  [visaRoutes.activate, ActivateScreen],
  [visaRoutes.activateOtc, <CodeScreen variant="activation" />],
  [visaRoutes.activateSecurity, <PasscodeScreen variant="activation" />],
  [visaRoutes.activateReview, ReviewScreen],
  [visaRoutes.activatePin, PinScreen],
  [visaRoutes.activateSuccess, SuccessScreen],
  [visaRoutes.activateFailed, FailedScreen],
  [visaRoutes.account, AccountScreen],
  [visaRoutes.accountReset, ResetRequestScreen],
  [visaRoutes.accountResetOtc, <CodeScreen variant="recovery" />],
  [visaRoutes.accountResetSecurity, <PasscodeScreen variant="recovery" />],
  [visaRoutes.accountDetails, DetailsScreen],
];

/**
 * VISA flow (docs/product/visa.md#screens), mounted (nested) at /:slug/visa: paths here are
 * relative to it. A lazy chunk of its own (src/app/routes.tsx) with the first screen; the others
 * follow in a second one (lazyScreens.ts). /:slug/visa itself goes to activate.
 */
export default function VisaFlow() {
  return <FlowScreens screens={screens} preloadLater={preloadLaterScreens} />;
}
