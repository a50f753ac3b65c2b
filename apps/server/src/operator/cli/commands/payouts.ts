import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { maskCardNumber } from '@tessera/contracts';
import { listPayouts, PAYOUT_STATUSES, type PayoutStatus } from '../../../db/repositories/payouts.js';
import { DEFAULT_PAIN_FORMAT, PAIN_FORMATS, type PainFormat } from '../../../domain/sepa.js';
import { DEMO_PAYOUT_DEBTOR } from '../../../config/index.js';
import { exportPayouts, type FileTarget } from '../../export-payouts.js';
import { reexportPayoutBatch } from '../../reexport-payouts.js';
import { BATCH_ID } from '../../../payout-batches/payout-file.js';
import { OperatorError } from '../../operator-error.js';
import { PAYOUT_KEY, type Settlement, settlePayouts } from '../../settle-payouts.js';
import { type CliIo, EXIT, UsageError } from '../context.js';
import { money, printTable } from '../table.js';
import type { CommandSpec } from './types.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const payoutsList: CommandSpec = {
  name: 'payouts list',
  summary: 'list payouts (pending, held, exported, paid, failed, returned, rejected) with masked IBANs',
  help: `Usage: tessera payouts list [--status pending|held|exported|paid|failed|returned|rejected]

Lists payouts, oldest first, one a line: id, status, when it was requested, brand, card (masked),
amount, fee, IBAN (masked: bank code and last 4 characters), the payout file (batch) it went into
and its end-to-end id (what the bank quotes on a statement or a return). A summary per status
follows. Names and full IBANs are never printed.

  pending    requested by the cardholder, money debited from the card, not in a file yet
  exported   in a payout file ("tessera payouts export"); waiting for the bank
  paid       the bank executed it ("tessera payouts mark-paid")
  failed     refused or returned; payout and fee credited back to the card ("tessera payouts mark-failed")
  returned   paid, then sent back by the bank; credited back to the card ("tessera payouts return")
  held       a review rule held it (docs/back-office.md); no export takes it until staff release it
  rejected   staff rejected it after a hold; payout and fee credited back to the card

Options:
  --status STATUS   only payouts with this status
  -h, --help        show this help`,
  options: { status: { type: 'string' } },
  check({ values }) {
    const status = values.status;
    if (status !== undefined && !PAYOUT_STATUSES.includes(status as PayoutStatus)) {
      throw new UsageError(`payouts list: --status must be one of ${PAYOUT_STATUSES.join(', ')} (not "${String(status).slice(0, 20)}")`);
    }
  },
  async run(ctx, { values }) {
    const status = values.status as PayoutStatus | undefined;
    const rows = await listPayouts(ctx.db, { status });
    if (rows.length === 0) {
      ctx.io.out(status ? `No ${status} payouts.` : 'No payouts.');
      return EXIT.ok;
    }
    const table = [
      ['ID', 'STATUS', 'REQUESTED', 'BRAND', 'CARD', 'AMOUNT', 'FEE', 'IBAN', 'BATCH', 'END-TO-END ID'],
      ...rows.map((r) => [
        r.id,
        r.status,
        `${r.created_at.slice(0, 16).replace('T', ' ')}Z`,
        r.brand_code,
        maskCardNumber(r.card_last3),
        money(r.amount, r.asset_code),
        money(r.fee, r.asset_code),
        r.iban_hint,
        r.batch_id ?? '-',
        r.end_to_end_id,
      ]),
    ];
    printTable(ctx.io, table);
    const summary = PAYOUT_STATUSES.flatMap((s) => {
      const of = rows.filter((r) => r.status === s);
      return of.length === 0 ? [] : [`${of.length} ${s} (${money(of.reduce((sum, r) => sum + r.amount, 0), of[0]!.asset_code)})`];
    });
    ctx.io.out(`${plural(rows.length, 'payout')}: ${summary.join(', ')}.`);
    return EXIT.ok;
  },
};

/** Writes next to the target under a temporary name, and links it into place after the commit. */
function fileTarget(file: string): FileTarget {
  return {
    async stage(xml) {
      const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      // The file holds names and IBANs: readable by the operator only.
      await writeFile(temp, xml, { flag: 'wx', mode: 0o600 });
      return {
        async commit() {
          try {
            // link() refuses to replace an existing file, unlike rename().
            await link(temp, file);
          } catch (error) {
            throw new OperatorError(
              `The payouts were exported, but the file could not be put in place (${(error as Error).message}). It is complete at ${temp}: rename it and send that file.`,
            );
          }
          await unlink(temp).catch(() => undefined);
        },
        abort: () => unlink(temp),
      };
    },
  };
}

