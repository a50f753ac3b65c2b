// Loaded lazily by Captcha. `altcha/external` is the build without inlined workers or styles, so
// it runs under `script-src 'self'`: the workers below are separate files from our own origin.
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/nl';
import ShaWorker from 'altcha/workers/sha?worker';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { useEffect, useRef } from 'react';

// Proof-of-work algorithms the server may choose; ALTCHA v1 challenges (altcha-lib 1.x/2.x) use SHA-*.
for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
}
for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}

interface AltchaWidgetProps {
  challengeUrl: string;
  language: string;
  onToken: (token: string | null) => void;
}

interface AltchaStateDetail {
  state?: string;
  payload?: string | null;
}

export default function AltchaWidget({ challengeUrl, language, onToken }: AltchaWidgetProps) {
  const ref = useRef<HTMLElement>(null);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<AltchaStateDetail>).detail ?? {};
      if (detail.state === 'verified' && detail.payload) onTokenRef.current(detail.payload);
      else if (detail.state !== 'verifying') onTokenRef.current(null);
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, []);

  return (
    <altcha-widget
      ref={ref}
      challenge={challengeUrl}
      name="g-recaptcha-response"
      auto="onfocus"
      language={language === 'nl' ? 'nl' : 'en'}
    />
  );
}
