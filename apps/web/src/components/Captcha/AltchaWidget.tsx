// Loaded lazily by Captcha. `altcha/external` is the build without inlined workers or styles, so
// it runs under `script-src 'self'`: the workers below are separate files from our own origin.
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/nl';
import ShaWorker from 'altcha/workers/sha?worker';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { useEffect, useRef } from 'react';
import type { WidgetMethods } from 'altcha/types';

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

    // A submit before the check is done (it failed, or expired) starts it again, so the next
    // press goes through without the cardholder having to find the box.
    const widget = element as HTMLElement & Partial<WidgetMethods>;
    const form = element.closest('form');
    const verifyIfIdle = () => {
      const state = widget.getState?.();
      if (state !== 'verified' && state !== 'verifying') void widget.verify?.();
    };
    form?.addEventListener('submit', verifyIfIdle);
    return () => {
      element.removeEventListener('statechange', onStateChange);
      form?.removeEventListener('submit', verifyIfIdle);
    };
  }, []);

  return (
    <altcha-widget
      ref={ref}
      challenge={challengeUrl}
      name="g-recaptcha-response"
      // Solve as soon as the widget is there: it loads lazily, so waiting for the form's focus
      // misses a cardholder who started typing before it arrived, and the proof of work (a few
      // hundred ms in a worker) is done by the time the fields are filled.
      auto="onload"
      language={language === 'nl' ? 'nl' : 'en'}
    />
  );
}
