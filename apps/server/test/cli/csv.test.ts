import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvField, CsvSyntaxError, parseCsv, readCsvFile, toCsv } from '../../src/operator/cli/csv.js';

const fields = (text: string, delimiter?: string) => parseCsv(text, delimiter).map((r) => r.fields);

describe('parseCsv', () => {
  it('reads plain records with LF, CRLF and a missing final line break', () => {
    expect(fields('a,b\n1,2\n')).toEqual([['a', 'b'], ['1', '2']]);
    expect(fields('a,b\r\n1,2\r\n3,4')).toEqual([['a', 'b'], ['1', '2'], ['3', '4']]);
  });

  it('reads quoted fields with delimiters, doubled quotes and line breaks inside', () => {
    const records = parseCsv('name,note\r\n"de Vries, J.","say ""hi"""\r\n"two\r\nlines",""\r\nlast,x');
    expect(records.map((r) => r.fields)).toEqual([
      ['name', 'note'],
      ['de Vries, J.', 'say "hi"'],
      ['two\r\nlines', ''],
      ['last', 'x'],
    ]);
    // Line numbers are where each record starts.
    expect(records.map((r) => r.line)).toEqual([1, 2, 3, 5]);
  });

  it('keeps empty fields, skips blank lines and a byte order mark', () => {
    const records = parseCsv('\ufeffa,b,c\n\n1,,\n,,\n');
    expect(records.map((r) => r.fields)).toEqual([['a', 'b', 'c'], ['1', '', ''], ['', '', '']]);
    expect(records.map((r) => r.line)).toEqual([1, 3, 4]);
  });

  it('reads another delimiter', () => {
    expect(fields('a;b\n"1;2";3', ';')).toEqual([['a', 'b'], ['1;2', '3']]);
  });

  it('refuses an unclosed quote, text after a closing quote and a stray quote, naming the line', () => {
    expect(() => parseCsv('a\n"open\n')).toThrow(new CsvSyntaxError(2, 'a quoted field is not closed'));
    expect(() => parseCsv('a,b\n"x"y,1')).toThrow(/line 2: unexpected text after a closing quote/);
    expect(() => parseCsv('a,b\n1,2\nO"Brien,3')).toThrow(/line 3: a quote inside an unquoted field/);
  });
});

/** A file of its own holding `text`. */
function csvFile(text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'csv-')), 'f.csv');
  writeFileSync(file, text);
  return file;
}

describe('readCsvFile', () => {
  it('reads a file in small pieces exactly as parseCsv reads it whole', async () => {
    const text = '\ufeffa,b,c\r\n1,"two\nlines, and ""quotes""",3\r\n4,5,6\n"x\r\ny",,\r"z",8,9\n\n10,11,12';
    const file = csvFile(text);
    const whole = parseCsv(text);
    for (const piece of [1, 3, 7, 64, 1 << 20]) {
      const read = [];
      for await (const record of readCsvFile(file, ',', piece)) read.push(record);
      expect(read, `pieces of ${piece} bytes`).toEqual(whole);
    }
  });

  it('joins a character split between two pieces and tells every byte it read', async () => {
    const text = 'name,city\nJosé Ñúñez,Zürich\n"Ærø, 東京",€\n';
    const file = csvFile(text);
    for (const piece of [1, 2, 5]) {
      const read = [];
      let bytes = 0;
      const pieces: Buffer[] = [];
      for await (const record of readCsvFile(file, ',', piece, (p, total) => {
        pieces.push(Buffer.from(p));
        bytes = total;
      })) read.push(record);
      expect(read, `pieces of ${piece} bytes`).toEqual(parseCsv(text));
      expect(bytes).toBe(Buffer.byteLength(text));
      expect(Buffer.concat(pieces).toString('utf8')).toBe(text);
    }
  });

  it('reports a syntax error at its line in a later piece', async () => {
    const file = csvFile('a,b\n1,2\n3,4\n5,x"y\n');
    const read = async () => {
      for await (const _ of readCsvFile(file, ',', 4)) void _;
    };
    await expect(read()).rejects.toThrow(/^line 4: a quote inside an unquoted field/);
  });
});

describe('toCsv', () => {
  it('writes RFC 4180: quotes fields with commas, quotes or line breaks, CRLF after every record', () => {
    const text = toCsv(['name', 'amount'], [['de Vries, J.', 2500], ['say "hi"', -500], ['two\nlines', 0], [null, 1]]);
    expect(text).toBe('name,amount\r\n"de Vries, J.",2500\r\n"say ""hi""",-500\r\n"two\nlines",0\r\n,1\r\n');
    // What it writes reads back as it was.
    expect(parseCsv(text).map((r) => r.fields)).toEqual([['name', 'amount'], ['de Vries, J.', '2500'], ['say "hi"', '-500'], ['two\nlines', '0'], ['', '1']]);
  });

  it('keeps a spreadsheet from running a text cell as a formula, and leaves numbers numbers', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    for (const start of ['+', '-', '@', '\t', '\r']) expect(csvField(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField(-500)).toBe('-500');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(true)).toBe('true');
  });
});
