import { preloadableChunk } from '../../lib/preloadable';

/**
 * The VISA screens after the activation form, in one chunk (laterScreens.ts), so the first screen
 * carries only what it shows (docs/decisions/003). The flow starts loading them
 * at the cardholder's first interaction, and a navigation waits for a screen on its way
 * (lib/router.ts), so the next screen appears without a "Loading…" in between. A page that starts
 * on one of them (a reload, the bank's return) hydrates it once the chunk is here.
 */
const later = preloadableChunk(() => import('./laterScreens'), [
  'CodeScreen',
  'PasscodeScreen',
  'ReviewScreen',
  'PinScreen',
  'SuccessScreen',
  'FailedScreen',
  'AccountScreen',
  'ResetRequestScreen',
  'DetailsScreen',
]);

export const { CodeScreen, PasscodeScreen, ReviewScreen, PinScreen, SuccessScreen, FailedScreen, AccountScreen, ResetRequestScreen, DetailsScreen } = later;

/** Starts loading every later screen; settles when they can render without suspending. */
export const preloadLaterScreens = later.preloadAll;
