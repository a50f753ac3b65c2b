import { useEffect, useRef, useState } from 'react';

/**
 * A form whose last submit got no answer at all: submit stays blocked (the error summary says so)
 * until the cardholder chooses to try again, so that nobody sends the same request twice without
 * meaning to. `retry` forgets the failed call and puts focus back on the submit button, after the
 * render that enabled it: a disabled button cannot take focus.
 */
export function useNetworkBlock(forgetCall: () => void) {
  const [networkBlocked, setNetworkBlocked] = useState(false);
  const [focusSubmit, setFocusSubmit] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusSubmit) submitRef.current?.focus();
    setFocusSubmit(false);
  }, [focusSubmit]);
  const retry = () => {
    setNetworkBlocked(false);
    forgetCall();
    setFocusSubmit(true);
  };
  return { networkBlocked, blockForNetwork: () => setNetworkBlocked(true), retry, submitRef };
}
