/** The screens after the first one, in one chunk of their own (lazyScreens.ts loads it). */
export { AmountScreen } from './AmountScreen';
export { CallbackScreen } from './CallbackScreen';
export { SuccessScreen } from './SuccessScreen';
export { FailedScreen } from './FailedScreen';
export { CancelledScreen } from './CancelledScreen';
export { AlreadyRegisteredScreen } from './AlreadyRegisteredScreen';
export { NoBalanceScreen } from './NoBalanceScreen';
export { InsufficientBalanceScreen } from './InsufficientBalanceScreen';
