import { replaceRoutes } from '@tessera/contracts';
import { FlowScreens, type FlowScreen } from '../../components/FlowScreens/FlowScreens';
import { StartScreen } from './StartScreen';
import { EmailScreen } from './EmailScreen';
import { SuccessScreen } from './SuccessScreen';
import { ErrorScreen } from './ErrorScreen';

const screens: readonly FlowScreen[] = [
  [replaceRoutes.start, StartScreen],
  [replaceRoutes.email, EmailScreen],
  [replaceRoutes.success, SuccessScreen],
  [replaceRoutes.error, ErrorScreen],
];

/**
 * REPLACE flow (docs/product/replace.md#screens), mounted (nested) at /:slug/replace: paths here
 * are relative to it. The whole flow is one lazy chunk of its own (src/app/routes.tsx), outside the
 * first BALANCE screen.
 */
export default function ReplaceFlow() {
  return <FlowScreens screens={screens} />;
}
