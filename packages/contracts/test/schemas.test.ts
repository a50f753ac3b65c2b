import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, flowCodeOf, flowTypeOf, giftCardLookupRequestSchema } from '../src/index.js';

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
