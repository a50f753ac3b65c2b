import { createContext, use, useEffect, useRef, type ReactNode } from 'react';
import { useI18n } from '../i18n';

/** Whether the person has moved from page to page; the first page of a visit keeps the browser's focus. */
const NavigatedContext = createContext(false);
export const NavigatedProvider = NavigatedContext.Provider;

/**
 * A page's one h1. After a navigation it takes focus, so a screen reader reads the new page from
 * its title and the next Tab starts in it, as after a full page load.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  const navigated = use(NavigatedContext);
  const ref = useRef<HTMLHeadingElement>(null);
  const { t } = useI18n();
  const product = t('layout.product');
  useEffect(() => {
    if (navigated) ref.current?.focus();
  }, [navigated]);
  // The tab's title names the page too (WCAG 2.4.2), from the heading's text as shown.
  useEffect(() => {
    document.title = `${ref.current?.textContent ?? ''} · ${product}`;
  });
  return (
    <h1 ref={ref} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
