import type { FastifyInstance } from 'fastify';

/** Where an answer's status is not one its route declares: "GET /api/theme/:id" and the status. */
export type UndeclaredStatusReport = (route: string, status: number) => void;

/**
 * Keeps the OpenAPI document honest: an onSend hook that reports every answer whose status the
 * route's schema does not declare (a route with a schema and no responses declares none). The
 * test app installs it with a report that fails the test (test/helpers/test-app.ts), so the whole
 * server suite checks each status it provokes. A hidden route is checked when it declares answers
 * (the PAYOUT and IDENTIFY customer calls, documented by their path's one operation); answers
 * outside any route (the not-found handler, the web app's files) are not checked.
 */
export function reportUndeclaredStatuses(app: FastifyInstance, report: UndeclaredStatusReport): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const schema = request.routeOptions.schema;
    if (!schema || request.is404 || (schema.hide && !schema.response)) return payload;
    const declared = schema.response as Record<string, unknown> | undefined;
    const status = reply.statusCode;
    const range = `${Math.floor(status / 100)}`;
    const ok = declared !== undefined && [String(status), `${range}xx`, `${range}XX`, 'default'].some((key) => key in declared);
    if (!ok) report(`${request.method} ${request.routeOptions.url}`, status);
    return payload;
  });
}
