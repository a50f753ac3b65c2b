import { createContext, use, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { TFunction, Translator } from './translator';

const TranslatorContext = createContext<Translator | null>(null);

export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

/**
 * The translator and its `t` for a component: re-renders it when the language or the texts
 * change, and suspends it while the shown language's texts are on their way (the page's Suspense
 * boundary shows nothing meanwhile, as before with react-i18next).
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation outside a TranslatorProvider');
  const version = useSyncExternalStore(translator.subscribe, translator.getVersion, translator.getVersion);
  // A new `t` whenever the texts change, so memos and effects that depend on it run again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo<TFunction>(() => (key, options) => translator.t(key, options), [translator, version]);
  if (!translator.ready) use(translator.whenReady());
  return { t, i18n: translator };
}
