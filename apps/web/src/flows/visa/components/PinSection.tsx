import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/useTranslation';
import { PIN_AUTO_HIDE_MS, PIN_FRAME_REVEAL_DELAY_MS, type PinFrameMessage, type PinRetrieval } from '@tessera/contracts';
import { Alert } from '../../../components/Alert/Alert';
import { Button } from '../../../components/Button/Button';
import { getPin } from '../api/visaApi';
import styles from '../visa.module.css';

interface PinSectionProps {
  themeCode: string;
  cardNumber: string;
  securityCode: string;
  /** Hide the PIN again after PIN_AUTO_HIDE_MS (8 s). */
  autoHide?: boolean;
  /** Fetch and show the PIN as soon as the section appears (activate/pin). */
  autoShow?: boolean;
  /** Once the frame showed the PIN, or could not: the caller may go on. */
  onSettled?: () => void;
  headingLevel?: 2 | 3;
}

/**
 * The frame's source: pinFrameURL with the one-time key as a query parameter, and the portal's
 * language, so the frame's <html lang> follows it (WCAG 3.1.1).
 */
export function pinFrameSource(retrieval: PinRetrieval, language?: string): string {
  const url = new URL(retrieval.pinFrameURL);
  url.searchParams.set('key', retrieval.key);
  if (language) url.searchParams.set('lang', language);
  return url.toString();
}

/**
 * The PIN section (docs/product/visa.md#pin). Hidden it shows four
 * asterisks. Show calls getPin and renders the PIN frame (its own origin) with the one-time key;
 * once the frame has loaded and PIN_FRAME_REVEAL_DELAY_MS passed, it posts
 * {operation: 'view-pin', controlId} to the frame, addressed to the frame's origin only (never
 * '*'). The frame answers 'pin-shown' or 'pin-error' (accepted only from that frame and origin).
 * Hide removes the frame (a key works once: showing again fetches a new one); with autoHide it
 * hides after PIN_AUTO_HIDE_MS. getPin failing (any status or no answer) or the frame's
 * 'pin-error' shows visa__get_pin_error.
 */
export function PinSection({ themeCode, cardNumber, securityCode, autoHide = false, autoShow = false, onSettled, headingLevel = 2 }: PinSectionProps) {
  const { t, i18n } = useTranslation();
  const [phase, setPhase] = useState<'hidden' | 'loading' | 'shown'>('hidden');
  const [retrieval, setRetrieval] = useState<PinRetrieval | null>(null);
  const [error, setError] = useState(false);
  // Said in a live region when the PIN hid itself (a hide the cardholder did not ask for).
  const [autoHidden, setAutoHidden] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const showRef = useRef<HTMLButtonElement>(null);
  const hideRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'show' | 'hide' | null>(null);
  const onSettledRef = useRef(onSettled);
  useEffect(() => {
    onSettledRef.current = onSettled;
  }, [onSettled]);

  const hide = (focus = true) => {
    setPhase('hidden');
    setRetrieval(null);
    if (focus) focusNext.current = 'show';
  };

  const show = (focus = true) => {
    setError(false);
    setAutoHidden(false);
    setPhase('loading');
    getPin({ themeCode, cardNumber, securityCode }).then(
      (answer) => {
        setRetrieval(answer);
        setPhase('shown');
        if (focus) focusNext.current = 'hide';
      },
      () => {
        setError(true);
        setPhase('hidden');
        onSettledRef.current?.();
      },
    );
  };

  const autoShown = useRef(false);
  useEffect(() => {
    if (!autoShow || autoShown.current) return;
    autoShown.current = true;
    show(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, [autoShow]);

  useEffect(() => {
    const target = focusNext.current === 'show' ? showRef.current : focusNext.current === 'hide' ? hideRef.current : null;
    if (target) {
      target.focus();
      focusNext.current = null;
    }
  });

  const origin = retrieval ? new URL(retrieval.pinFrameURL).origin : null;

  // The frame's answers, from that frame and its origin only.
  useEffect(() => {
    if (!retrieval || !origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frameRef.current?.contentWindow) return;
      const data = event.data as { operation?: unknown; controlId?: unknown } | null;
      if (!data || data.controlId !== retrieval.controlId) return;
      if (data.operation === 'pin-shown') onSettledRef.current?.();
      if (data.operation === 'pin-error') {
        setError(true);
        hide(false);
        onSettledRef.current?.();
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [retrieval, origin]);

  // Auto-hide, counted from the moment the frame is shown.
  useEffect(() => {
    if (phase !== 'shown' || !autoHide) return;
    const timer = window.setTimeout(() => {
      // The hide button goes away with the PIN: if it had focus, the show button takes it, so
      // Enter shows the PIN again; either way the live region says what happened.
      hide(document.activeElement === hideRef.current);
      setAutoHidden(true);
    }, PIN_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [phase, autoHide]);

  // The reveal timer, started by the frame's load event.
  const revealTimer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (revealTimer.current !== null) window.clearTimeout(revealTimer.current);
    },
    [retrieval],
  );
  const onFrameLoad = () => {
    if (!retrieval || !origin) return;
    if (revealTimer.current !== null) window.clearTimeout(revealTimer.current);
    revealTimer.current = window.setTimeout(() => {
      revealTimer.current = null;
      const message: PinFrameMessage = { operation: 'view-pin', controlId: retrieval.controlId };
      frameRef.current?.contentWindow?.postMessage(message, origin);
    }, PIN_FRAME_REVEAL_DELAY_MS);
  };

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.pin} aria-labelledby="visa-pin-title">
      <Heading id="visa-pin-title" className={styles.sectionTitle}>
        {t('visa__pin_title')}
      </Heading>
      <div className={styles.pinBox}>
        {phase === 'shown' && retrieval ? (
          <iframe
            ref={frameRef}
            className={styles.pinFrame}
            src={pinFrameSource(retrieval, (i18n.language).split('-')[0])}
            title={t('visa__pin_frame_title')}
            onLoad={onFrameLoad}
          />
        ) : (
          <p className={styles.pinHidden} data-testid="pin-hidden">
            <span aria-hidden="true">****</span>
            <span className="visually-hidden">{t('visa__pin_hidden')}</span>
          </p>
        )}
      </div>
      {error ? (
        <Alert tone="danger">
          <p>{t('visa__get_pin_error')}</p>
        </Alert>
      ) : null}
      <div className={styles.pinActions}>
        {phase === 'shown' ? (
          <Button ref={hideRef} variant="secondary" onClick={() => hide()}>
            {t('visa__pin_hide')}
          </Button>
        ) : (
          <Button ref={showRef} variant="secondary" loading={phase === 'loading'} onClick={() => show()}>
            {t('visa__pin_show')}
          </Button>
        )}
      </div>
      {autoHide ? <p className={styles.muted}>{t('visa__pin_auto_hide_hint', { seconds: PIN_AUTO_HIDE_MS / 1000 })}</p> : null}
      <p role="status" className={autoHidden ? styles.muted : 'visually-hidden'}>
        {autoHidden ? t('visa__pin_auto_hidden') : ''}
      </p>
    </section>
  );
}
