import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { CARD_COLUMNS, importCards, REQUIRED_COLUMNS } from '../../import-cards.js';
import { OperatorError } from '../../operator-error.js';
import { EXIT, UsageError } from '../context.js';
import { CsvSyntaxError, readCsvFile } from '../csv.js';
import type { CommandSpec } from './types.js';

export const cardsImport: CommandSpec = {
  name: 'cards import',
  summary: 'import gift cards and Visa cards from a CSV file',
  help: `Usage: tessera cards import FILE [--dry-run] [--delimiter CHAR]

Imports the cards of a CSV file (UTF-8, a header row, then one card a row). Every row is checked
first; when any row is wrong, each problem is listed with its line number and nothing is
imported. Otherwise all cards are imported in one transaction, each with its opening balance.
The file is read once, a piece at a time, so its size does not matter for memory; on a terminal
the import shows how far it is (rows per second and the time left). --dry-run does all the work
of an import, then rolls it back.

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
    const delimiter = typeof values.delimiter === 'string' ? values.delimiter : ',';
    const dryRun = values['dry-run'] === true;
    const started = Date.now();
    const size = statSync(file).size;
    const hash = createHash('sha256');
    let bytesRead = 0;
    let result;
    try {
      result = await importCards(
        ctx,
        () =>
          readCsvFile(file, delimiter, 1 << 16, (piece, read) => {
            hash.update(piece);
            bytesRead = read;
          }),
        {
          source: path.basename(file),
          sourceDigest: () => hash.copy().digest('hex'),
          dryRun,
          // The time left is told by the bytes: the number of rows is known only at the end.
          progress: ctx.io.progress
            ? (rows) => {
                const seconds = Math.max((Date.now() - started) / 1000, 0.001);
                const left = bytesRead > 0 ? (seconds * (size - bytesRead)) / bytesRead : 0;
                ctx.io.progress!(`${rows} rows, ${Math.round(rows / seconds)} rows/s, ${Math.floor((100 * bytesRead) / Math.max(size, 1))}% of the file, about ${Math.ceil(left)} s left`);
              }
            : undefined,
        },
      );
    } catch (error) {
      if (ctx.io.progress) ctx.io.err('');
      if (error instanceof CsvSyntaxError) {
        throw new OperatorError('The file is not valid CSV; nothing was imported.', [error.message]);
      }
      throw error;
    }
    if (ctx.io.progress) ctx.io.err('');
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
