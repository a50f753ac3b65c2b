import { preloadable } from '../../lib/preloadable';

/**
 * The VISA screens after the activation form, in one chunk (laterScreens.ts), so the first screen
 * carries only what it shows (issue 10: the first screen's script). The flow starts loading them
 * at the cardholder's first interaction, and a navigation waits for a screen on its way
 * (lib/router.ts), so the next screen appears without a "Loading…" in between. A page that starts
 * on one of them (a reload, the bank's return) hydrates it once the chunk is here.
 */
const later = () => import('./laterScreens');

export const CodeScreen = preloadable(() => later().then((m) => m.CodeScreen));
export const PasscodeScreen = preloadable(() => later().then((m) => m.PasscodeScreen));
export const ReviewScreen = preloadable(() => later().then((m) => m.ReviewScreen));
export const PinScreen = preloadable(() => later().then((m) => m.PinScreen));
export const SuccessScreen = preloadable(() => later().then((m) => m.SuccessScreen));
export const FailedScreen = preloadable(() => later().then((m) => m.FailedScreen));
export const AccountScreen = preloadable(() => later().then((m) => m.AccountScreen));
export const ResetRequestScreen = preloadable(() => later().then((m) => m.ResetRequestScreen));
export const DetailsScreen = preloadable(() => later().then((m) => m.DetailsScreen));

/** Starts loading every later screen; settles when they can render without suspending. */
export function preloadLaterScreens(): Promise<unknown> {
  return Promise.all([CodeScreen.preload(), PasscodeScreen.preload(), ReviewScreen.preload(), PinScreen.preload(), SuccessScreen.preload(), FailedScreen.preload(), AccountScreen.preload(), ResetRequestScreen.preload(), DetailsScreen.preload()]);
}
