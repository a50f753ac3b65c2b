import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

/**
 * A small RFC 4180 reader: fields separated by a delimiter, records by CRLF, LF or CR, fields in
 * double quotes may hold delimiters, line breaks and doubled quotes (""). Strict where files
 * written by hand go wrong (a stray quote, an unclosed quote), so a damaged file is refused
 * instead of being read differently from what the operator meant.
 */

export interface CsvRecord {
  /** The 1-based line of the file where the record starts (a quoted field may span lines). */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvSyntaxError';
  }
}

/** `firstLine`: the file line `text` starts at (a part of a file read in pieces, readCsvFile). */
export function parseCsv(text: string, delimiter = ',', firstLine = 1): CsvRecord[] {
  if (delimiter.length !== 1 || delimiter === '"' || delimiter === '\n' || delimiter === '\r') {
    throw new Error('the delimiter must be one character other than a quote or a line break');
  }
  // Spreadsheets often start UTF-8 files with a byte order mark.
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = firstLine;
  let recordLine = firstLine;
  let i = 0;
  // Whether the current record has any content; a blank line is no record.
  let started = false;

  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    if (started) records.push({ line: recordLine, fields });
    fields = [];
    started = false;
  };
  const newline = (at: number): number => {
    // Answers the length of the line break at `at` (0 when there is none).
    if (input[at] === '\r') return input[at + 1] === '\n' ? 2 : 1;
    if (input[at] === '\n') return 1;
    return 0;
  };

  while (i < input.length) {
    if (!started) recordLine = line;
    const ch = input[i]!;
    if (ch === '"' && field === '') {
      // A quoted field runs to the next quote that is not doubled.
      const quoteLine = line;
      started = true;
      i++;
      let closed = false;
      while (i < input.length) {
        const c = input[i]!;
        if (c === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          closed = true;
          break;
        }
        const nl = newline(i);
        if (nl > 0) {
          field += input.slice(i, i + nl);
          line++;
          i += nl;
          continue;
        }
        field += c;
        i++;
      }
      if (!closed) throw new CsvSyntaxError(quoteLine, 'a quoted field is not closed');
      if (i < input.length && input[i] !== delimiter && newline(i) === 0) {
        throw new CsvSyntaxError(line, 'unexpected text after a closing quote (write a quote inside a quoted field as "")');
      }
      // Mark the field as present even when it is the empty string "".
      if (i >= input.length || input[i] !== delimiter) {
        fields.push(field);
        field = '';
        const nl = newline(i);
        if (started) records.push({ line: recordLine, fields });
        fields = [];
        started = false;
        if (nl > 0) {
          i += nl;
          line++;
        }
        continue;
      }
      endField();
      i++; // the delimiter
      continue;
    }
    if (ch === delimiter) {
      started = true;
      endField();
      i++;
      continue;
    }
    const nl = newline(i);
    if (nl > 0) {
      endRecord();
      i += nl;
      line++;
      continue;
    }
    if (ch === '"') {
      throw new CsvSyntaxError(line, 'a quote inside an unquoted field (quote the whole field and double the quote: "a ""b"" c")');
    }
    started = true;
    field += ch;
    i++;
  }
  // The last record when the file does not end with a line break.
  if (started) endRecord();
  return records;
}

/**
 * The records of a CSV file, read a piece at a time so memory stays flat whatever the file's size
 * (the card import reads a million rows twice). Each piece ends at a line break outside quotes:
 * a quote inside a field is doubled, so an even count of quotes before a line break means it ends
 * a record. The pieces go through parseCsv, with its checks and line numbers.
 */
export async function* readCsvFile(
  file: string,
  delimiter = ',',
  pieceBytes = 1 << 20,
  /** Told each piece as read (the card import hashes the file and shows how far it is). */
  onRead?: (piece: Buffer, bytesRead: number) => void,
): AsyncGenerator<CsvRecord> {
  let carry = '';
  let line = 1;
  let first = true;
  let bytesRead = 0;
  // A character split between two pieces is joined again by the decoder.
  const decoder = new StringDecoder('utf8');
  for await (const piece of createReadStream(file, { highWaterMark: pieceBytes })) {
    bytesRead += (piece as Buffer).length;
    onRead?.(piece as Buffer, bytesRead);
    let text = carry + decoder.write(piece as Buffer);
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    first = false;
    let quotes = 0;
    let cut = -1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) quotes++;
      else if (c === 10 && quotes % 2 === 0) cut = i;
    }
    if (cut < 0) {
      carry = text;
      continue;
    }
    const complete = text.slice(0, cut + 1);
    carry = text.slice(cut + 1);
    yield* parseCsv(complete, delimiter, line);
    line += countLineBreaks(complete);
  }
  carry += decoder.end();
  if (carry.length > 0) yield* parseCsv(carry, delimiter, line);
}

/** Line breaks as parseCsv counts them: CRLF, LF or CR each one. */
function countLineBreaks(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) n++;
    else if (c === 13) {
      n++;
      if (text.charCodeAt(i + 1) === 10) i++;
    }
  }
  return n;
}

// Writing CSV lives in domain/csv-text.ts: the back office's reports write the same cells.
export { csvField, toCsv } from '../../domain/csv-text.js';