function stdoutTarget(io: CliIo): FileTarget {
  return {
    stage: async (xml) => ({
      commit: async () => io.out(xml.replace(/\n$/, '')),
      abort: async () => undefined,
    }),
  };
}

export const payoutsExport: CommandSpec = {
  name: 'payouts export',
  summary: 'write a SEPA credit transfer file of all pending payouts (or a lost file again: --batch)',
  help: `Usage: tessera payouts export [--format pain.001.001.09|pain.001.001.03] [--out FILE]
       tessera payouts export --batch ID [--out FILE]

Writes one SEPA credit transfer file (ISO 20022 pain.001) with every pending payout (never a held
one: staff release it in the back office first), paid from
the account in PAYOUT_DEBTOR_NAME / PAYOUT_DEBTOR_IBAN / PAYOUT_DEBTOR_BIC, and marks those payouts
exported, so a second export never pays them again. Upload the file to the bank. In demo mode
without PAYOUT_DEBTOR_* the file is paid from a demo account ("${DEMO_PAYOUT_DEBTOR.name}",
${DEMO_PAYOUT_DEBTOR.iban}), which production refuses.

The file is validated against the ISO 20022 schema before it is written, and keeps the EPC rules
the schema does not check: EUR only, service level SEPA, charge bearer SLEV, the Latin character
set (names are transliterated: é → e, ß → ss, Ł → L; what cannot be mapped becomes "."), names of
at most 70 characters, one remittance line of at most 140. A file that does not validate is not
written and nothing is marked. With nothing pending, nothing is written.

--batch ID writes a lost file again: the same payouts, message id, end-to-end ids, amounts and
creation time, byte for byte (checked against the hash kept at the export; when a brand's name or
the payout account changed since, it is refused). Refused when the bank reported on any of its
payouts (paid, failed, returned): sending it again could pay twice. No payout changes; the audit
trail records it. The bank refuses the file as a duplicate when it did receive the first one.

Options:
  --format FORMAT   pain.001.001.09 (default, the EPC's current version) or pain.001.001.03
                    (for banks that still ask for it); with --batch the batch's own format
  --batch ID        the file (batch) to write again: its id, the BATCH of "tessera payouts list"
  --out FILE        write the file here (it must not exist yet); without it the XML goes to
                    standard output and the summary to standard error
  -h, --help        show this help`,
  options: { format: { type: 'string' }, out: { type: 'string' }, batch: { type: 'string' } },
  check({ values, positionals }) {
    if (positionals.length > 0) throw new UsageError(`payouts export takes no arguments (got "${positionals[0]!.slice(0, 40)}"); use --out FILE for the file`);
    if (values.format !== undefined && !PAIN_FORMATS.includes(values.format as PainFormat)) {
      throw new UsageError(`payouts export: --format must be ${PAIN_FORMATS.join(' or ')} (not "${String(values.format).slice(0, 30)}")`);
    }
    if (values.batch !== undefined && values.format !== undefined) throw new UsageError('payouts export: --batch writes the file in its own format; leave out --format');
    if (values.batch !== undefined && !BATCH_ID.test(String(values.batch))) {
      throw new UsageError(`payouts export: --batch needs a batch id such as TSR-20261126093000-a1b2c3 (not "${String(values.batch).slice(0, 40)}")`);
    }
    if (values.out !== undefined && String(values.out).trim() === '') throw new UsageError('payouts export: --out needs a file name');
  },
  async run(ctx, { values }) {
    const format = (values.format as PainFormat | undefined) ?? DEFAULT_PAIN_FORMAT;
    const debtor = ctx.config.payoutDebtor;
    if (!debtor) {
      ctx.io.err('tessera payouts export: the payout account is not configured: set PAYOUT_DEBTOR_NAME and PAYOUT_DEBTOR_IBAN (and PAYOUT_DEBTOR_BIC for a bank outside the Dutch bank list).');
      return EXIT.config;
    }
    const out = typeof values.out === 'string' ? path.resolve(ctx.io.cwd, values.out) : undefined;
    const nothing = values.batch ? 'nothing was written' : 'nothing was exported';
    if (out && existsSync(out)) throw new OperatorError(`${out} already exists; ${nothing}. Choose a new file name (an earlier payout file must not be overwritten).`);
    if (out && !existsSync(path.dirname(out))) throw new OperatorError(`The folder ${path.dirname(out)} does not exist; ${nothing}.`);
    // With the XML on standard output, messages go to standard error so the output stays a file.
    const say = out ? ctx.io.out : ctx.io.err;
    const target = out ? fileTarget(out) : stdoutTarget(ctx.io);
    const demo = debtor === DEMO_PAYOUT_DEBTOR ? `, paid from the demo account "${DEMO_PAYOUT_DEBTOR.name}" (${DEMO_PAYOUT_DEBTOR.iban}): no bank will take it` : '';
    if (typeof values.batch === 'string') {
      const again = await reexportPayoutBatch({ db: ctx.db, crypto: ctx.crypto, now: ctx.now, debtor, operator: ctx.operator }, values.batch, target);
      say(
        `Wrote payout file ${again.messageId} again: ${plural(again.count, 'payout')} (${money(again.total, 'EUR')}), ${again.format}, execution date ${again.executionDate}, sha256 ${again.sha256} as at the export${out ? `, to ${out}` : ''}. No payout changed.`,
      );
      return EXIT.ok;
    }
    const result = await exportPayouts({ db: ctx.db, crypto: ctx.crypto, now: ctx.now, debtor, operator: ctx.operator }, format, target);
    if (result.kind === 'empty') {
      say('No pending payouts: nothing was exported and no file was written.');
      return EXIT.ok;
    }
    say(
      `Exported ${plural(result.count, 'payout')} (${money(result.total, 'EUR')}) as ${result.format} file ${result.messageId}, execution date ${result.executionDate}${out ? `, to ${out}` : ''}${demo}.`,
    );
    return EXIT.ok;
  },
};

