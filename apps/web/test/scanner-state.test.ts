import { describe, expect, it } from 'vitest';
import {
  SCANNER_ACTIONS,
  SCANNER_STATES,
  ScannerStateMachine,
  isFatalScanFailure,
  transition,
  type ScannerAction,
  type ScannerState,
} from '../src/components/CardScanner/scannerState';
import { boxInVideo, cardNumberFrom, scanBoxSize, SCANNER } from '../src/components/CardScanner/scannerSettings';
import { splitFormats } from '../src/components/CardScanner/decoder';

// Spec §2.10: pause requires scanning; resume requires paused; stop requires scanning or paused;
// a file scan only when not started. Every (state, action) pair is listed: allowed → next state.
const ALLOWED: Record<ScannerState, Partial<Record<ScannerAction, ScannerState>>> = {
  NOT_STARTED: { start: 'SCANNING', scanFile: 'NOT_STARTED' },
  SCANNING: { pause: 'PAUSED', stop: 'NOT_STARTED', scanFailure: 'SCANNING', match: 'SCANNING', cameraLost: 'UNKNOWN' },
  PAUSED: { resume: 'SCANNING', stop: 'NOT_STARTED', cameraLost: 'UNKNOWN' },
  UNKNOWN: { reset: 'NOT_STARTED' },
};

describe('scanner state machine (spec §2.10)', () => {
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

  it('not found, checksum and format failures are never fatal', () => {
    expect(isFatalScanFailure('notFound')).toBe(false);
    expect(isFatalScanFailure('checksum')).toBe(false);
    expect(isFatalScanFailure('format')).toBe(false);
  });

  it('the holder applies allowed actions, refuses the rest and tells listeners of changes', () => {
    const machine = new ScannerStateMachine();
    const seen: ScannerState[] = [];
    const unsubscribe = machine.subscribe((s) => seen.push(s));
    expect(machine.send('pause')).toBe(false);
    expect(machine.send('scanFile')).toBe(true);
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
    machine.send('start');
    expect(seen).toEqual(['SCANNING', 'PAUSED', 'SCANNING', 'UNKNOWN', 'NOT_STARTED']);
    expect(machine.state).toBe('SCANNING');
  });
});

describe('scanner settings (spec §9)', () => {
  it('uses the §9 constants', () => {
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
