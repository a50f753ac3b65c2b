import { z } from 'zod';

/*
 * Free text that people or brands write and that later reaches a terminal, a log, an e-mail or an
 * export: a control character in it (an ANSI escape "\u001b[2J", a carriage return, a NUL) could
 * clear or rewrite an operator's screen, forge log lines or break a file. C0 (U+0000–U+001F), DEL
 * and C1 (U+0080–U+009F) are refused at the door; texts meant to span lines keep the line feed.
 * Kept out of the web app's first screen: only server, back-office and operator schemas use it.
 */

// Patterns of whole strings (not a search for the bad character) so that a JSON Schema made from
// these fields carries them as `pattern`, and editors flag the text too.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const PLAIN = /^[^\u0000-\u001f\u007f-\u009f]*$/;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const MULTILINE = /^[^\u0000-\u0009\u000b-\u001f\u007f-\u009f]*$/;
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

export const NO_CONTROL_CHARACTERS = 'no control characters (escape sequences, tabs, line breaks)';
export const ONLY_LINE_BREAKS = 'no control characters but line breaks';

/** A one-line text: names, references. Chain .min/.max/.trim on it like any z.string(). */
export const plainText = (params?: Parameters<typeof z.string>[0]) => z.string(params).regex(PLAIN, NO_CONTROL_CHARACTERS);

/** A text that may keep line feeds (\n) but no other control character: notes, brand texts. */
export const multilineText = (params?: Parameters<typeof z.string>[0]) => z.string(params).regex(MULTILINE, ONLY_LINE_BREAKS);

/**
 * A stored value as a terminal may show it: every control character (line feeds too, which would
 * break a table's row) becomes a space. For values stored before the check existed, or by a path
 * that did not check.
 */
export const printable = (text: string) => text.replace(CONTROL, ' ');
