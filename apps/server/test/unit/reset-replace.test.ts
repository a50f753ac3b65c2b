import { evaluatePasscode } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { drawCardNumberLike, drawRecoveryCode, drawSecurityCode, KEPT_PREFIX_DIGITS, luhnCheckDigit, passesLuhn } from '../../src/cards/card-numbers.js';
import { isReplacedGiftCard, isUsableGiftCard, mayReplaceWhileBlocked } from '../../src/domain/card-state.js';
import { acceptedLanguages, chooseLanguage } from '../../src/domain/language.js';

describe('replacement card numbers', () => {
  it('keeps the length and the first 6 digits and draws the rest', () => {
    const old = '6064000000000000108';
    const drawn = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const n = drawCardNumberLike(old);
      expect(n).toMatch(/^\d{19}$/);
      expect(n.slice(0, KEPT_PREFIX_DIGITS)).toBe('606400');
      drawn.add(n);
    }
    expect(drawn.size).toBe(50);
    expect(drawCardNumberLike('4000123412341234')).toMatch(/^400012\d{10}$/);
  });

  it('keeps a Luhn-valid number Luhn-valid, and draws every digit of one that is not', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('6064000000000000108')).toBe(false);
    expect(luhnCheckDigit('411111111111111')).toBe(1);
    for (let i = 0; i < 50; i++) expect(passesLuhn(drawCardNumberLike('4111111111111111'))).toBe(true);
    // With a fixed digit source: all 9s after the prefix, then the check digit (or a 9).
    expect(drawCardNumberLike('4111111111111111', () => 9)).toBe(`411111999999999${luhnCheckDigit('411111999999999')}`);
    expect(drawCardNumberLike('6064000000000000108', () => 9)).toBe('6064009999999999999');
  });

  it('refuses a template that is not a card number', () => {
    expect(() => drawCardNumberLike('6064-0000')).toThrow();
    expect(() => drawCardNumberLike('1234567')).toThrow();
  });
});

describe('fresh codes', () => {
  it('draws 6-digit security codes the passcode rules accept, redrawing guessable ones', () => {
    const sequence = [123456, 777777, 42, 482913];
    expect(drawSecurityCode(() => sequence.shift()!)).toBe('000042');
    expect(sequence).toEqual([482913]);
    for (let i = 0; i < 100; i++) {
      const code = drawSecurityCode();
      expect(code).toMatch(/^\d{6}$/);
      expect(evaluatePasscode(code)).toBe('ok');
    }
  });

  it('draws 6-digit recovery codes', () => {
    for (let i = 0; i < 20; i++) expect(drawRecoveryCode()).toMatch(/^\d{6}$/);
  });
});

describe('replaced cards', () => {
  it('are blocked gift cards with a successor; no flow uses them', () => {
    const replaced = { kind: 'giftcard' as const, state: 'blocked', replaced_by_card_id: 'x', blocked_at: null };
    expect(isReplacedGiftCard(replaced)).toBe(true);
    expect(isUsableGiftCard(replaced)).toBe(false);
    expect(isReplacedGiftCard({ ...replaced, replaced_by_card_id: null })).toBe(false);
    expect(isReplacedGiftCard({ ...replaced, state: 'active' })).toBe(false);
    expect(isReplacedGiftCard({ ...replaced, kind: 'visa' })).toBe(false);
  });

  it('a blocked card is unusable; a lost or stolen one stays replaceable, one blocked for fraud not', () => {
    const card = { kind: 'giftcard' as const, state: 'active', blocked_at: null };
    expect(isUsableGiftCard(card)).toBe(true);
    const lost = { ...card, blocked_at: '2030-01-01T00:00:00.000Z', block_reason: 'lost' };
    expect(isUsableGiftCard(lost)).toBe(false);
    expect(mayReplaceWhileBlocked(lost)).toBe(true);
    expect(mayReplaceWhileBlocked({ ...lost, block_reason: 'stolen' })).toBe(true);
    expect(mayReplaceWhileBlocked({ ...lost, block_reason: 'fraud' })).toBe(false);
    expect(mayReplaceWhileBlocked(card)).toBe(false);
  });
});

describe('language of messages', () => {
  it('reads Accept-Language by weight, primary subtags only, without q=0', () => {
    expect(acceptedLanguages('de-DE, en-GB;q=0.9, nl;q=0.95')).toEqual(['de', 'nl', 'en']);
    expect(acceptedLanguages('EN-us,en;q=0.5,fr;q=0')).toEqual(['en']);
    expect(acceptedLanguages('*, nl-BE;q=0.8, ;q=1, 12')).toEqual(['nl']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });

  it("chooses the first wanted language the brand offers, else nl, else the flow's first", () => {
    const supported = ['nl', 'en'] as const;
    expect(chooseLanguage(['en'], ['nl', 'en'], supported)).toBe('en');
    expect(chooseLanguage([undefined, 'de', 'en'], ['nl', 'en'], supported)).toBe('en');
    expect(chooseLanguage(['en'], ['nl'], supported)).toBe('nl');
    expect(chooseLanguage(['de'], ['en', 'nl'], supported)).toBe('nl');
    expect(chooseLanguage([], ['en'], supported)).toBe('en');
    expect(chooseLanguage(['fr'], ['fr'], supported)).toBe('nl');
    expect(chooseLanguage([], [], supported)).toBe('nl');
  });
});
