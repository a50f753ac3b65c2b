import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isCalendarDate, reportMoment } from '../../../domain/report-period.js';
import { OperatorError } from '../../operator-error.js';
import { reportActivity } from '../../report-activity.js';
import { reportExpiring } from '../../report-expiring.js';
import { reportLiability } from '../../report-liability.js';
import { type CliContext, EXIT, UsageError } from '../context.js';
import { toCsv } from '../csv.js';
import type { CommandSpec, OptionSpecs, ParsedArgs } from './types.js';

/** The options every report takes. */
const COMMON: OptionSpecs = { format: { type: 'string' }, brand: { type: 'string' }, out: { type: 'string' } };

const COMMON_HELP = `  --format csv|json   csv (default: RFC 4180, a header line, CRLF; text cells that a spreadsheet
                      would run as a formula, starting with = + - @, get a leading ') or json
  --brand CODE        only this brand (tessera brands list)
  --out FILE          write the report here (it must not exist yet); without it, standard output
  -h, --help          show this help

Amounts are minor units (2500 EUR is 25.00 EUR), as the ledger keeps them. Days are
Europe/Amsterdam days; a DATE is yyyy-mm-dd.`;

function checkCommon(name: string, { values, positionals }: ParsedArgs): void {
  if (positionals.length > 0) throw new UsageError(`${name} takes no arguments (got "${positionals[0]!.slice(0, 40)}")`);
  if (values.format !== undefined && values.format !== 'csv' && values.format !== 'json') {
    throw new UsageError(`${name}: --format must be csv or json (not "${String(values.format).slice(0, 20)}")`);
  }
  if (values.brand !== undefined && String(values.brand).trim() === '') throw new UsageError(`${name}: --brand needs a brand code`);
  if (values.out !== undefined && String(values.out).trim() === '') throw new UsageError(`${name}: --out needs a file name`);
}

interface Report {
  /** What the JSON carries besides the rows: the report's name and parameters. */
  about: Record<string, string | number | null>;
  header: string[];
  rows: Record<string, string | number | boolean>[];
  /** The CSV cells of a row, in the header's order. */
  cells: (row: Record<string, string | number | boolean>) => (string | number | boolean)[];
}

