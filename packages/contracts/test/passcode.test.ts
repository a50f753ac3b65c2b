import { describe, expect, it } from 'vitest';
import { evaluatePasscode, evaluateRepeat, isGuessable } from '../src/index.js';

describe('passcode rules', () => {
  it.each([
    ['is short below 6 characters', ['', 'Tq8m3'], 'short'],
    ['is too long from 7 characters', ['Tq8m3xa'], 'long'],
    ['refuses non-alphanumerics', ['Tq8m3!', 'Tq 8m3'], 'invalidCharacters'],
    ['accepts 6 letters and digits that are not a sequence', ['Tq8m3x', '123457'], 'ok'],
  ])('%s', (_rule, passcodes, verdict) => {
    for (const passcode of passcodes) expect(evaluatePasscode(passcode), passcode).toBe(verdict);
  });

  it('refuses guessable sequences', () => {
    for (const guess of ['123456', 'abcdef', 'aaaaaa', '654321', '111111', 'ABCDEF']) {
      expect(evaluatePasscode(guess), guess).toBe('guessable');
    }
    expect(isGuessable('a')).toBe(false);
    expect(isGuessable('ab')).toBe(true);
  });

  it('shows a mismatch only from 4 characters of the repeat', () => {
    expect(evaluateRepeat('Tq8m3x', 'abc')).toBe('pending');
    expect(evaluateRepeat('Tq8m3x', 'abcd')).toBe('mismatch');
    expect(evaluateRepeat('Tq8m3x', 'Tq8m3x')).toBe('match');
    expect(evaluateRepeat('', '')).toBe('pending');
  });
});
