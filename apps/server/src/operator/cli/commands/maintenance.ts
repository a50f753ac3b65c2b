import { prune } from '../../prune.js';
import { EXIT, UsageError } from '../context.js';
import type { CommandSpec } from './types.js';

const DAY_OPTIONS = { 'error-reports-days': 'errorReports', 'codes-days': 'spentCodes', 'identity-days': 'identitySessions', 'audit-days': 'auditEvents' } as const;

export const maintenancePrune: CommandSpec = {
  name: 'maintenance prune',
  summary: 'delete old error reports, spent codes, captcha tokens and identity data',
  help: `Usage: tessera maintenance prune [--dry-run] [--error-reports-days N] [--codes-days N] [--identity-days N] [--audit-days N] [--json]

Deletes what Tessera keeps only for a while, in one transaction, audited (maintenance.prune):
  error reports        older than --error-reports-days (default: ERROR_REPORT_RETENTION_DAYS, 30)
  spent codes          one-time, recovery and replaced codes used or expired --codes-days ago (default 30)
  captcha tokens       spent tokens past their expiry
  PIN frame keys       one-time keys expired more than a day ago
  API idempotency keys the brand API's Idempotency-Keys and their answers, 24 hours after their first use
  identity data        the verified identity (name, birth date) and IBAN of identity sessions
                       older than --identity-days (default 90); the session row stays for the
                       payout or registration that names it, which keep their own copy
  audit events         only with --audit-days: events older than that (no default: the audit
                       trail is kept until the issuer names its retention; the prune's own
                       event records how many went)
Running it again finds nothing more. Each server process also sweeps error reports and idempotency
keys hourly.

Options:
  --dry-run                  count what would go; delete nothing
  --error-reports-days N     days (1 to 3650)
  --codes-days N             days (1 to 3650)
  --identity-days N          days (1 to 3650)
  --audit-days N             days (1 to 3650); without it no audit event is deleted
  --json                     print the counts as JSON
  -h, --help                 show this help`,
  options: {
    'dry-run': { type: 'boolean' },
    'error-reports-days': { type: 'string' },
    'codes-days': { type: 'string' },
    'identity-days': { type: 'string' },
    'audit-days': { type: 'string' },
    json: { type: 'boolean' },
  },
  check({ values, positionals }) {
    if (positionals.length > 0) throw new UsageError('maintenance prune takes no arguments');
    for (const option of Object.keys(DAY_OPTIONS)) {
      const value = values[option];
      if (value !== undefined && (!/^\d{1,4}$/.test(value as string) || Number(value) < 1 || Number(value) > 3650)) {
        throw new UsageError(`maintenance prune: --${option} takes a number of days from 1 to 3650`);
      }
    }
  },
  async run(ctx, { values }) {
    const days = (option: keyof typeof DAY_OPTIONS, fallback: number) => (values[option] === undefined ? fallback : Number(values[option]));
    const result = await prune(
      ctx,
      {
        errorReports: days('error-reports-days', ctx.config.errorReportRetentionDays),
        spentCodes: days('codes-days', 30),
        identitySessions: days('identity-days', 90),
        ...(values['audit-days'] !== undefined && { auditEvents: Number(values['audit-days']) }),
      },
      { dryRun: values['dry-run'] === true },
    );
    if (values.json) {
      ctx.io.out(JSON.stringify(result, null, 2));
      return EXIT.ok;
    }
    const verb = result.dryRun ? 'Dry run, nothing deleted: would delete' : 'Deleted';
    ctx.io.out(
      `${verb} ${result.errorReports} error reports, ${result.spentCodes} spent codes, ${result.captchaTokens} captcha tokens, ${result.pinFrameKeys} PIN frame keys, ${result.idempotencyKeys} API idempotency keys; ` +
        `${result.dryRun ? 'would empty' : 'emptied'} ${result.identitySessions} identity sessions of personal data.` +
        (result.auditEvents === null ? '' : ` ${result.dryRun ? 'Would delete' : 'Deleted'} ${result.auditEvents} audit events older than ${values['audit-days']} days.`),
    );
    return EXIT.ok;
  },
};