const SETTLE_HELP: Record<Settlement, { name: string; summary: string; help: string }> = {
  paid: {
    name: 'payouts mark-paid',
    summary: 'record that the bank paid exported payouts',
    help: `Usage: tessera payouts mark-paid ID…

Records that the bank executed these exported payouts (see "tessera payouts list"). ID is the
payout's id or its end-to-end id. All or nothing: an unknown id, or a payout that is not exported
(pending: export it first; failed), refuses the whole command and nothing is written. A payout
that is already paid is reported and left as it is, so the command can be repeated.

Options:
  -h, --help   show this help`,
  },
  failed: {
    name: 'payouts mark-failed',
    summary: 'record failed payouts and credit the cards back',
    help: `Usage: tessera payouts mark-failed ID…

Records that these payouts failed: the bank refused or returned the transfer (exported), or you
stop a payout before it is exported (pending). The payout and the fee go back onto the card through
the ledger and the card may be paid out again: the cardholder asks anew, with a new identity check
and IBAN. ID is the payout's id or its end-to-end id. All or nothing: an unknown id or a paid
payout refuses the whole command and nothing is written. A payout that already failed is reported
and left as it is (it is credited back once), so the command can be repeated.

Options:
  -h, --help   show this help`,
  },
  returned: {
    name: 'payouts return',
    summary: 'book a bank return of paid payouts and credit the cards back',
    help: `Usage: tessera payouts return ID…

Books a bank return after "tessera payouts mark-paid": the bank paid the transfer, then the money
came back (a closed account, a wrong name). The payout becomes returned, the payout and the fee go
back onto the card through the ledger, once, and the card may be paid out again (the cardholder
asks anew, with a new identity check and IBAN). ID is the payout's id or the end-to-end id the
bank quotes on the return. All or nothing: an unknown id, or a payout that is not paid (exported:
use "tessera payouts mark-failed"), refuses the whole command and nothing is written. A payout
already returned is reported and left as it is, so the command can be repeated.

Options:
  -h, --help   show this help`,
  },
};

function settleCommand(settlement: Settlement): CommandSpec {
  const { name, summary, help } = SETTLE_HELP[settlement];
  return {
    name,
    summary,
    help,
    options: {},
    check({ positionals }) {
      if (positionals.length === 0) throw new UsageError(`${name} needs at least one payout id: tessera ${name} ID…`);
    },
    async run(ctx, { positionals }) {
      const malformed = positionals.filter((p) => !PAYOUT_KEY.test(p));
      if (malformed.length > 0) {
        throw new OperatorError(
          `Nothing was marked ${settlement}: not a payout id or end-to-end id (see "tessera payouts list").`,
          malformed.map((m) => `"${m.slice(0, 40)}"`),
        );
      }
      const results = await settlePayouts(ctx, positionals, settlement);
      for (const r of results) {
        if (!r.changed) ctx.io.out(`Already ${settlement}: ${r.id} (${money(r.amount, r.assetCode)}); nothing changed.`);
        else if (settlement === 'paid') ctx.io.out(`Marked paid: ${r.id} (${money(r.amount, r.assetCode)}).`);
        else
          ctx.io.out(
            `Marked ${settlement}: ${r.id} (was ${r.was}); ${money(r.amount, r.assetCode)} and the fee of ${money(r.fee, r.assetCode)} credited back to the card, which may be paid out again.`,
          );
      }
      return EXIT.ok;
    },
  };
}

export const payoutsMarkPaid = settleCommand('paid');
export const payoutsMarkFailed = settleCommand('failed');
export const payoutsReturn = settleCommand('returned');
