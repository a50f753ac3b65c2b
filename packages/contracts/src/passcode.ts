import { PASSCODE_LENGTH, PASSCODE_MISMATCH_FROM } from './constants.js';

/**
 * docs/product/common.md#passcodes passcode rules, shared by the web app (messages) and the server
 * (SECURITY_CODE_INSECURE).
 */
export type PasscodeVerdict = 'short' | 'long' | 'invalidCharacters' | 'guessable' | 'ok';

/**
 * Guessable: at least 2 characters where every neighbour differs by at most 1 in character code.
 * That covers all-identical (aaaaaa), ascending (123456, abcdef) and descending (654321) runs.
 */
export function isGuessable(value: string): boolean {
  if (value.length < 2) return false;
  for (let i = 1; i < value.length; i++) {
    if (Math.abs(value.charCodeAt(i) - value.charCodeAt(i - 1)) > 1) return false;
  }
  return true;
}

export function evaluatePasscode(value: string): PasscodeVerdict {
  if (value.length > PASSCODE_LENGTH) return 'long';
  if (!/^[0-9a-zA-Z]*$/.test(value)) return 'invalidCharacters';
  if (value.length < PASSCODE_LENGTH) return 'short';
  if (isGuessable(value)) return 'guessable';
  return 'ok';
}

export type RepeatVerdict = 'pending' | 'mismatch' | 'match';

/** The repeat field: a mismatch shows only from 4 characters on. */
export function evaluateRepeat(passcode: string, repeat: string): RepeatVerdict {
  if (repeat.length > 0 && repeat === passcode) return 'match';
  if (repeat.length >= PASSCODE_MISMATCH_FROM) return 'mismatch';
  return 'pending';
}
