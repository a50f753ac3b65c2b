import { errorReportAnswerSchema, errorReportSchema, utilityApi } from '@tessera/contracts';
import { requestContext } from '../http/request-context.js';
import { reportError } from './report-error.js';
import { errorResponses } from '../http/error-responses.js';
import type { App, RouteOptions } from '../http/route-types.js';

/** The web app's crash report: what broke, never what the cardholder typed. */
export async function errorReportRoute(app: App, { deps, errorReportRateLimit }: RouteOptions): Promise<void> {
  app.post(
    utilityApi.errorReport.pattern,
    {
      config: { rateLimit: errorReportRateLimit },
      schema: {
        tags: ['utility'],
        operationId: 'reportError',
        description:
          'The web app reports a render crash (what broke and where, never what the cardholder typed); stored for the operator. Limited per address.',
        summary: 'Report a render crash of the web app',
        body: errorReportSchema,
        response: { 200: errorReportAnswerSchema, ...errorResponses(400, 413, 429) },
      },
    },
    async (request) => reportError(deps, requestContext(request), request.body),
  );
}
