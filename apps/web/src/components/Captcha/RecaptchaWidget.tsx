import { useEffect, useRef } from 'react';

interface GoogleRecaptcha {
  ready(callback: () => void): void;
  render(container: HTMLElement, options: Record<string, unknown>): number;
}

let recaptchaScript: Promise<void> | null = null;
function loadRecaptchaScript(language: string): Promise<void> {
  recaptchaScript ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=explicit&hl=${encodeURIComponent(language)}`;
    script.async = true;
    script.defer = true;
    script.onload = () => resolve();
    script.onerror = () => {
      recaptchaScript = null;
      reject(new Error('reCAPTCHA script failed to load'));
    };
    document.head.appendChild(script);
  });
  return recaptchaScript;
}

/**
 * Google reCAPTCHA v2 (a per-deployment choice; its CSP must then allow Google's origins). Loaded
 * lazily by Captcha, so deployments on ALTCHA or the test provider never download it.
 */
export default function RecaptchaWidget({ siteKey, language, onToken }: { siteKey: string; language: string; onToken: (token: string | null) => void }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancelled = false;
    loadRecaptchaScript(language)
      .then(() => {
        const grecaptcha = (window as unknown as { grecaptcha?: GoogleRecaptcha }).grecaptcha;
        grecaptcha?.ready(() => {
          if (cancelled || !container.current) return;
          grecaptcha.render(container.current, {
            sitekey: siteKey,
            callback: (token: string) => onToken(token),
            'expired-callback': () => onToken(null),
            'error-callback': () => onToken(null),
          });
        });
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      cancelled = true;
    };
    // onToken is stable (a ref wrapper in Captcha)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [siteKey, language]);
  return <div ref={container} />;
}
