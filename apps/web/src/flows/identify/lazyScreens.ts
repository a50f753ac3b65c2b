import { preloadable } from '../../lib/preloadable';

/**
 * The IDENTIFY screens after the card lookup, in one chunk (laterScreens.ts), so the first screen
 * carries only what it shows (issue 10: the first screen's script). The flow starts loading them
 * at the cardholder's first interaction, and a navigation waits for a screen on its way
 * (lib/router.ts), so the next screen appears without a "Loading…" in between. A page that starts
 * on one of them (a reload, the bank's return) hydrates it once the chunk is here.
 */
const later = () => import('./laterScreens');

export const ProviderScreen = preloadable(() => later().then((m) => m.ProviderScreen));
export const CallbackScreen = preloadable(() => later().then((m) => m.CallbackScreen));
export const SuccessScreen = preloadable(() => later().then((m) => m.SuccessScreen));
export const FailedScreen = preloadable(() => later().then((m) => m.FailedScreen));

/** Starts loading every later screen; settles when they can render without suspending. */
export function preloadLaterScreens(): Promise<unknown> {
  return Promise.all([ProviderScreen.preload(), CallbackScreen.preload(), SuccessScreen.preload(), FailedScreen.preload()]);
}
