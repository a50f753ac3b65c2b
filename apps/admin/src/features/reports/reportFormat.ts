/** How the reports' charts show days and amounts. */

/** The digits after the decimal point of a currency (EUR 2, JPY 0); 2 for a code Intl does not know. */
export function fractionDigits(assetCode: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: assetCode }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in minor units (as the ledger keeps it) in major units (2500 EUR → 25). */
export const majorUnits = (value: number, assetCode: string) => value / 10 ** fractionDigits(assetCode);

/** A short day label under a chart (27 Mar, 27 mrt): the calendar day, the same in every zone. */
export function shortDay(locale: string): (day: string) => string {
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (day) => format.format(new Date(`${day}T00:00:00Z`));
}

/** A number on a chart's axis in the reader's locale. */
export function axisNumber(locale: string, maximumFractionDigits: number): (value: number) => string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits });
  return (value) => format.format(value);
}

/** Every day from `from` to `to` (yyyy-mm-dd, both included). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length <= 400; ) {
    days.push(day);
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    day = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  }
  return days;
}
