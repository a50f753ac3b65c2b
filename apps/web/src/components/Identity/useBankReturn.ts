import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { useNavigate } from '../../lib/router';
import { useRequiredFlowContext } from '../../lib/theme/FlowContext';

/** The way back from the bank, as the callback screen's address and flow give it. */
export interface BankReturn {
  slug: string;
  themeCode: string;
  state: string | null;
  sessionId: string | null;
}

/** The returns a flow has handled so far, by brand and state id, each with its outcome to come. */
export type BankReturns<Outcome> = Map<string, Promise<Outcome>>;

/**
 * A flow's callback screen: handles the return from the bank, then replaces itself with the
 * screen the outcome leads to. One customer call per return, whatever React does with the screen:
 * StrictMode mounts effects twice, and a second mount must neither read the (already removed)
 * entry again nor register or pay twice. Keyed by the state id; the server refuses a second spend
 * of the session anyway. `handle` and `pathOf` are the flow's own, defined once (module level).
 */
export function useBankReturn<Outcome extends string>(
  returns: BankReturns<Outcome>,
  handle: (bankReturn: BankReturn) => Promise<Outcome>,
  pathOf: Readonly<Record<Outcome, (slug: string) => string>>,
): void {
  const { slug, theme } = useRequiredFlowContext();
  const search = useSearch();
  const navigate = useNavigate();

  useEffect(() => {
    const params = new URLSearchParams(search);
    const state = params.get('state');
    const key = `${slug}:${state ?? ''}`;
    let handling = returns.get(key);
    if (!handling) {
      handling = handle({ slug, themeCode: theme.code, state, sessionId: params.get('sessionId') });
      if (state) returns.set(key, handling);
    }
    let active = true;
    void handling.then((outcome) => {
      if (active) navigate(pathOf[outcome](slug), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [search, slug, theme.code, navigate, returns, handle, pathOf]);
}
