/** The screens after the first one, in one chunk of their own (lazyScreens.ts loads it). */
export { ProviderScreen } from './ProviderScreen';
export { CallbackScreen } from './CallbackScreen';
export { SuccessScreen } from './SuccessScreen';
export { FailedScreen } from './FailedScreen';
