import type { SortDescriptor } from 'react-aria-components';

/** A column's sort value: numbers compare as numbers, the rest as text in the page's language. */
export type SortValue = string | number | boolean;

/** The rows ordered as the table's sort descriptor says, by the column's value of each row. */
export function sortRows<Row>(rows: readonly Row[], sort: SortDescriptor | undefined, valueOf: (row: Row, column: string) => SortValue, locale: string): Row[] {
  if (!sort?.column) return [...rows];
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const column = String(sort.column);
  const direction = sort.direction === 'descending' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = valueOf(a, column);
    const y = valueOf(b, column);
    const order = typeof x === 'string' || typeof y === 'string' ? collator.compare(String(x), String(y)) : Number(x) - Number(y);
    return order * direction;
  });
}
