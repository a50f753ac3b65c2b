/**
 * What an error report may keep of the text the web app sent (docs/security.md#error-reports).
 * The message and component stack come from the cardholder's browser: they may quote what was
 * typed (a card number, an IBAN, a code) and may carry characters that rewrite an operator's
 * terminal when the report is read there.
 */

/**
 * Control and format characters: C0 and C1 controls (ESC starts terminal sequences, CR overwrites
 * a line), bidirectional overrides and isolates (text that displays in another order than it
 * reads), zero-width characters and the BOM. Newline and tab stay: a component stack is one frame
 * a line, and neither can move the cursor back over text or start an escape sequence.
 */
const CONTROL = /(?![\n\t])[\p{Cc}\p{Cf}]/gu;
/** Line breaks other than \n (CR, CR LF, U+2028, U+2029) become \n before the rest is stripped. */
const LINE_BREAK = /\r\n?|[\u2028\u2029]/g;
/**
 * Four or more digits in a row, also when spaces or dashes separate them: a card number typed
 * as "6064 3650 1234 5678", a security code, an IBAN's account part, a phone number. Any script's
 * decimal digits count (fullwidth ６０６４ too). Shorter runs (a line:column, a status code) stay.
 */
const DIGIT_RUN = /\p{Nd}(?:[\s\-\u2010-\u2015\u2212]*\p{Nd}){3,}/gu;

export const DIGITS_MASK = '[digits]';

/** Line breaks as \n, without control characters. */
export function stripControls(text: string): string {
  return text.replace(LINE_BREAK, '\n').replace(CONTROL, '');
}

/** The text as stored: line breaks as \n, no control characters, no run of 4 or more digits. */
export function cleanReportText(text: string): string {
  // Controls first, so a zero-width character between digits cannot split a number.
  return stripControls(text).replace(DIGIT_RUN, DIGITS_MASK);
}
