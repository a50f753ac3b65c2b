import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { ScannerStateMachine } from '../src/components/CardScanner/scannerState';
import { LAST_CAMERA_KEY, SCANNER } from '../src/components/CardScanner/scannerSettings';
import { useCameraStream } from '../src/components/CardScanner/useCameraStream';
import { useScanLoop } from '../src/components/CardScanner/useScanLoop';
import type { DecodeOutcome } from '../src/components/CardScanner/decoder';

// The canvas work is browser-only (e2e/tests/scanner.spec.ts); here every frame is a 1×1 image.
vi.mock('../src/components/CardScanner/imageSource', () => ({
  frameToImageData: () => ({ data: new Uint8ClampedArray(4), width: 1, height: 1 }),
  fileToImageData: async () => ({ data: new Uint8ClampedArray(4), width: 1, height: 1 }),
}));

const FRAME_MS = 1000 / SCANNER.cardFps;

describe('useScanLoop', () => {
  const decode = vi.fn<() => Promise<DecodeOutcome>>();
  const onNumber = vi.fn();

  function renderLoop() {
    const machine = new ScannerStateMachine();
    const videoRef = { current: { videoWidth: 640, videoHeight: 480 } as HTMLVideoElement };
    const viewRef = { current: { clientWidth: 300, clientHeight: 300 } as HTMLDivElement };
    const decoder = async () => ({ kind: 'zxing' as const, decode });
    renderHook(() => useScanLoop({ machine, videoRef, viewRef, decoder, onNumber }));
    return machine;
  }

  /** Lets the timers run for `ms` and the decodes they start settle. */
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  beforeEach(() => {
    vi.useFakeTimers();
    decode.mockReset();
    decode.mockResolvedValue({ type: 'failure', failure: 'notFound' });
    onNumber.mockReset();
  });

  it('reads a frame as scanning starts and then cardFps times a second, never while paused', async () => {
    const machine = renderLoop();
    await advance(1000);
    expect(decode).not.toHaveBeenCalled();
    machine.send('open');
    machine.send('start');
    await advance(0);
    expect(decode).toHaveBeenCalledTimes(1);
    await advance(FRAME_MS * 3);
    expect(decode).toHaveBeenCalledTimes(4);

    machine.send('pause');
    await advance(1000);
    expect(decode).toHaveBeenCalledTimes(4);
    // Resuming waits the docs/product/common.md resume delay before the next frame.
    machine.send('resume');
    await advance(SCANNER.resumeDelayMs - 1);
    expect(decode).toHaveBeenCalledTimes(4);
    await advance(1);
    expect(decode).toHaveBeenCalledTimes(5);
    expect(machine.state).toBe('SCANNING');
  });

  it('a code without a card number shows the parse error and waits longer; a card number ends the loop', async () => {
    const machine = renderLoop();
    decode.mockResolvedValueOnce({ type: 'match', text: 'https://www.example.com/', format: 'QRCode' });
    decode.mockResolvedValueOnce({ type: 'match', text: '6064000000000000101', format: 'Code128' });
    machine.send('open');
    machine.send('start');
    await advance(0);
    expect(machine.snapshot).toEqual({ state: 'SCANNING', problem: 'scanner__parse_error' });
    await advance(SCANNER.continuousScanDelayMs - 1);
    expect(decode).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(machine.state).toBe('FOUND');
    expect(onNumber).toHaveBeenCalledWith('6064000000000000101');
    await advance(1000);
    expect(decode).toHaveBeenCalledTimes(2);
  });

  it('a decoder that throws is a failed frame: scanning goes on', async () => {
    const machine = renderLoop();
    decode.mockRejectedValueOnce(new Error('bad frame'));
    machine.send('open');
    machine.send('start');
    await advance(FRAME_MS);
    expect(decode).toHaveBeenCalledTimes(2);
    expect(machine.snapshot).toEqual({ state: 'SCANNING', problem: null });
  });

  it('drops the answer of a frame that was under way when scanning stopped', async () => {
    const machine = renderLoop();
    let answer: (outcome: DecodeOutcome) => void = () => undefined;
    decode.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    machine.send('open');
    machine.send('start');
    await advance(0);
    machine.send('stop');
    answer({ type: 'match', text: '6064000000000000101', format: 'Code128' });
    await advance(1000);
    expect(onNumber).not.toHaveBeenCalled();
    expect(machine.state).toBe('NOT_STARTED');
    expect(decode).toHaveBeenCalledTimes(1);
  });
});

