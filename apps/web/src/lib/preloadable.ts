import { createElement, lazy, type ComponentType } from 'react';

export type Preloadable = ComponentType & { preload: () => Promise<unknown> };

/**
 * A screen loaded on demand that, once its module has arrived, renders at once. React.lazy
 * suspends on its first render even when the module is already loaded (its promise settles a
 * microtask later), and React shows the Suspense fallback, "Loading…", for at least ~300 ms: the
 * screen after a lookup flashed it although it was prefetched (issue 10). `preload()` starts the
 * load (once: a failed load stays failed, as with React.lazy, and the error boundary shows it) and
 * settles when the screen can render without suspending.
 */
export function preloadable(load: () => Promise<ComponentType>): Preloadable {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => (loading ??= load().then((screen) => (loaded = screen)));
  const Lazy = lazy(() => preload().then((screen) => ({ default: screen })));
  return Object.assign(() => createElement(loaded ?? Lazy), { preload });
}
