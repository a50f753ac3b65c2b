import { readFile } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { CARD_COLUMNS, importCards, REQUIRED_COLUMNS } from '../../import-cards.js';
import { OperatorError } from '../../operator-error.js';
import { EXIT, UsageError } from '../context.js';
import { CsvSyntaxError, parseCsv } from '../csv.js';
import type { CommandSpec } from './types.js';

/** Larger files are better split: the whole file is one transaction and held in memory. */
const MAX_FILE_BYTES = 100 * 1024 * 1024;

export const cardsImport: CommandSpec = {
  name: 'cards import',
  summary: 'import gift cards and Visa cards from a CSV file',
  help: `Usage: tessera cards import FILE [--dry-run] [--delimiter CHAR]

Imports the cards of a CSV file (UTF-8, a header row, then one card a row). Every row is checked
first; when any row is wrong, each problem is listed with its line number and nothing is
imported. Otherwise all cards are imported in one transaction, each with its opening balance.

Columns (names are case-insensitive; order is free; ${REQUIRED_COLUMNS.join(', ')} are required):
  ${CARD_COLUMNS.join(', ')}
See docs/operations.md for what each column holds, with an example.

Options:
      --dry-run          check the file and report, write nothing
      --delimiter CHAR   the field separator (default ","; ";" for spreadsheets set to Dutch)
  -h, --help             show this help`,
  options: {
    'dry-run': { type: 'boolean' },
    delimiter: { type: 'string' },
  },
  check({ positionals, values }) {
    if (positionals.length === 0) throw new UsageError('cards import needs the CSV file: tessera cards import FILE');
    if (positionals.length > 1) throw new UsageError('cards import takes one file');
    const delimiter = values.delimiter;
    if (delimiter !== undefined && (typeof delimiter !== 'string' || delimiter.length !== 1 || /["\r\n]/.test(delimiter))) {
      throw new UsageError('--delimiter must be one character, such as "," or ";" (not a quote or a line break)');
    }
  },
  async run(ctx, { positionals, values }) {
    const file = path.resolve(ctx.io.cwd, positionals[0]!);
    if (!existsSync(file) || !statSync(file).isFile()) throw new OperatorError(`No such file: ${file}`);
    if (statSync(file).size > MAX_FILE_BYTES) throw new OperatorError(`${file} is larger than 100 MB; split it into several files.`);
    const text = await readFile(file, 'utf8');
    let records;
    try {
      records = parseCsv(text, typeof values.delimiter === 'string' ? values.delimiter : ',');
    } catch (error) {
      if (error instanceof CsvSyntaxError) {
        throw new OperatorError('The file is not valid CSV; nothing was imported.', [error.message]);
      }
      throw error;
    }
    const dryRun = values['dry-run'] === true;
    const result = await importCards(ctx, records, { source: path.basename(file), dryRun });
    const kinds = Object.entries(result.byKind)
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', ');
    const brands = Object.entries(result.byBrand)
      .map(([code, n]) => `${code} ${n}`)
      .join(', ');
    const noun = result.imported === 1 ? 'card' : 'cards';
    if (dryRun) {
      ctx.io.out(`Checked ${result.imported} ${noun} (${kinds}; brands: ${brands}): the file is good. Nothing was written (--dry-run).`);
    } else {
      ctx.io.out(`Imported ${result.imported} ${noun} (${kinds}; brands: ${brands}).`);
    }
    return EXIT.ok;
  },
};
