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

/**
 * Every route that takes a body can answer 415 UNSUPPORTED_MEDIA_TYPE (http/error-handler.ts):
 * Fastify refuses a body that is not JSON before the route's own code runs. Declared here, once,
 * for each such route as it is added, so the document says it and no route can forget it.
 */
export function declareMediaTypeRefusal(app: FastifyInstance, errorSchema: unknown): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { body?: unknown; response?: Record<string, unknown> } | undefined;
    if (!schema?.body || !schema.response || '415' in schema.response || '4xx' in schema.response) return;
    schema.response = { ...schema.response, 415: errorSchema };
  });
}
