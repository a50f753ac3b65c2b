import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { SCANNER, rememberCamera, rememberedCamera } from './scannerSettings';
import type { ScannerProblem } from './scannerState';

/** Whether this page may stream from a camera at all (docs/product/common.md#scanner). */
export function cameraSupport(): 'ok' | 'insecure' | 'unsupported' {
  if (!window.isSecureContext) return 'insecure';
  return typeof navigator.mediaDevices?.getUserMedia === 'function' ? 'ok' : 'unsupported';
}

/**
 * The getUserMedia error (docs/product/common.md#scanner) as the cardholder can act on it: they
 * refused the camera, the device has none, another app holds it, or something else. The browser's
 * error name is for developers, not for the page.
 */
export function cameraProblem(error: unknown): ScannerProblem {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'scanner__camera_denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'scanner__camera_missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'scanner__camera_busy';
  return 'scanner__camera_error';
}

/** How an `open` ended: the video plays, the camera refused (with the message), or a later open or release took over. */
export type CameraOpening = { type: 'playing' } | { type: 'failed'; problem: ScannerProblem } | { type: 'superseded' };

export interface CameraStream {
  /** Opens `deviceId`, else the remembered camera, else the rear camera, into the video element. */
  open: (deviceId?: string) => Promise<CameraOpening>;
  /** Stops every track and detaches the video; a camera still opening is let go when it answers. */
  release: () => void;
  /** Lists the device's cameras for the choice; false when the browser would not. */
  listCameras: () => Promise<boolean>;
  cameras: MediaDeviceInfo[];
  /** The camera in use (its deviceId), '' before one opened. */
  cameraId: string;
}

/**
 * The camera behind the scanner's video element: getUserMedia with the remembered camera, the
 * track stopped on release and when the component goes away, and `onLost` when the track ends on
 * its own (the device went away or another app took it).
 */
export function useCameraStream(videoRef: RefObject<HTMLVideoElement | null>, onLost: () => void): CameraStream {
  const streamRef = useRef<MediaStream | null>(null);
  /** Bumped by every open and release: a camera that answers after it was superseded is let go. */
  const sessionRef = useRef(0);
  const onLostRef = useRef(onLost);
  onLostRef.current = onLost;
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState('');

  const release = useCallback(() => {
    sessionRef.current++;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, [videoRef]);

  const open = useCallback(
    async (deviceId?: string): Promise<CameraOpening> => {
      release();
      const session = sessionRef.current;
      const wanted = deviceId ?? rememberedCamera();
      const request = (id: string | null) =>
        navigator.mediaDevices.getUserMedia({
          audio: false,
          video: id ? { deviceId: { exact: id } } : { facingMode: SCANNER.facingMode, aspectRatio: SCANNER.aspectRatio },
        });
      let stream: MediaStream;
      try {
        try {
          stream = await request(wanted);
        } catch (error) {
          // The remembered camera may be gone: fall back to the rear camera.
          if (!wanted) throw error;
          stream = await request(null);
        }
      } catch (error) {
        return session === sessionRef.current ? { type: 'failed', problem: cameraProblem(error) } : { type: 'superseded' };
      }
      if (session !== sessionRef.current) {
        stream.getTracks().forEach((track) => track.stop());
        return { type: 'superseded' };
      }
      streamRef.current = stream;
      const track = stream.getVideoTracks()[0];
      const usedId = track?.getSettings?.().deviceId;
      rememberCamera(usedId);
      if (usedId) setCameraId(usedId);
      track?.addEventListener('ended', () => {
        if (streamRef.current === stream) onLostRef.current();
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
      return session === sessionRef.current ? { type: 'playing' } : { type: 'superseded' };
    },
    [release, videoRef],
  );

  const listCameras = useCallback(async () => {
    try {
      const devices = await navigator.mediaDevices.enumerateDevices();
      setCameras(devices.filter((device) => device.kind === 'videoinput'));
      return true;
    } catch {
      return false;
    }
  }, []);

  // The camera never outlives the dialog.
  useEffect(() => release, [release]);

  return { open, release, listCameras, cameras, cameraId };
}
