import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../Button/Button';
import { createDecoder, type Decoder } from './decoder';
import { fileToImageData, frameToImageData } from './imageSource';
import { SCANNER, boxInVideo, cardNumberFrom, rememberCamera, rememberedCamera, scanBoxSize } from './scannerSettings';
import { ScannerStateMachine, type ScannerState } from './scannerState';
import styles from './CardScanner.module.css';

export interface ScannerDialogProps {
  /** Closed without a number: back to typing. */
  onClose: () => void;
  /** A card number was read (digits only). */
  onNumber: (number: string) => void;
}

/** The §8 scanner messages, plus the photo's "nothing found". */
type Problem =
  | {
      key:
        | 'scanner__insecure_context'
        | 'scanner__no_streaming'
        | 'scanner__device_query_error'
        | 'scanner__parse_error'
        | 'scanner__file_error'
        | 'scanner__camera_denied'
        | 'scanner__camera_missing'
        | 'scanner__camera_busy'
        | 'scanner__camera_error';
    };

/**
 * The getUserMedia error (spec §8) as the cardholder can act on it: they refused the camera, the
 * device has none, another app holds it, or something else. The browser's error name is for
 * developers, not for the page.
 */
function cameraProblem(error: unknown): Problem {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return { key: 'scanner__camera_denied' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return { key: 'scanner__camera_missing' };
  if (name === 'NotReadableError' || name === 'AbortError') return { key: 'scanner__camera_busy' };
  return { key: 'scanner__camera_error' };
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

function cameraSupport(): 'ok' | 'insecure' | 'unsupported' {
  if (!window.isSecureContext) return 'insecure';
  return typeof navigator.mediaDevices?.getUserMedia === 'function' ? 'ok' : 'unsupported';
}

/**
 * The card scanner (spec §2.10, §9): a modal dialog with the rear camera's view and its scan box,
 * pause/resume, a camera choice, a photo instead of the camera, and a way back to typing. Focus
 * stays inside; Escape closes it. The camera stops when it closes, and when the page goes away.
 */
export function ScannerDialog({ onClose, onNumber }: ScannerDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const viewRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const machine = useRef(new ScannerStateMachine()).current;
  const [state, setState] = useState<ScannerState>(machine.state);
  const streamRef = useRef<MediaStream | null>(null);
  const decoderRef = useRef<Promise<Decoder> | null>(null);
  const timerRef = useRef<number | undefined>(undefined);
  const doneRef = useRef(false);
  /** Bumped when the dialog closes or the camera restarts: a camera that opens late is let go. */
  const sessionRef = useRef(0);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState<string>('');
  const [box, setBox] = useState<number>(SCANNER.box.width);
  const [matched, setMatched] = useState(false);
  const [reading, setReading] = useState(false);
  const support = cameraSupport();

  useEffect(() => machine.subscribe(setState), [machine]);

  const decoder = () => (decoderRef.current ??= createDecoder());

  const closeNative = () => {
    const dialog = dialogRef.current;
    if (dialog?.open && typeof dialog.close === 'function') dialog.close();
  };

  const stopCamera = useCallback(() => {
    window.clearTimeout(timerRef.current);
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    machine.send('stop');
  }, [machine]);

  const finish = useCallback(
    (number: string) => {
      if (doneRef.current) return;
      doneRef.current = true;
      setMatched(true);
      stopCamera();
      // The green border shows for a moment before the number goes into the field.
      window.setTimeout(() => {
        // Leave the modal state first: while it lasts, the page behind is inert and takes no focus.
        closeNative();
        onNumber(number);
      }, SCANNER.continuousScanDelayMs);
    },
    [onNumber, stopCamera],
  );

  /** One frame every 1000/fps ms while scanning; read failures just wait for the next frame. */
  const scheduleFrame = useCallback(
    (delay: number) => {
      window.clearTimeout(timerRef.current);
      timerRef.current = window.setTimeout(async () => {
        if (machine.state !== 'SCANNING' || doneRef.current) return;
        const video = videoRef.current;
        const view = viewRef.current;
        let next: number = 1000 / SCANNER.cardFps;
        if (video && view && video.videoWidth) {
          const side = scanBoxSize(view.clientWidth, view.clientHeight);
          const image = frameToImageData(video, boxInVideo(video.videoWidth, video.videoHeight, view.clientWidth, view.clientHeight, side));
          if (image) {
            try {
              const outcome = await (await decoder()).decode(image);
              if (machine.state !== 'SCANNING' || doneRef.current) return;
              if (outcome.type === 'match') {
                const number = cardNumberFrom(outcome.text);
                if (number && machine.send('match')) return finish(number);
                // A code without a card number: a format failure, not fatal.
                machine.send('scanFailure');
                setProblem({ key: 'scanner__parse_error' });
                next = SCANNER.continuousScanDelayMs;
              } else {
                machine.send('scanFailure');
              }
            } catch {
              machine.send('scanFailure');
            }
          }
        }
        scheduleFrame(next);
      }, delay);
    },
    [finish, machine],
  );

  const startCamera = useCallback(
    async (deviceId?: string) => {
      if (support !== 'ok') {
        setProblem({ key: support === 'insecure' ? 'scanner__insecure_context' : 'scanner__no_streaming' });
        return;
      }
      if (machine.state === 'UNKNOWN') machine.send('reset');
      if (machine.state !== 'NOT_STARTED') stopCamera();
      const session = ++sessionRef.current;
      setStarting(true);
      setProblem(null);
      const wanted = deviceId ?? rememberedCamera();
      const open = (id: string | null) =>
        navigator.mediaDevices.getUserMedia({
          audio: false,
          video: id ? { deviceId: { exact: id } } : { facingMode: SCANNER.facingMode, aspectRatio: SCANNER.aspectRatio },
        });
      let stream: MediaStream;
      try {
        try {
          stream = await open(wanted);
        } catch (error) {
          // The remembered camera may be gone: fall back to the rear camera.
          if (!wanted) throw error;
          stream = await open(null);
        }
      } catch (error) {
        setStarting(false);
        setProblem(cameraProblem(error));
        return;
      }
      if (session !== sessionRef.current || doneRef.current) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      streamRef.current = stream;
      const track = stream.getVideoTracks()[0];
      const usedId = track?.getSettings?.().deviceId;
      rememberCamera(usedId);
      if (usedId) setCameraId(usedId);
      track?.addEventListener('ended', () => {
        if (streamRef.current === stream && machine.send('cameraLost')) {
          window.clearTimeout(timerRef.current);
          setProblem({ key: 'scanner__camera_error' });
        }
      });
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        try {
          await video.play();
        } catch {
          // Autoplay of a muted inline video is allowed; a refusal still leaves frames to read.
        }
      }
      setStarting(false);
      machine.send('start');
      scheduleFrame(0);
      try {
        const devices = await navigator.mediaDevices.enumerateDevices();
        setCameras(devices.filter((d) => d.kind === 'videoinput'));
      } catch {
        setProblem({ key: 'scanner__device_query_error' });
      }
    },
    [machine, scheduleFrame, stopCamera, support],
  );

  // Open as a modal, start the camera; stop everything when closed or when the page goes away.
  useEffect(() => {
    doneRef.current = false;
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    void startCamera();
    const onPageHide = () => stopCamera();
    window.addEventListener('pagehide', onPageHide);
    // Escape closes even when focus has left the dialog's controls (e.g. after a control went away).
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        closeRef.current();
      }
    };
    document.addEventListener('keydown', onEscape);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('keydown', onEscape);
      doneRef.current = true;
      // eslint-disable-next-line react-hooks/exhaustive-deps -- a counter, not a DOM node: bumping the current value is the point
      sessionRef.current++;
      stopCamera();
    };
    // Once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The scan box follows the view's size: 250 px, never larger than the view, at least 50.
  useLayoutEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const measure = () => setBox(scanBoxSize(view.clientWidth || SCANNER.defaultWidth, view.clientHeight || SCANNER.defaultWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(view);
    return () => observer.disconnect();
  }, []);

  const pause = () => {
    if (!machine.send('pause')) return;
    window.clearTimeout(timerRef.current);
    videoRef.current?.pause();
  };

  const resume = () => {
    if (!machine.send('resume')) return;
    void videoRef.current?.play().catch(() => undefined);
    scheduleFrame(SCANNER.resumeDelayMs);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    stopCamera();
    if (machine.state === 'UNKNOWN') machine.send('reset');
    if (!machine.send('scanFile')) return;
    setProblem(null);
    setReading(true);
    try {
      const image = await fileToImageData(file);
      const outcome = await (await decoder()).decode(image);
      const number = outcome.type === 'match' ? cardNumberFrom(outcome.text) : null;
      if (number) finish(number);
      else setProblem({ key: 'scanner__parse_error' });
    } catch {
      setProblem({ key: 'scanner__file_error' });
    } finally {
      setReading(false);
    }
  };

  const close = () => {
    stopCamera();
    closeNative();
    onClose();
  };
  const closeRef = useRef(close);
  closeRef.current = close;

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    // Keep focus inside (showModal does in browsers; this covers the rest).
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const running = state === 'SCANNING' || state === 'PAUSED';
  const status = matched
    ? t('scanner__found')
    : reading
      ? t('scanner__reading_photo')
      : starting
        ? t('scanner__starting')
        : state === 'PAUSED'
          ? t('scanner__paused')
          : state === 'SCANNING'
            ? t('scanner__scanning')
            : '';

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={introId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onKeyDown={onKeyDown}
    >
      <h2 id={titleId} className={styles.title}>
        {t('scanner__title')}
      </h2>
      <p id={introId} className={styles.intro}>
        {t('scanner__intro')}
      </p>

      <div
        ref={viewRef}
        className={styles.view}
        data-state={state}
        data-matched={matched || undefined}
        hidden={support !== 'ok'}
      >
        <video ref={videoRef} className={styles.video} muted playsInline aria-hidden="true" />
        <div className={styles.box} style={{ width: box, height: box }} aria-hidden="true" />
      </div>

      <p role="status" className={styles.status}>
        {status}
      </p>
      {problem ? (
        <p role="alert" className={styles.problem}>
          {t(problem.key)}
        </p>
      ) : null}

      <div className={styles.actions}>
        {running && cameras.length > 1 ? (
          <label className={styles.cameraChoice}>
            <span>{t('scanner__camera_label')}</span>
            <select value={cameraId} onChange={(event) => void startCamera(event.target.value)}>
              {cameras.map((camera, index) => (
                <option key={camera.deviceId || index} value={camera.deviceId}>
                  {camera.label || t('scanner__camera_option', { number: index + 1 })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {running ? (
          // One button that changes its label, so focus stays on it.
          <Button variant="secondary" onClick={state === 'PAUSED' ? resume : pause}>
            {state === 'PAUSED' ? t('scanner__resume') : t('scanner__pause')}
          </Button>
        ) : null}
        {!running && !starting && !matched && support === 'ok' ? (
          <Button variant="secondary" onClick={() => void startCamera()}>
            {t('scanner__start_camera')}
          </Button>
        ) : null}
        <label className={styles.fileButton}>
          <input
            type="file"
            accept="image/*"
            className={styles.fileInput}
            disabled={reading || matched}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              void onFile(file);
            }}
          />
          <span>{t('scanner__choose_photo')}</span>
        </label>
        <Button variant="secondary" onClick={close}>
          {t('scanner__type_instead')}
        </Button>
      </div>
    </dialog>
  );
}
