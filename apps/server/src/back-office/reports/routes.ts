import { activityReportSchema, adminApi, expiringReportSchema, liabilityReportSchema, reportBrandQuerySchema, reportPeriodQuerySchema } from '@tessera/contracts/admin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/route-types.js';
import { brandFromQuery, staffRoute } from '../admin-route.js';
import { readActivityReport, readExpiringReport, readLiabilityReport } from './read-reports.js';
import { activityCsv, type CsvFile, expiringCsv, liabilityCsv } from './report-csv.js';

/** Every back office API answer can be 401 (no session), 403 (role) and 404 (another host, another brand); a report's query 400. */
const guarded = errorResponses(400, 401, 403, 404);
const hidden = { hide: true } as const;

/** A report's 200: its JSON, or the same figures as a CSV file with `Accept: text/csv`. */
const jsonOrCsv = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema }, 'text/csv': { schema: z.string().describe(`${description}, as CSV`) } },
});

/** Whether the caller asked for CSV (`Accept: text/csv`) rather than JSON. */
const wantsCsv = (request: FastifyRequest) => /(^|,)\s*text\/csv\s*(;|,|$)/i.test(request.headers.accept ?? '');

/**
 * A report as the caller asked: its JSON, or a CSV download. `Vary: Accept` on both, so no cache
 * hands the JSON to a CSV request or back.
 */
function sendReport<R>(request: FastifyRequest, reply: FastifyReply, report: R, toCsv: (report: R) => CsvFile) {
  if (!wantsCsv(request)) return reply.header('vary', 'Accept').send(report);
  const file = toCsv(report);
  return reply
    .header('vary', 'Accept')
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .type('text/csv; charset=utf-8')
    .send(file.text);
}

/**
 * The reports (docs/back-office.md#reports): finance, brand-admin and admin (`reports.read`),
 * of one brand named in the query (outside the caller's brands: 404 NOT_FOUND, by the guard).
 * JSON, or CSV with `Accept: text/csv`.
 */
export async function adminReportRoutes(app: App, { deps }: { deps: ServiceDeps }): Promise<void> {
  const reports = staffRoute('reports.read', brandFromQuery('brand'));

  app.get(
    adminApi.liabilityReport.pattern,
    { config: reports, schema: { ...hidden, querystring: reportPeriodQuerySchema, response: { 200: jsonOrCsv(liabilityReportSchema, 'The outstanding balance per Amsterdam day'), ...guarded } } },
    async (request, reply) => sendReport(request, reply, await readLiabilityReport(deps, request.query), liabilityCsv),
  );

  app.get(
    adminApi.expiringReport.pattern,
    { config: reports, schema: { ...hidden, querystring: reportBrandQuerySchema, response: { 200: jsonOrCsv(expiringReportSchema, 'Balances expiring within 30, 60 and 90 days'), ...guarded } } },
    async (request, reply) => sendReport(request, reply, await readExpiringReport(deps, request.query), expiringCsv),
  );

  app.get(
    adminApi.activityReport.pattern,
    { config: reports, schema: { ...hidden, querystring: reportPeriodQuerySchema, response: { 200: jsonOrCsv(activityReportSchema, 'Activity per Amsterdam day'), ...guarded } } },
    async (request, reply) => sendReport(request, reply, await readActivityReport(deps, request.query), activityCsv),
  );
}
