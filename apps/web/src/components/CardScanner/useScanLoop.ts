import { useEffect, useRef, type RefObject } from 'react';
import type { Decoder } from './decoder';
import { frameToImageData } from './imageSource';
import { SCANNER, boxInVideo, cardNumberFrom, scanBoxSize } from './scannerSettings';
import type { ScannerStateMachine } from './scannerState';

export interface ScanLoopOptions {
  machine: ScannerStateMachine;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The camera view: the scan box is centred in it. */
  viewRef: RefObject<HTMLDivElement | null>;
  decoder: () => Promise<Decoder>;
  /** A card number was read (the machine is FOUND). */
  onNumber: (number: string) => void;
}

/**
 * Decodes the scan box of the camera frame, SCANNER.cardFps times a second, for as long as the
 * machine is SCANNING: it starts when the machine enters SCANNING (after a resume, with the
 * docs/product/common.md#scanner resume delay) and stops when it leaves it. A frame without a code
 * waits for the next one; a code without a card number is a format failure that shows the parse
 * error and goes on scanning.
 */
export function useScanLoop({ machine, videoRef, viewRef, decoder, onNumber }: ScanLoopOptions): void {
  const onNumberRef = useRef(onNumber);
  onNumberRef.current = onNumber;

  useEffect(() => {
    let timer: number | undefined;
    const scanning = () => machine.state === 'SCANNING';

    const readFrame = async (): Promise<number> => {
      const video = videoRef.current;
      const view = viewRef.current;
      if (!video || !view || !video.videoWidth) return 1000 / SCANNER.cardFps;
      const side = scanBoxSize(view.clientWidth, view.clientHeight);
      const image = frameToImageData(video, boxInVideo(video.videoWidth, video.videoHeight, view.clientWidth, view.clientHeight, side));
      if (!image) return 1000 / SCANNER.cardFps;
      try {
        const outcome = await (await decoder()).decode(image);
        if (!scanning()) return 0;
        const number = outcome.type === 'match' ? cardNumberFrom(outcome.text) : null;
        if (number && machine.send('match')) {
          onNumberRef.current(number);
          return 0;
        }
        if (outcome.type === 'match') {
          machine.send('scanFailure', 'scanner__parse_error');
          return SCANNER.continuousScanDelayMs;
        }
      } catch {
        // A frame the decoder cannot take is a failure to read, not the end of scanning.
      }
      machine.send('scanFailure');
      return 1000 / SCANNER.cardFps;
    };

    const schedule = (delay: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(async () => {
        if (!scanning()) return;
        const next = await readFrame();
        if (scanning()) schedule(next);
      }, delay);
    };

    const unsubscribe = machine.subscribe((now, before) => {
      if (now.state === before.state) return;
      if (now.state === 'SCANNING') schedule(before.state === 'PAUSED' ? SCANNER.resumeDelayMs : 0);
      else window.clearTimeout(timer);
    });
    if (scanning()) schedule(0);
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [machine, videoRef, viewRef, decoder]);
}
