import { describe, expect, it } from 'vitest';
import { CARD_NUMBER_AS_TYPED, ERROR_STATUS, cardNumberField, flowCodeOf, flowTypeOf, giftCardLookupRequestSchema, stripCardNumber } from '../src/index.js';

describe('gift card lookup request schema', () => {
  const valid = { code: 'DEMO', giftCardNumber: '6064 0000 0000 0000 101', pinCode: '482913', 'g-recaptcha-response': 'x' };

  it('strips the card number', () => {
    const parsed = giftCardLookupRequestSchema.parse(valid);
    expect(parsed.giftCardNumber).toBe('6064000000000000101');
  });

  it('refuses too short, too long and non-digit card numbers', () => {
    expect(giftCardLookupRequestSchema.safeParse({ ...valid, giftCardNumber: '6064 0000' }).success).toBe(false);
    expect(giftCardLookupRequestSchema.safeParse({ ...valid, giftCardNumber: '1'.repeat(20) }).success).toBe(false);
    expect(giftCardLookupRequestSchema.safeParse({ ...valid, giftCardNumber: '6064abcd00000000101' }).success).toBe(false);
  });

  it('publishes as its pattern exactly what it takes: 16 to 19 digits once spaces and punctuation are stripped', () => {
    // Strings of digits, letters and separators, from a fixed seed: the pattern and the rule agree on each.
    let seed = 28;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const alphabet = '0123456789012345678901234567890123456789 -./aZé\t';
    for (let i = 0; i < 5000; i++) {
      const length = next() % 40;
      const input = Array.from({ length }, () => alphabet[next() % alphabet.length]).join('');
      const rule = /^\d{16,19}$/.test(stripCardNumber(input));
      expect(CARD_NUMBER_AS_TYPED.test(input), JSON.stringify(input)).toBe(rule);
      expect(cardNumberField.safeParse(input).success, JSON.stringify(input)).toBe(rule);
    }
  });

  it('refuses a missing or oversized secret and wrong types', () => {
    expect(giftCardLookupRequestSchema.safeParse({ ...valid, pinCode: '' }).success).toBe(false);
    expect(giftCardLookupRequestSchema.safeParse({ ...valid, pinCode: 'a'.repeat(33) }).success).toBe(false);
    expect(giftCardLookupRequestSchema.safeParse({ ...valid, pinCode: 482913 }).success).toBe(false);
  });
});

describe('flow codes and error statuses', () => {
  it('maps RESET to the SECURITY_RESET header and back', () => {
    expect(flowTypeOf.RESET).toBe('SECURITY_RESET');
    expect(flowCodeOf.SECURITY_RESET).toBe('RESET');
  });

  it('answers the spec business codes with 400 and the contract codes with their status', () => {
    expect(ERROR_STATUS.SECURITY_CODE_INSECURE).toBe(400);
    expect(ERROR_STATUS.FLOW_UNAVAILABLE).toBe(403);
    expect(ERROR_STATUS.THEME_NOT_FOUND).toBe(404);
    expect(ERROR_STATUS.CARD_NOT_FOUND).toBe(404);
    expect(ERROR_STATUS.IDEMPOTENCY_CONFLICT).toBe(409);
  });
});
