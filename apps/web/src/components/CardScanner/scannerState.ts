/**
 * The scanner's state machine (spec §2.10). Pure: no camera, no DOM.
 *
 * - NOT_STARTED: no camera running; a photo (file) may be scanned only in this state.
 * - SCANNING: the camera runs and frames are decoded.
 * - PAUSED: the camera stream is kept, decoding stops.
 * - UNKNOWN: the camera was lost while scanning or paused (the track ended, the device went away);
 *   only a reset leaves it.
 *
 * Failures to read a frame (no code found, a checksum or a format error) are not fatal: they keep
 * the state, and scanning goes on.
 */
export type ScannerState = 'NOT_STARTED' | 'SCANNING' | 'PAUSED' | 'UNKNOWN';

export type ScannerAction =
  | 'start'
  | 'pause'
  | 'resume'
  | 'stop'
  | 'scanFile'
  | 'scanFailure'
  | 'match'
  | 'cameraLost'
  | 'reset';

export type ScanFailure = 'notFound' | 'checksum' | 'format';

export const SCANNER_STATES: readonly ScannerState[] = ['NOT_STARTED', 'SCANNING', 'PAUSED', 'UNKNOWN'];
export const SCANNER_ACTIONS: readonly ScannerAction[] = ['start', 'pause', 'resume', 'stop', 'scanFile', 'scanFailure', 'match', 'cameraLost', 'reset'];

/** For every action: the states it is allowed in and the state it leads to (undefined: unchanged). */
const RULES: Record<ScannerAction, { from: readonly ScannerState[]; to?: ScannerState }> = {
  start: { from: ['NOT_STARTED'], to: 'SCANNING' },
  pause: { from: ['SCANNING'], to: 'PAUSED' },
  resume: { from: ['PAUSED'], to: 'SCANNING' },
  stop: { from: ['SCANNING', 'PAUSED'], to: 'NOT_STARTED' },
  // A file is read without the camera; the state stays NOT_STARTED.
  scanFile: { from: ['NOT_STARTED'] },
  // A frame without a (valid) code: not fatal, scanning goes on.
  scanFailure: { from: ['SCANNING'] },
  // A code was read; the caller decides whether to stop.
  match: { from: ['SCANNING'] },
  cameraLost: { from: ['SCANNING', 'PAUSED'], to: 'UNKNOWN' },
  reset: { from: ['UNKNOWN'], to: 'NOT_STARTED' },
};

export type TransitionResult =
  | { ok: true; state: ScannerState }
  | { ok: false; state: ScannerState; reason: string };

/** The state after `action` in `state`, or a refusal that keeps the state. */
export function transition(state: ScannerState, action: ScannerAction): TransitionResult {
  const rule = RULES[action];
  if (!rule.from.includes(state)) {
    return { ok: false, state, reason: `cannot ${action} while ${state}; allowed while ${rule.from.join(' or ')}` };
  }
  return { ok: true, state: rule.to ?? state };
}

export function canTransition(state: ScannerState, action: ScannerAction): boolean {
  return transition(state, action).ok;
}

/** Not found, checksum and format failures never end a scan (spec §2.10). */
export function isFatalScanFailure(failure: ScanFailure): boolean {
  void failure;
  return false;
}

/**
 * A tiny holder around `transition` for the UI: it refuses an action that is not allowed instead
 * of silently changing the state, and tells listeners about every change.
 */
export class ScannerStateMachine {
  #state: ScannerState = 'NOT_STARTED';
  readonly #listeners = new Set<(state: ScannerState) => void>();

  get state(): ScannerState {
    return this.#state;
  }

  /** Applies `action`; returns false (and changes nothing) when it is refused. */
  send(action: ScannerAction): boolean {
    const result = transition(this.#state, action);
    if (!result.ok) return false;
    if (result.state !== this.#state) {
      this.#state = result.state;
      this.#listeners.forEach((listener) => listener(result.state));
    }
    return true;
  }

  subscribe(listener: (state: ScannerState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
