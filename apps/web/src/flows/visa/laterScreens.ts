/** The screens after the first one, in one chunk of their own (lazyScreens.ts loads it). */
export { CodeScreen } from './CodeScreen';
export { PasscodeScreen } from './PasscodeScreen';
export { ReviewScreen } from './ReviewScreen';
export { PinScreen } from './PinScreen';
export { SuccessScreen } from './SuccessScreen';
export { FailedScreen } from './FailedScreen';
export { AccountScreen } from './AccountScreen';
export { ResetRequestScreen } from './ResetRequestScreen';
export { DetailsScreen } from './DetailsScreen';
