import { currencySymbol, formatPayoutAmount } from '@tessera/contracts';

/** U+2212: screen readers read it as "minus", where a hyphen is often read as "dash" or skipped. */
export const MINUS_SIGN = '\u2212';

/**
 * A payout amount as the cardholder reads it (docs/product/common.md#money): currency symbol, then
 * the amount with a decimal comma and no grouping ("€ 4000,00"); below zero with a minus sign in
 * front ("− € 1,00"). `negate` shows a positive amount as a deduction (the fee line: "− € 2,50").
 */
export function formatPayoutMoney(minor: number, assetCode: string, { negate = false }: { negate?: boolean } = {}): string {
  const value = negate ? -minor : minor;
  const symbol = currencySymbol(assetCode);
  const amount = formatPayoutAmount(Math.abs(value));
  const sign = value < 0 ? `${MINUS_SIGN} ` : '';
  return symbol ? `${sign}${symbol} ${amount}` : `${sign}${amount}`;
}
