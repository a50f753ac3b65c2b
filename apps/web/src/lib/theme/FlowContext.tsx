import { createContext, useContext, useEffect } from 'react';
import type { FlowCode, PageAvailability, Theme } from '@tessera/contracts';

export interface FlowContextValue {
  slug: string;
  flow: FlowCode;
  theme: Theme;
  availability: PageAvailability | undefined;
  /** Languages the flow offers (docs/product/README.md#flows); never empty. */
  languages: readonly string[];
}

export const FlowContext = createContext<FlowContextValue | null>(null);

/** The theme and flow around the current screen, or null outside a flow area. */
export function useFlowContext(): FlowContextValue | null {
  return useContext(FlowContext);
}

export function useRequiredFlowContext(): FlowContextValue {
  const value = useContext(FlowContext);
  if (!value) throw new Error('useRequiredFlowContext used outside a flow area');
  return value;
}

// The document title is the screen's title, prefixed ("Error: ") while an error summary shows
// (WCAG 3.3.1, the GOV.UK error summary pattern). Both parts are kept here, so the title and the
// prefix can change in either order (a language switch changes both).
let titleBase = typeof document === 'undefined' ? '' : document.title;
let titlePrefix = '';

/** Sets the prefix (when given) and writes the document title. */
export function setTitlePrefix(prefix = titlePrefix): void {
  titlePrefix = prefix;
  document.title = titlePrefix + titleBase;
}

/** Where a server render collects the page's title (entry-server.tsx); absent in the browser. */
export const ServerHeadContext = createContext<{ title: string } | null>(null);

/** Document title = screen + brand name (brand alone when no screen is given). */
export function useDocumentTitle(screen: string | null | undefined): void {
  const brand = useContext(FlowContext)?.theme.name;
  const serverHead = useContext(ServerHeadContext);
  if (serverHead) serverHead.title = [screen, brand].filter(Boolean).join(' | ') || serverHead.title;
  useEffect(() => {
    // Neither known (yet): the title stays as it was.
    titleBase = [screen, brand].filter(Boolean).join(' | ') || titleBase;
    setTitlePrefix();
  }, [screen, brand]);
}
