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

/** Document title = screen + brand name (brand alone when no screen is given). */
export function useDocumentTitle(screen: string | null | undefined): void {
  const brand = useContext(FlowContext)?.theme.name;
  useEffect(() => {
    const parts = [screen, brand].filter(Boolean);
    if (parts.length) document.title = parts.join(' | ');
  }, [screen, brand]);
}
