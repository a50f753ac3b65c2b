import { describe, expect, it } from 'vitest';
import {
  SCANNER_ACTIONS,
  SCANNER_STATES,
  ScannerStateMachine,
  transition,
  type ScannerSnapshot,
  type ScannerAction,
  type ScannerState,
} from '../src/components/CardScanner/scannerState';
import { boxInVideo, cardNumberFrom, scanBoxSize, SCANNER } from '../src/components/CardScanner/scannerSettings';
import { splitFormats } from '../src/components/CardScanner/decoder';

// docs/product/common.md#scanner: pause requires scanning; resume requires paused; stop requires
// the camera (or a photo)
// under way; a file scan only when not started. Every (state, action) pair is listed: allowed →
// next state.
const ALLOWED: Record<ScannerState, Partial<Record<ScannerAction, ScannerState>>> = {
  NOT_STARTED: { open: 'STARTING', scanFile: 'READING_FILE' },
  STARTING: { start: 'SCANNING', cameraFailed: 'NOT_STARTED', stop: 'NOT_STARTED' },
  SCANNING: { pause: 'PAUSED', stop: 'NOT_STARTED', scanFailure: 'SCANNING', match: 'FOUND', cameraLost: 'UNKNOWN' },
  PAUSED: { resume: 'SCANNING', stop: 'NOT_STARTED', cameraLost: 'UNKNOWN' },
  READING_FILE: { match: 'FOUND', fileFailed: 'NOT_STARTED', stop: 'NOT_STARTED' },
  FOUND: {},
  UNKNOWN: { reset: 'NOT_STARTED' },
};

describe('scanner state machine', () => {
  for (const state of SCANNER_STATES) {
    for (const action of SCANNER_ACTIONS) {
      const next = ALLOWED[state][action];
      if (next) {
        it(`${state} --${action}--> ${next}`, () => {
          expect(transition(state, action)).toEqual({ ok: true, state: next });
        });
      } else {
        it(`${state} refuses ${action} and stays ${state}`, () => {
          const result = transition(state, action);
          expect(result.ok).toBe(false);
          expect(result.state).toBe(state);
          if (!result.ok) expect(result.reason).toContain(action);
        });
      }
    }
  }

  it('the holder applies allowed actions, refuses the rest and tells listeners of changes', () => {
    const machine = new ScannerStateMachine();
    const seen: ScannerState[] = [];
    const unsubscribe = machine.subscribe((s) => seen.push(s.state));
    expect(machine.send('pause')).toBe(false);
    expect(machine.send('open')).toBe(true);
    expect(machine.send('start')).toBe(true);
    expect(machine.send('scanFailure')).toBe(true);
    expect(machine.send('scanFile')).toBe(false);
    expect(machine.send('pause')).toBe(true);
    expect(machine.send('pause')).toBe(false);
    expect(machine.send('resume')).toBe(true);
    expect(machine.send('cameraLost')).toBe(true);
    expect(machine.send('stop')).toBe(false);
    expect(machine.send('reset')).toBe(true);
    unsubscribe();
    machine.send('open');
    expect(seen).toEqual(['STARTING', 'SCANNING', 'PAUSED', 'SCANNING', 'UNKNOWN', 'NOT_STARTED']);
    expect(machine.state).toBe('STARTING');
  });

  it('a problem goes with the action that caused it and stays until a fresh attempt', () => {
    const machine = new ScannerStateMachine();
    const seen: Array<[ScannerSnapshot, ScannerSnapshot]> = [];
    machine.subscribe((now, before) => seen.push([now, before]));
    machine.send('open');
    machine.send('cameraFailed', 'scanner__camera_denied');
    expect(machine.snapshot).toEqual({ state: 'NOT_STARTED', problem: 'scanner__camera_denied' });
    // A refused action leaves the message too.
    expect(machine.send('pause', 'scanner__camera_error')).toBe(false);
    expect(machine.snapshot.problem).toBe('scanner__camera_denied');
    // Trying again clears it; a code without a card number shows the parse error and scanning goes on.
    machine.send('open');
    expect(machine.snapshot).toEqual({ state: 'STARTING', problem: null });
    machine.send('start');
    machine.send('scanFailure', 'scanner__parse_error');
    expect(machine.snapshot).toEqual({ state: 'SCANNING', problem: 'scanner__parse_error' });
    machine.send('scanFailure');
    expect(machine.snapshot.problem).toBe('scanner__parse_error');
    // A message without a change of state, then a photo: a fresh attempt.
    machine.report('scanner__device_query_error');
    expect(machine.snapshot).toEqual({ state: 'SCANNING', problem: 'scanner__device_query_error' });
    machine.send('stop');
    machine.send('scanFile');
    expect(machine.snapshot).toEqual({ state: 'READING_FILE', problem: null });
    machine.send('match');
    expect(machine.state).toBe('FOUND');
    // Listeners hear each change once, with what came before; an unchanged snapshot is not news.
    machine.report('scanner__device_query_error');
    machine.report('scanner__device_query_error');
    expect(seen.at(-1)).toEqual([
      { state: 'FOUND', problem: 'scanner__device_query_error' },
      { state: 'FOUND', problem: null },
    ]);
    expect(seen).toHaveLength(10);
  });
});

