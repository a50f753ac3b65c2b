import { Redirect } from 'wouter';
import { visaRoutes } from '@tessera/contracts';
import { FlowScreens, type FlowScreen } from '../../components/FlowScreens/FlowScreens';
import { ActivateScreen } from './ActivateScreen';
import { CodeScreen } from './CodeScreen';
import { PasscodeScreen } from './PasscodeScreen';
import { ReviewScreen } from './ReviewScreen';
import { PinScreen } from './PinScreen';
import { SuccessScreen } from './SuccessScreen';
import { FailedScreen } from './FailedScreen';
import { AccountScreen } from './AccountScreen';
import { ResetRequestScreen } from './ResetRequestScreen';
import { DetailsScreen } from './DetailsScreen';

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
 * relative to it. One lazy chunk of its own (src/app/routes.tsx). /:slug/visa itself goes to
 * activate.
 */
export default function VisaFlow() {
  return <FlowScreens screens={screens} />;
}
