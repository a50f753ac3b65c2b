import type { FastifyInstance } from 'fastify';

/**
 * Where an answer is not one its route declares: "GET /api/theme/:id" and the status; with
 * `mediaType` when the status is declared but not as the media type the answer was served as.
 */
export type UndeclaredStatusReport = (route: string, status: number, mediaType?: string) => void;

/** The media types a declared answer is served as: its `content` keys, else JSON (a bare schema). */
function declaredMediaTypes(answer: unknown): string[] {
  const content = answer !== null && typeof answer === 'object' && 'content' in answer ? (answer as { content: unknown }).content : undefined;
  return content && typeof content === 'object' ? Object.keys(content) : ['application/json'];
}

/**
 * Keeps the OpenAPI document honest: an onSend hook that reports every answer whose status the
 * route's schema does not declare (a route with a schema and no responses declares none), or that
 * carries a body of a media type its status does not declare (a stylesheet declared as JSON). The
 * test app installs it with a report that fails the test (test/helpers/test-app.ts), so the whole
 * server suite checks each answer it provokes. A hidden route is checked when it declares answers
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
    const key = declared && [String(status), `${range}xx`, `${range}XX`, 'default'].find((k) => k in declared);
    if (!key) {
      report(`${request.method} ${request.routeOptions.url}`, status);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    const hasBody = payload !== undefined && payload !== null && payload !== '' && status !== 204 && status !== 304;
    if (hasBody && typeof contentType === 'string') {
      const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
      if (!declaredMediaTypes(declared[key]).includes(mediaType)) report(`${request.method} ${request.routeOptions.url}`, status, mediaType);
    }
    return payload;
  });
}
