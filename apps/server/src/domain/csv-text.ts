/**
 * CSV as the operator's tool and the back office's reports write it (RFC 4180, CRLF), each text
 * cell neutralised against spreadsheet formulas. Pure: no I/O.
 */

/**
 * A text cell a spreadsheet would run as a formula (CSV injection): one starting with = + - or @
 * (or a tab or carriage return, which some spreadsheets skip before reading one). Such a cell
 * gets a leading apostrophe, which the spreadsheet shows as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 field. Numbers are written as they are (a negative amount stays a number); text is
 * guarded against formulas first, then quoted when it holds a comma, a quote or a line break
 * (quotes doubled).
 */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV text: the header, then one record a row, every record ended by CRLF (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | boolean | null)[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
