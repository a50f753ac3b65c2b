import { randomUUID } from 'node:crypto';
import type { ErrorReport } from '@tessera/contracts';
import { insertErrorReport } from '../db/repositories/error-reports.js';
import { truncateAddress } from '../domain/client-address.js';
import type { RequestContext, ServiceDeps } from '../deps.js';

/** Card numbers have no business in an error report; a crash message may still carry one. */
function scrubDigits(text: string): string {
  return text.replace(/\d(?:[\s-]?\d){11,}/g, '[number removed]');
}

/** POST /api/Utility/Error: stores a render crash the web app reported (size-limited by schema). */
export async function reportError(deps: ServiceDeps, ctx: RequestContext, report: ErrorReport): Promise<{ id: string }> {
  await insertErrorReport(deps.db, {
    id: randomUUID(),
    report_id: report.id,
    code: report.code,
    message: scrubDigits(report.message),
    info: report.info === undefined ? null : scrubDigits(report.info),
    client: truncateAddress(ctx.clientAddress),
    user_agent: ctx.userAgent?.slice(0, 300) ?? null,
    created_at: deps.now().toISOString(),
  });
  return { id: report.id };
}