/** Writes the report as CSV or JSON to --out (never over a file) or standard output. */
async function emit(ctx: CliContext, values: ParsedArgs['values'], report: Report): Promise<number> {
  const json = values.format === 'json';
  const text = json ? `${JSON.stringify({ ...report.about, rows: report.rows }, null, 2)}\n` : toCsv(report.header, report.rows.map(report.cells));
  if (typeof values.out !== 'string') {
    // io.out ends the text with its own line break: the CSV's last CRLF stays whole.
    ctx.io.out(text.slice(0, -1));
    return EXIT.ok;
  }
  const out = path.resolve(ctx.io.cwd, values.out);
  if (!existsSync(path.dirname(out))) throw new OperatorError(`The folder ${path.dirname(out)} does not exist; nothing was written.`);
  try {
    await writeFile(out, text, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new OperatorError(`${out} already exists; nothing was written. Choose a new file name.`);
    throw error;
  }
  ctx.io.out(`Wrote ${report.rows.length} row${report.rows.length === 1 ? '' : 's'} (${json ? 'json' : 'csv'}) to ${out}.`);
  return EXIT.ok;
}

const brandOf = (values: ParsedArgs['values']) => (typeof values.brand === 'string' ? values.brand : undefined);

export const reportsLiability: CommandSpec = {
  name: 'reports liability',
  summary: 'outstanding balances per brand and asset at a moment (what is owed)',
  help: `Usage: tessera reports liability [--at DATE|TIME] [--brand CODE] [--format csv|json] [--out FILE]

What is owed on open balances, per brand and asset: the sum of every ledger entry created at or
before the moment, so it equals the ledger's own sums (a card's balance is the sum of its
entries), and the number of cards with a balance above zero. Columns: brand, asset,
balance_minor, cards_with_balance, at.

Options:
  --at DATE|TIME      the moment: a DATE means the end of that Amsterdam day (month-end:
                      --at 2026-11-30), or an ISO time with a zone (2026-11-30T12:00:00Z);
                      default now
${COMMON_HELP}`,
  options: { ...COMMON, at: { type: 'string' } },
  check(args) {
    checkCommon('reports liability', args);
    const at = args.values.at;
    if (at !== undefined && !reportMoment(String(at))) {
      throw new UsageError(`reports liability: --at must be a date (yyyy-mm-dd) or an ISO time with a zone (not "${String(at).slice(0, 40)}")`);
    }
  },
  async run(ctx, { values }) {
    const at = typeof values.at === 'string' ? reportMoment(values.at)! : ctx.now();
    const brand = brandOf(values);
    const rows = await reportLiability(ctx, { at, ...(brand !== undefined && { brand }) });
    const iso = at.toISOString();
    return emit(ctx, values, {
      about: { report: 'liability', at: iso, brand: brand ?? null },
      header: ['brand', 'asset', 'balance_minor', 'cards_with_balance', 'at'],
      rows: rows.map((r) => ({ ...r })),
      cells: (r) => [r.brand!, r.asset!, r.balance!, r.cardsWithBalance!, iso],
    });
  },
};

export const reportsExpiring: CommandSpec = {
  name: 'reports expiring',
  summary: 'cards with a balance whose validity ends within DAYS',
  help: `Usage: tessera reports expiring --within DAYS [--brand CODE] [--format csv|json] [--out FILE]

The cards whose validity ends from today up to DAYS days ahead and that still hold a balance
above zero, per brand, soonest first: masked number, expiry, asset, balance, and whether the card
is blocked. Columns: brand, card, expires_at, asset, balance_minor, blocked.

Options:
  --within DAYS       1 to 3660 days
${COMMON_HELP}`,
  options: { ...COMMON, within: { type: 'string' } },
  check(args) {
    checkCommon('reports expiring', args);
    const within = args.values.within;
    if (typeof within !== 'string' || !/^\d{1,4}$/.test(within) || Number(within) < 1 || Number(within) > 3660) {
      throw new UsageError('reports expiring needs --within DAYS: a whole number of days from 1 to 3660');
    }
  },
  async run(ctx, { values }) {
    const withinDays = Number(values.within);
    const brand = brandOf(values);
    const rows = await reportExpiring(ctx, { withinDays, ...(brand !== undefined && { brand }) });
    return emit(ctx, values, {
      about: { report: 'expiring', withinDays, at: ctx.now().toISOString(), brand: brand ?? null },
      header: ['brand', 'card', 'expires_at', 'asset', 'balance_minor', 'blocked'],
      rows: rows.map((r) => ({ ...r })),
      cells: (r) => [r.brand!, r.card!, r.expiresAt!, r.asset!, r.balance!, r.blocked!],
    });
  },
};

export const reportsActivity: CommandSpec = {
  name: 'reports activity',
  summary: 'loads, payouts, fees, replacements, expiries, adjustments per brand and day',
  help: `Usage: tessera reports activity --from DATE --to DATE [--brand CODE] [--format csv|json] [--out FILE]

What moved on the cards per Amsterdam day (from and to included), brand, asset and ledger kind:
the number of entries and their sum. Kinds: load, payout and fee (negative; positive for a payout
credited back after a failure or a bank return), replacement_out and replacement_in (a balance
moved to a new card), expiry, adjustment (tessera cards adjust), redemption, refund. Days without
entries of a kind are left out. Columns: day, brand, asset, kind, entries, amount_minor.

Options:
  --from DATE         the first day
  --to DATE           the last day (at most 366 days after --from)
${COMMON_HELP}`,
  options: { ...COMMON, from: { type: 'string' }, to: { type: 'string' } },
  check(args) {
    checkCommon('reports activity', args);
    const { from, to } = args.values;
    if (typeof from !== 'string' || !isCalendarDate(from)) throw new UsageError('reports activity needs --from DATE (yyyy-mm-dd)');
    if (typeof to !== 'string' || !isCalendarDate(to)) throw new UsageError('reports activity needs --to DATE (yyyy-mm-dd)');
    if (to < from) throw new UsageError(`reports activity: --to (${to}) is before --from (${from})`);
    if (Date.parse(to) - Date.parse(from) > 366 * 86_400_000) throw new UsageError('reports activity: at most 366 days at a time');
  },
  async run(ctx, { values }) {
    const from = values.from as string;
    const to = values.to as string;
    const brand = brandOf(values);
    const rows = await reportActivity(ctx, { from, to, ...(brand !== undefined && { brand }) });
    return emit(ctx, values, {
      about: { report: 'activity', from, to, timeZone: 'Europe/Amsterdam', brand: brand ?? null },
      header: ['day', 'brand', 'asset', 'kind', 'entries', 'amount_minor'],
      rows: rows.map((r) => ({ ...r })),
      cells: (r) => [r.day!, r.brand!, r.asset!, r.kind!, r.entries!, r.amount!],
    });
  },
};
