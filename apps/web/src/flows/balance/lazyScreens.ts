import { preloadable } from '../../lib/preloadable';

/**
 * The screen after the lookup, in a chunk of its own so the first BALANCE screen carries only the
 * lookup form. The flow preloads it once it is shown, and the lookup waits for it before moving
 * on, so the balance appears without a "Loading…" in between (lib/preloadable.ts).
 */
export const AmountScreen = preloadable(() => import('./AmountScreen').then((m) => m.AmountScreen));
