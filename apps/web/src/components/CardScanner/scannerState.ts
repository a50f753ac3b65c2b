/**
 * The scanner's state machine (docs/product/common.md#scanner), the one record of what the dialog
 * is doing. Pure: no camera, no DOM.
 *
 * - NOT_STARTED: no camera running; a photo (file) may be scanned only in this state.
 * - STARTING: the camera was asked for and has not answered yet.
 * - SCANNING: the camera runs and frames are decoded.
 * - PAUSED: the camera stream is kept, decoding stops.
 * - READING_FILE: a chosen photo is being decoded.
 * - FOUND: a card number was read; the dialog closes with it. Nothing leaves this state.
 * - UNKNOWN: the camera was lost while scanning or paused (the track ended, the device went away);
 *   only a reset leaves it.
 *
 * Failures to read a frame (no code found, a checksum or a format error) are not fatal: they keep
 * the state, and scanning goes on.
 */
export type ScannerState = 'NOT_STARTED' | 'STARTING' | 'SCANNING' | 'PAUSED' | 'READING_FILE' | 'FOUND' | 'UNKNOWN';

export type ScannerAction =
  | 'open'
  | 'start'
  | 'cameraFailed'
  | 'pause'
  | 'resume'
  | 'stop'
  | 'scanFile'
  | 'fileFailed'
  | 'scanFailure'
  | 'match'
  | 'cameraLost'
  | 'reset';

export type ScanFailure = 'notFound' | 'checksum' | 'format';

/**
 * The docs/product/common.md#scanner scanner messages, plus the photo's "nothing found" (a message
 * key).
 */
export type ScannerProblem =
  | 'scanner__insecure_context'
  | 'scanner__no_streaming'
  | 'scanner__device_query_error'
  | 'scanner__parse_error'
  | 'scanner__file_error'
  | 'scanner__camera_denied'
  | 'scanner__camera_missing'
  | 'scanner__camera_busy'
  | 'scanner__camera_error';

export const SCANNER_STATES: readonly ScannerState[] = ['NOT_STARTED', 'STARTING', 'SCANNING', 'PAUSED', 'READING_FILE', 'FOUND', 'UNKNOWN'];
export const SCANNER_ACTIONS: readonly ScannerAction[] = [
  'open',
  'start',
  'cameraFailed',
  'pause',
  'resume',
  'stop',
  'scanFile',
  'fileFailed',
  'scanFailure',
  'match',
  'cameraLost',
  'reset',
];

/**
 * For every action: the states it is allowed in, the state it leads to (undefined: unchanged), and
 * whether it starts afresh (clears the message of an earlier attempt).
 */
const RULES: Record<ScannerAction, { from: readonly ScannerState[]; to?: ScannerState; fresh?: true }> = {
  open: { from: ['NOT_STARTED'], to: 'STARTING', fresh: true },
  start: { from: ['STARTING'], to: 'SCANNING' },
  cameraFailed: { from: ['STARTING'], to: 'NOT_STARTED' },
  pause: { from: ['SCANNING'], to: 'PAUSED' },
  resume: { from: ['PAUSED'], to: 'SCANNING' },
  // The camera or the photo is given up: another camera is chosen, or the dialog goes away.
  stop: { from: ['STARTING', 'SCANNING', 'PAUSED', 'READING_FILE'], to: 'NOT_STARTED' },
  // A file is read without the camera.
  scanFile: { from: ['NOT_STARTED'], to: 'READING_FILE', fresh: true },
  fileFailed: { from: ['READING_FILE'], to: 'NOT_STARTED' },
  // A frame without a (valid) code: not fatal, scanning goes on.
  scanFailure: { from: ['SCANNING'] },
  match: { from: ['SCANNING', 'READING_FILE'], to: 'FOUND' },
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

/** What the dialog shows: the state, and the message to announce (null: none). */
export interface ScannerSnapshot {
  readonly state: ScannerState;
  readonly problem: ScannerProblem | null;
}

/**
 * A tiny holder around `transition` for the UI: it refuses an action that is not allowed instead
 * of silently changing the state, and tells listeners about every change. It is read synchronously
 * (`state`) by the camera and scan loop after each await, so a late answer sees the current state.
 */
export class ScannerStateMachine {
  #snapshot: ScannerSnapshot = { state: 'NOT_STARTED', problem: null };
  readonly #listeners = new Set<(snapshot: ScannerSnapshot, previous: ScannerSnapshot) => void>();

  get state(): ScannerState {
    return this.#snapshot.state;
  }

  get snapshot(): ScannerSnapshot {
    return this.#snapshot;
  }

  /**
   * Applies `action`, with `problem` as the message to show; returns false (and changes nothing)
   * when it is refused. Without a problem, the message stays unless the action starts afresh.
   */
  send(action: ScannerAction, problem?: ScannerProblem): boolean {
    const result = transition(this.#snapshot.state, action);
    if (!result.ok) return false;
    this.#set({ state: result.state, problem: problem ?? (RULES[action].fresh ? null : this.#snapshot.problem) });
    return true;
  }

  /** Shows `problem` without a change of state (e.g. the cameras could not be listed). */
  report(problem: ScannerProblem): void {
    this.#set({ ...this.#snapshot, problem });
  }

  subscribe(listener: (snapshot: ScannerSnapshot, previous: ScannerSnapshot) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #set(next: ScannerSnapshot): void {
    const previous = this.#snapshot;
    if (next.state === previous.state && next.problem === previous.problem) return;
    this.#snapshot = next;
    this.#listeners.forEach((listener) => listener(next, previous));
  }
}
