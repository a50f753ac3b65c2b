/** Money is an integer in minor units; these format it as docs/product/common.md#money says. */

function splitMinor(minor: number): { sign: string; whole: string; cents: string } {
  if (!Number.isInteger(minor)) throw new TypeError('amount must be an integer in minor units');
  const abs = Math.abs(minor);
  return {
    sign: minor < 0 ? '-' : '',
    whole: String(Math.floor(abs / 100)),
    cents: String(abs % 100).padStart(2, '0'),
  };
}

/**
 * Balance of a Visa or gift card: nl formatting, two decimals, no grouping (2500 -> "25,00",
 * 123456789 -> "1234567,89"). Integer arithmetic, so no float rounding can creep in.
 */
export function formatBalance(minor: number): string {
  const { sign, whole, cents } = splitMinor(minor);
  return `${sign}${whole},${cents}`;
}

/** Payout amounts: a decimal comma and no grouping; the same shape as a balance. */
export const formatPayoutAmount = formatBalance;

/** The asset code of cards without a currency; it has no symbol. */
export const NO_ASSET = 'NO_ASSET';

/**
 * Symbol of an ISO 4217 code (EUR -> €); NO_ASSET has none; an unknown code shows as itself.
 */
export function currencySymbol(assetCode: string, locale = 'nl-NL'): string {
  if (assetCode === NO_ASSET) return '';
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: assetCode }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? assetCode;
  } catch {
    return assetCode;
  }
}