describe('scanner settings', () => {
  it('scans 10 frames a second with the back camera in a 250 px square box, remembering the last camera', () => {
    expect(SCANNER).toMatchObject({
      cardFps: 10,
      box: { width: 250, height: 250 },
      aspectRatio: 1,
      facingMode: 'environment',
      minBox: 50,
      resumeDelayMs: 200,
      continuousScanDelayMs: 500,
      rememberLastCamera: true,
      matchBorderColor: 'green',
    });
  });

  it('the scan box is 250 px, never larger than the view, at least 50', () => {
    expect(scanBoxSize(300, 300)).toBe(250);
    expect(scanBoxSize(640, 480)).toBe(250);
    expect(scanBoxSize(200, 300)).toBe(200);
    expect(scanBoxSize(120, 80)).toBe(80);
    expect(scanBoxSize(50, 50)).toBe(50);
    expect(scanBoxSize(40, 300)).toBe(40);
  });

  it('maps the box to the video frame under object-fit: cover', () => {
    // 640×480 video in a 300×300 view: scale 0.625, the 250 px box covers 400 video pixels.
    expect(boxInVideo(640, 480, 300, 300, 250)).toEqual({ x: 120, y: 40, width: 400, height: 400 });
    expect(boxInVideo(640, 480, 100, 100, 250)).toEqual({ x: 80, y: 0, width: 480, height: 480 });
  });

  it('takes a card number out of a decoded text', () => {
    expect(cardNumberFrom('6064000000000000101')).toBe('6064000000000000101');
    expect(cardNumberFrom('6064 0000 0000 0000 101')).toBe('6064000000000000101');
    expect(cardNumberFrom('A6064000000000000101A')).toBe('6064000000000000101');
    expect(cardNumberFrom('https://cards.example/c?n=6064000000000000101&x=1')).toBe('6064000000000000101');
    expect(cardNumberFrom('5901234123457')).toBeNull();
    expect(cardNumberFrom('hello')).toBeNull();
  });

  it('gives BarcodeDetector the formats it supports and ZXing the rest', () => {
    expect(splitFormats([])).toEqual({ native: [], zxing: expect.arrayContaining(['QRCode', 'MaxiCode', 'DataBar']) });
    const split = splitFormats(['qr_code', 'code_128', 'ean_13', 'unknown']);
    expect(split.native).toEqual(['qr_code', 'code_128', 'ean_13']);
    expect(split.zxing).not.toContain('QRCode');
    expect(split.zxing).toContain('MaxiCode');
  });
});
