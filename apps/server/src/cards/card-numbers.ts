import { randomInt } from 'node:crypto';
import { evaluatePasscode } from '@tessera/contracts';

/**
 * How many leading digits a replacement card keeps from the card it replaces: the issuer and
 * programme prefix (the "BIN" of a payment card), so the new card reads as the same brand's card.
 */
export const KEPT_PREFIX_DIGITS = 6;

/** A random decimal digit from the operating system's CSPRNG. */
export type DigitSource = () => number;
const cryptoDigit: DigitSource = () => randomInt(10);

/** The Luhn (mod 10) check of payment card numbers. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The digit that, appended to `digits`, makes the whole pass the Luhn check. */
export function luhnCheckDigit(digits: string): number {
  for (let d = 0; d < 10; d++) if (passesLuhn(`${digits}${d}`)) return d;
  throw new Error('unreachable: one of ten digits always completes a Luhn number');
}

/**
 * A new card number in the style of `like`: the same length, the same first KEPT_PREFIX_DIGITS
 * digits, the rest drawn at random. When `like` passes the Luhn check (as issued payment card
 * numbers do), the new number does too; otherwise its last digit is random as well. Whether the
 * number is free is the caller's to check (the blind index is unique).
 */
export function drawCardNumberLike(like: string, digit: DigitSource = cryptoDigit): string {
  if (!/^\d+$/.test(like) || like.length <= KEPT_PREFIX_DIGITS + 1) {
    throw new Error('drawCardNumberLike: expected a card number of digits only');
  }
  const luhn = passesLuhn(like);
  let number = like.slice(0, KEPT_PREFIX_DIGITS);
  const drawn = like.length - KEPT_PREFIX_DIGITS - (luhn ? 1 : 0);
  for (let i = 0; i < drawn; i++) number += String(digit());
  return luhn ? `${number}${luhnCheckDigit(number)}` : number;
}

/**
 * A fresh 6-digit security code for a new gift card, drawn uniformly among the codes the
 * docs/product/common.md#passcodes rules accept (a guessable one such as 123456 or 777777 is drawn
 * again).
 */
export function drawSecurityCode(draw: () => number = () => randomInt(1_000_000)): string {
  for (;;) {
    const code = String(draw()).padStart(6, '0');
    if (evaluatePasscode(code) === 'ok') return code;
  }
}

/** A 6-digit recovery code (RESET), every value equally likely. */
export function drawRecoveryCode(): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}
