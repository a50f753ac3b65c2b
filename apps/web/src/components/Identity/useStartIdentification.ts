import { useCallback, useEffect, useRef, useState } from 'react';
import { browser } from './browser';
import { isSafeAuthorizationUrl, startIdentitySession, type IdentityCard, type IdentityFlowType } from './identityApi';
import { newStateId, removeIdentityEntry, saveIdentityEntry, type IdentityEntry } from './identityEntry';

export interface StartIdentificationInput {
  themeCode: string;
  flowType: IdentityFlowType;
  /** The iDIN issuer: the bank's BIC. */
  issuer: string;
  /** What the flow's screens show after the bank (identityEntry.ts): nothing secret, it is stored. */
  entry: Omit<IdentityEntry, 'createdAt'>;
  /** The card (and IBAN) for the session call: sent, never stored. */
  card: IdentityCard;
}

/**
 * The iDIN button's action (docs/product/payout.md#callback): a new state id, the flow state stored
 * under it (masked, nothing secret), the session call with the card, then the browser goes to the
 * bank. `pending` stays set while the
 * browser leaves. Failures of the session call are ignored silently
 * (docs/product/payout.md#bank-identity): the stored entry is removed and the button is usable
 * again. When the cardholder comes back from the bank with the browser's back button, a page
 * restored from the back/forward cache gets its button back too.
 */
export function useStartIdentification() {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) {
        busy.current = false;
        setPending(false);
      }
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = useCallback(async ({ themeCode, flowType, issuer, entry, card }: StartIdentificationInput): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    setPending(true);
    const state = newStateId();
    const fail = () => {
      removeIdentityEntry(state);
      busy.current = false;
      setPending(false);
      return false;
    };
    if (!saveIdentityEntry(state, entry)) return fail();
    try {
      const answer = await startIdentitySession({ themeCode, flowType, issuer, state, card });
      const url = answer?.authorizationUrl;
      if (typeof url !== 'string' || !isSafeAuthorizationUrl(url)) return fail();
      browser.assign(url);
      return true;
    } catch {
      return fail();
    }
  }, []);

  return { start, pending };
}
