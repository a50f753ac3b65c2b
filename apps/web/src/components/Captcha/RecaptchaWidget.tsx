import { useEffect, useRef } from 'react';

interface GoogleRecaptcha {
  ready(callback: () => void): void;
  render(container: HTMLElement, options: Record<string, unknown>): number;
}

/** Google's script, loaded once per origin (a deployment uses one; a failed load may be retried). */
const recaptchaScripts = new Map<string, Promise<void>>();
function loadRecaptchaScript(scriptOrigin: string, language: string): Promise<void> {
  let loading = recaptchaScripts.get(scriptOrigin);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `${scriptOrigin}/recaptcha/api.js?render=explicit&hl=${encodeURIComponent(language)}`;
      script.async = true;
      script.defer = true;
      script.onload = () => resolve();
      script.onerror = () => {
        recaptchaScripts.delete(scriptOrigin);
        reject(new Error('reCAPTCHA script failed to load'));
      };
      document.head.appendChild(script);
    });
    recaptchaScripts.set(scriptOrigin, loading);
  }
  return loading;
}

/**
 * Google reCAPTCHA v2 (a per-deployment choice). Its script comes from the origin the server names
 * (www.google.com or www.recaptcha.net, RECAPTCHA_DOMAIN), the one the server's CSP allows. Loaded
 * lazily by Captcha, so deployments on ALTCHA or the test provider never download it.
 */
export default function RecaptchaWidget({
  siteKey,
  scriptOrigin,
  language,
  onToken,
}: {
  siteKey: string;
  /** Absent from an older server: Google's own domain. */
  scriptOrigin?: string | undefined;
  language: string;
  onToken: (token: string | null) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancelled = false;
    loadRecaptchaScript(scriptOrigin ?? 'https://www.google.com', language)
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
  }, [siteKey, scriptOrigin, language]);
  return <div ref={container} />;
}
