import { preloadableChunk } from '../../lib/preloadable';

/**
 * The PAYOUT screens after the card lookup, in one chunk (laterScreens.ts), so the first screen
 * carries only what it shows (docs/decisions/003). The flow starts loading them
 * at the cardholder's first interaction, and a navigation waits for a screen on its way
 * (lib/router.ts), so the next screen appears without a "Loading…" in between. A page that starts
 * on one of them (a reload, the bank's return) hydrates it once the chunk is here.
 */
const later = preloadableChunk(() => import('./laterScreens'), [
  'AmountScreen',
  'CallbackScreen',
  'SuccessScreen',
  'FailedScreen',
  'CancelledScreen',
  'AlreadyRegisteredScreen',
  'NoBalanceScreen',
  'InsufficientBalanceScreen',
]);

export const { AmountScreen, CallbackScreen, SuccessScreen, FailedScreen, CancelledScreen, AlreadyRegisteredScreen, NoBalanceScreen, InsufficientBalanceScreen } = later;

/** Starts loading every later screen; settles when they can render without suspending. */
export const preloadLaterScreens = later.preloadAll;
