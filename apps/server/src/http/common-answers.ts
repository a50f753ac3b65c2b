import { apiErrorSchema } from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * The refusals of the HTTP layer and the error handler that any route can give, whatever it
 * declares itself, added to each route's declared answers as it is registered. The document then
 * lists them on every operation, and the declared-statuses check (declared-statuses.ts) knows them:
 * - 500 INTERNAL_ERROR: anything unexpected;
 * - 431: a request line or headers too large for the HTTP parser;
 * - with a JSON body: 400 for malformed JSON, 413 PAYLOAD_TOO_LARGE, 415 for another Content-Type;
 * - with a per-address limit (config.rateLimit): 429 RATE_LIMITED with Retry-After.
 * What a route declares itself for a status wins (the identity return's 400 is an HTML page).
 */
export function declareCommonAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as ({ body?: unknown; hide?: boolean; response?: Record<string, unknown> } & Record<string, unknown>) | undefined;
    if (!schema || (schema.hide && !schema.response)) return;
    const common: Record<number, unknown> = { 431: apiErrorSchema, 500: apiErrorSchema };
    if (schema.body) Object.assign(common, { 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema });
    if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) common[429] = apiErrorSchema;
    route.schema = { ...schema, response: { ...common, ...schema.response } };
  });
}