describe('useCameraStream', () => {
  function fakeDevices() {
    const tracks: Array<{ stop: ReturnType<typeof vi.fn>; end: () => void }> = [];
    const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
      const video = constraints.video as MediaTrackConstraints;
      const deviceId = (video.deviceId as { exact: string } | undefined)?.exact ?? 'rear-1';
      let ended = () => undefined as void;
      const track = {
        stop: vi.fn(),
        getSettings: () => ({ deviceId }),
        addEventListener: (_type: string, listener: () => void) => (ended = listener),
        end: () => ended(),
      };
      tracks.push(track);
      return { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
    });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: { getUserMedia, enumerateDevices: vi.fn(async () => []) } }));
    return { getUserMedia, tracks };
  }

  function renderCamera() {
    const video = { srcObject: null as MediaStream | null, play: vi.fn(async () => undefined) };
    const videoRef = { current: video as unknown as HTMLVideoElement };
    const onLost = vi.fn();
    const hook = renderHook(() => useCameraStream(videoRef, onLost));
    return { hook, video, onLost };
  }

  afterEach(() => localStorage.clear());

  it('plays the rear camera into the video, remembers it and stops it when the component goes away', async () => {
    const { getUserMedia, tracks } = fakeDevices();
    const { hook, video } = renderCamera();
    await act(async () => expect(await hook.result.current.open()).toEqual({ type: 'playing' }));
    expect(getUserMedia).toHaveBeenCalledWith({ audio: false, video: { facingMode: 'environment', aspectRatio: 1 } });
    expect(video.srcObject).not.toBeNull();
    expect(video.play).toHaveBeenCalled();
    expect(hook.result.current.cameraId).toBe('rear-1');
    expect(localStorage.getItem(LAST_CAMERA_KEY)).toBe('rear-1');
    hook.unmount();
    expect(tracks[0]!.stop).toHaveBeenCalled();
  });

  it('falls back to the rear camera when the remembered one is gone', async () => {
    const { getUserMedia } = fakeDevices();
    localStorage.setItem(LAST_CAMERA_KEY, 'gone-1');
    getUserMedia.mockRejectedValueOnce(Object.assign(new Error('gone'), { name: 'OverconstrainedError' }));
    const { hook } = renderCamera();
    await act(async () => expect(await hook.result.current.open()).toEqual({ type: 'playing' }));
    expect(getUserMedia).toHaveBeenNthCalledWith(1, { audio: false, video: { deviceId: { exact: 'gone-1' } } });
    expect(getUserMedia).toHaveBeenNthCalledWith(2, { audio: false, video: { facingMode: 'environment', aspectRatio: 1 } });
  });

  it('names the refusal as the cardholder can act on it', async () => {
    const { getUserMedia } = fakeDevices();
    getUserMedia.mockRejectedValueOnce(Object.assign(new Error('busy'), { name: 'NotReadableError' }));
    const { hook } = renderCamera();
    await act(async () => expect(await hook.result.current.open()).toEqual({ type: 'failed', problem: 'scanner__camera_busy' }));
  });

  it('lets a camera that answers after a release go, and reports a lost track only while it is in use', async () => {
    const { tracks } = fakeDevices();
    const { hook, video, onLost } = renderCamera();
    let opening: Promise<unknown> = Promise.resolve();
    act(() => {
      opening = hook.result.current.open();
      hook.result.current.release();
    });
    await act(async () => expect(await opening).toEqual({ type: 'superseded' }));
    expect(tracks[0]!.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();

    await act(() => hook.result.current.open());
    tracks[1]!.end();
    expect(onLost).toHaveBeenCalledTimes(1);
    act(() => hook.result.current.release());
    tracks[1]!.end();
    expect(onLost).toHaveBeenCalledTimes(1);
  });
});
