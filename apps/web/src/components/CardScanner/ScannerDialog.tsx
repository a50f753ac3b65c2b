import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { Button } from '../Button/Button';
import { createDecoder, type Decoder } from './decoder';
import { fileToImageData } from './imageSource';
import { SCANNER, cardNumberFrom, scanBoxSize } from './scannerSettings';
import { ScannerStateMachine, type ScannerState } from './scannerState';
import { cameraSupport, useCameraStream } from './useCameraStream';
import { useScanLoop } from './useScanLoop';
import styles from './CardScanner.module.css';

export interface ScannerDialogProps {
  /** Closed without a number: back to typing. */
  onClose: () => void;
  /** A card number was read (digits only). */
  onNumber: (number: string) => void;
}

/** The status line for each state (announced politely); '' where there is nothing to say. */
const STATUS: Record<ScannerState, string> = {
  NOT_STARTED: '',
  STARTING: 'scanner__starting',
  SCANNING: 'scanner__scanning',
  PAUSED: 'scanner__paused',
  READING_FILE: 'scanner__reading_photo',
  FOUND: 'scanner__found',
  UNKNOWN: '',
};

/**
 * The card scanner (docs/product/common.md#scanner): a modal dialog with the rear camera's view and
 * its scan box, pause/resume, a camera choice, a photo instead of the camera, and a way back to
 * typing. It is a native modal <dialog>: the browser keeps focus inside and turns Escape into its
 * `cancel` event. The camera stops when it closes, and when the page goes away.
 */
export function ScannerDialog({ onClose, onNumber }: ScannerDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const viewRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [machine] = useState(() => new ScannerStateMachine());
  const { state, problem } = useSyncExternalStore(
    useCallback((listener: () => void) => machine.subscribe(listener), [machine]),
    () => machine.snapshot,
  );
  const [box, setBox] = useState<number>(SCANNER.box.width);
  const [support] = useState(cameraSupport);
  const decoderRef = useRef<Promise<Decoder> | null>(null);
  const decoder = useCallback(() => (decoderRef.current ??= createDecoder()), []);
  const closingTimer = useRef<number | undefined>(undefined);
  const problemRef = useRef<HTMLParagraphElement>(null);

  // A failing camera removes the pause button, a photo being read disables the photo button: if
  // focus was there it fell out of the dialog. The message saying what went wrong takes it, so
  // focus stays inside the modal dialog and the next Tab reaches its buttons.
  useEffect(() => {
    if (!problem) return;
    const active = document.activeElement;
    const kept = active instanceof HTMLElement && dialogRef.current?.contains(active) && !(active as HTMLInputElement).disabled;
    if (!kept) problemRef.current?.focus();
  }, [problem]);

  const camera = useCameraStream(videoRef, () => machine.send('cameraLost', 'scanner__camera_error'));

  /** Gives up the camera (and a photo being read): what is still under way then finds the machine stopped. */
  const stopCamera = () => {
    camera.release();
    machine.send('stop');
  };

  const closeNative = () => {
    if (dialogRef.current?.open) dialogRef.current.close();
  };

  /** Called once the machine is FOUND: the green border shows for a moment, then the number goes into the field. */
  const finish = (number: string) => {
    camera.release();
    closingTimer.current = window.setTimeout(() => {
      // Leave the modal state first: while it lasts, the page behind is inert and takes no focus.
      closeNative();
      onNumber(number);
    }, SCANNER.continuousScanDelayMs);
  };

  useScanLoop({ machine, videoRef, viewRef, decoder, onNumber: finish });

  const startCamera = async (deviceId?: string) => {
    if (machine.state === 'UNKNOWN') machine.send('reset');
    stopCamera();
    if (!machine.send('open')) return;
    const opening = await camera.open(deviceId);
    if (opening.type === 'failed') machine.send('cameraFailed', opening.problem);
    if (opening.type !== 'playing' || !machine.send('start')) return;
    if (!(await camera.listCameras())) machine.report('scanner__device_query_error');
  };

  // Open as a modal and start the camera, once per opening; stop it when the page goes away.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    if (support === 'ok') void startCamera();
    else machine.report(support === 'insecure' ? 'scanner__insecure_context' : 'scanner__no_streaming');
    const onPageHide = () => stopCamera();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.clearTimeout(closingTimer.current);
      // A frame or a photo still being decoded then finds the machine stopped and gives no number.
      stopCamera();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening (StrictMode runs it twice; startCamera stops what the first run began)
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
    if (machine.send('pause')) videoRef.current?.pause();
  };

  const resume = () => {
    if (machine.send('resume')) void videoRef.current?.play().catch(() => undefined);
  };

  const readPhoto = async (file: File | undefined) => {
    if (!file) return;
    stopCamera();
    if (machine.state === 'UNKNOWN') machine.send('reset');
    if (!machine.send('scanFile')) return;
    try {
      const image = await fileToImageData(file);
      const outcome = await (await decoder()).decode(image);
      const number = outcome.type === 'match' ? cardNumberFrom(outcome.text) : null;
      if (number && machine.send('match')) finish(number);
      else machine.send('fileFailed', 'scanner__parse_error');
    } catch {
      machine.send('fileFailed', 'scanner__file_error');
    }
  };

  const close = () => {
    stopCamera();
    closeNative();
    onClose();
  };

  const running = state === 'SCANNING' || state === 'PAUSED';
  const status = STATUS[state];

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={introId}
      // Escape (and any other close request of the browser): back to typing. The one place it is handled.
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {t('scanner__title')}
      </h2>
      <p id={introId} className={styles.intro}>
        {t('scanner__intro')}
      </p>

      <div ref={viewRef} className={styles.view} data-state={state} hidden={support !== 'ok'}>
        <video ref={videoRef} className={styles.video} muted playsInline aria-hidden="true" />
        <div className={styles.box} style={{ width: box, height: box }} aria-hidden="true" />
      </div>

      <p role="status" className={styles.status}>
        {status ? t(status) : ''}
      </p>
      {problem ? (
        <p ref={problemRef} role="alert" className={styles.problem} tabIndex={-1}>
          {t(problem)}
        </p>
      ) : null}

      <div className={styles.actions}>
        {running && camera.cameras.length > 1 ? (
          <label className={styles.cameraChoice}>
            <span>{t('scanner__camera_label')}</span>
            <select value={camera.cameraId} onChange={(event) => void startCamera(event.target.value)}>
              {camera.cameras.map((device, index) => (
                <option key={device.deviceId || index} value={device.deviceId}>
                  {device.label || t('scanner__camera_option', { number: index + 1 })}
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
        {(state === 'NOT_STARTED' || state === 'UNKNOWN') && support === 'ok' ? (
          <Button variant="secondary" onClick={() => void startCamera()}>
            {t('scanner__start_camera')}
          </Button>
        ) : null}
        <label className={styles.fileButton}>
          <input
            type="file"
            accept="image/*"
            className={styles.fileInput}
            disabled={state === 'READING_FILE' || state === 'FOUND'}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              void readPhoto(file);
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
