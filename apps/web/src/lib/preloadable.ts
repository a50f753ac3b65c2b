import { createElement, lazy, type ComponentType } from 'react';

export type Preloadable<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/** Screen loads under way: a navigation waits for them (screensArriving, lib/router.ts). */
const arriving = new Set<Promise<unknown>>();

/**
 * Settles once every screen load under way has settled; null when none is. A navigation that
 * waits for it renders its screen at once instead of suspending and showing "Loading…".
 */
export function screensArriving(): Promise<void> | null {
  if (arriving.size === 0) return null;
  return Promise.allSettled([...arriving]).then(() => undefined);
}

/**
 * A screen loaded on demand that, once its module has arrived, renders at once. React.lazy
 * suspends on its first render even when the module is already loaded (its promise settles a
 * microtask later), and React shows the Suspense fallback, "Loading…", for at least ~300 ms: the
 * screen after a lookup flashed it although it was prefetched. `preload()` starts the
 * load (once: a failed load stays failed, as with React.lazy, and the error boundary shows it) and
 * settles when the screen can render without suspending. Props pass through.
 */
export function preloadable<P extends object = object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    if (!loading) {
      loading = load().then((screen) => (loaded = screen));
      const tracked = loading.finally(() => arriving.delete(tracked));
      arriving.add(tracked);
      tracked.catch(() => undefined);
    }
    return loading;
  };
  const Lazy = lazy(() => preload().then((screen) => ({ default: screen })));
  const Screen = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Screen, { preload });
}

type PropsOf<C> = C extends ComponentType<infer P> ? (P extends object ? P : object) : never;

/**
 * Screens that arrive together in one chunk (a flow's later screens): one preloadable per name,
 * all from the same import, and `preloadAll`, which starts the chunk and settles when every one of
 * them renders without suspending. The names are listed once, here, so none can be left out of
 * the preload (it would flash "Loading…" on its first showing).
 */
export function preloadableChunk<M, K extends keyof M & string>(
  load: () => Promise<M>,
  names: readonly K[],
): { [N in K]: Preloadable<PropsOf<M[N]>> } & { preloadAll: () => Promise<unknown> } {
  const screens = Object.fromEntries(names.map((name) => [name, preloadable(() => load().then((m) => m[name] as ComponentType<object>))])) as Record<K, Preloadable>;
  const preloadAll = () => Promise.all(names.map((name) => screens[name].preload()));
  return Object.assign(screens, { preloadAll }) as unknown as { [N in K]: Preloadable<PropsOf<M[N]>> } & { preloadAll: () => Promise<unknown> };
}
