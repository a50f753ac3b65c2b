import { describe, expect, it } from 'vitest';
import { evaluatePasscode, evaluateRepeat, isGuessable } from '../src/index.js';

describe('passcode rules (spec §5)', () => {
  it('is short below 6 characters', () => {
    expect(evaluatePasscode('')).toBe('short');
    expect(evaluatePasscode('Tq8m3')).toBe('short');
  });

  it('is too long from 7 characters', () => {
    expect(evaluatePasscode('Tq8m3xa')).toBe('long');
  });

  it('refuses non-alphanumerics', () => {
    expect(evaluatePasscode('Tq8m3!')).toBe('invalidCharacters');
    expect(evaluatePasscode('Tq 8m3')).toBe('invalidCharacters');
  });

  it('refuses guessable sequences', () => {
    for (const guess of ['123456', 'abcdef', 'aaaaaa', '654321', '111111', 'ABCDEF']) {
      expect(evaluatePasscode(guess), guess).toBe('guessable');
    }
    expect(isGuessable('a')).toBe(false);
    expect(isGuessable('ab')).toBe(true);
  });

  it('accepts 6 letters and digits that are not a sequence', () => {
    expect(evaluatePasscode('Tq8m3x')).toBe('ok');
    expect(evaluatePasscode('123457')).toBe('ok');
  });

  it('shows a mismatch only from 4 characters of the repeat', () => {
    expect(evaluateRepeat('Tq8m3x', 'abc')).toBe('pending');
    expect(evaluateRepeat('Tq8m3x', 'abcd')).toBe('mismatch');
    expect(evaluateRepeat('Tq8m3x', 'Tq8m3x')).toBe('match');
    expect(evaluateRepeat('', '')).toBe('pending');
  });
});
