import { randomUUID } from 'node:crypto';
import type { ErrorReport } from '@tessera/contracts';
import { insertErrorReport } from '../db/repositories/error-reports.js';
import { truncateAddress } from '../domain/client-address.js';
import { cleanReportText, stripControls } from '../domain/report-text.js';
import type { RequestContext, ServiceDeps } from '../deps.js';

/**
 * POST /api/Utility/Error: stores a render crash the web app reported (size-limited by schema),
 * without control characters or runs of digits (domain/report-text.ts). Kept
 * ERROR_REPORT_RETENTION_DAYS (app/housekeeping.ts).
 */
export async function reportError(deps: ServiceDeps, ctx: RequestContext, report: ErrorReport): Promise<{ id: string }> {
  await insertErrorReport(deps.db, {
    id: randomUUID(),
    report_id: report.id,
    code: cleanReportText(report.code),
    message: cleanReportText(report.message),
    info: report.info === undefined ? null : cleanReportText(report.info),
    client: truncateAddress(ctx.clientAddress),
    // The browser's own text, not the cardholder's: its version numbers stay, but a header may
    // carry C1 controls (bytes 0x80–0x9F), which some terminals take as escape sequences.
    user_agent: ctx.userAgent === undefined ? null : stripControls(ctx.userAgent.slice(0, 300)),
    created_at: deps.now().toISOString(),
  });
  return { id: report.id };
}
