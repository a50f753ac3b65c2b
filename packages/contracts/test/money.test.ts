import { describe, expect, it } from 'vitest';
import { currencySymbol, formatBalance, formatPayoutAmount } from '../src/index.js';

describe('money formatting', () => {
  it('divides minor units by 100 with two decimals and a decimal comma', () => {
    expect(formatBalance(2500)).toBe('25,00');
    expect(formatBalance(0)).toBe('0,00');
    expect(formatBalance(5)).toBe('0,05');
    expect(formatBalance(150)).toBe('1,50');
  });

  it('never groups thousands', () => {
    expect(formatBalance(123456789)).toBe('1234567,89');
  });

  it('formats negative amounts with a leading minus', () => {
    expect(formatBalance(-250)).toBe('-2,50');
  });

  it('refuses fractional minor units', () => {
    expect(() => formatBalance(12.5)).toThrow(TypeError);
  });

  it('formats payout amounts the same way', () => {
    expect(formatPayoutAmount(4000)).toBe('40,00');
  });

  it('finds currency symbols, none for NO_ASSET, the code itself when unknown', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('USD', 'en-US')).toBe('$');
    expect(currencySymbol('GBP', 'en-GB')).toBe('£');
    expect(currencySymbol('NO_ASSET')).toBe('');
    expect(currencySymbol('NOT-A-CODE')).toBe('NOT-A-CODE');
  });
});
