import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { useFirstInteraction } from '../../lib/firstInteraction';
import { useCaptchaKey } from './captchaKeyQuery';
import styles from './Captcha.module.css';

/**
 * Token the `test` provider accepts (docs/product/common.md#captcha); never accepted in production.
 */
export const TEST_CAPTCHA_TOKEN = 'test-pass';

export interface CaptchaProps {
  /** Receives the token to send as `g-recaptcha-response`, or null when it is gone (expired, reset). */
  onToken: (token: string | null) => void;
  /**
   * docs/product/common.md#captcha: a failing key load is only logged, except at card lookup where
   * it is shown.
   */
  showLoadError?: boolean;
  /**
   * Error of the surrounding form about the captcha (missing, refused). Not a live region: the
   * form's error summary announces it and takes focus (docs/accessibility.md#error-summary).
   */
  error?: string | null;
}

// Kept out of the first screen's bundle: the widgets (and ALTCHA's workers) load only when the
// server chooses their provider, and once the cardholder has started on the form
// (lib/firstInteraction.ts): not while the page loads.
const AltchaWidget = lazy(() => import('./AltchaWidget'));
const RecaptchaWidget = lazy(() => import('./RecaptchaWidget'));

/**
 * The bot check (docs/product/common.md#captcha). The server decides the provider:
 * - altcha: the self-hosted proof-of-work widget, solved in a worker as soon as it loads;
 * - recaptcha: Google's widget, loaded from Google;
 * - test: no widget, the token is `test-pass` (tests, benchmarks).
 * Remount (change `key`) to get a fresh token after a submission: a token works once.
 */
export function Captcha({ onToken, showLoadError = false, error }: CaptchaProps) {
  const { t, i18n } = useTranslation();
  const key = useCaptchaKey();
  const started = useFirstInteraction();
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    if (key.error) console.error('captcha key could not be loaded', key.error);
  }, [key.error]);

  useEffect(() => {
    if (key.data?.provider === 'test') onTokenRef.current(TEST_CAPTCHA_TOKEN);
  }, [key.data?.provider]);

  const errorId = 'captcha-error';
  const loading = <p className={styles.loading}>{t('captcha__loading')}</p>;
  let body: React.ReactNode = null;
  if (key.isPending) {
    body = loading;
  } else if (!started && (key.data?.provider === 'altcha' || key.data?.provider === 'recaptcha')) {
    // Nothing is loading yet: the check waits for the cardholder, and says so.
    body = <p className={styles.loading}>{t('captcha__waiting')}</p>;
  } else if (key.error) {
    body = showLoadError ? (
      <p className={styles.error} role="alert">
        {t('captcha__load_error')}
      </p>
    ) : null;
  } else if (key.data.provider === 'altcha') {
    body = (
      <Suspense fallback={loading}>
        <AltchaWidget challengeUrl={key.data.key} language={i18n.language ?? 'nl'} onToken={(token) => onTokenRef.current(token)} />
      </Suspense>
    );
  } else if (key.data.provider === 'recaptcha') {
    body = (
      <Suspense fallback={loading}>
        <RecaptchaWidget
          siteKey={key.data.key}
          scriptOrigin={key.data.scriptOrigin}
          language={i18n.language ?? 'nl'}
          onToken={(token) => onTokenRef.current(token)}
        />
      </Suspense>
    );
  }

  if (!body && !error) return null;
  return (
    <div className={styles.captcha} role="group" aria-label={t('captcha__label')} aria-describedby={error ? errorId : undefined}>
      {body}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
