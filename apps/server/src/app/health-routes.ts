import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { checkReadiness } from './check-readiness.js';
import { errorResponses, mediaAnswer } from '../http/error-responses.js';
import type { App, RouteOptions } from '../http/route-types.js';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether the Authorization header carries the bearer token, compared in constant time. */
function hasToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

export async function healthRoutes(app: App, { deps, redis }: RouteOptions): Promise<void> {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['operations'],
        operationId: 'getHealth',
        description: 'Liveness for a load balancer: 200 while the process runs; nothing else is checked. Served on the PIN frame host too.',
        summary: 'The process is up',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' as const }),
  );
  const checkState = z.enum(['ready', 'unavailable', 'not configured']);
  const checks = z.object({ database: checkState, redis: checkState });
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        operationId: 'getReadiness',
        description:
          'Readiness: 200 when the database answers a query, 503 when it does not. Redis (REDIS_URL) is pinged and reported ' +
          'in `checks` but does not decide: without it the rate limits count per process. Served on the PIN frame host too.',
        summary: 'The database answers',
        response: {
          200: z.object({ status: z.literal('ready'), checks }),
          503: z.object({ status: z.literal('unavailable'), checks }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const readiness = await checkReadiness(deps, redis);
      return readiness.ready
        ? reply.send({ status: 'ready' as const, checks: readiness.checks })
        : reply.status(503).send({ status: 'unavailable' as const, checks: readiness.checks });
    },
  );

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['operations'],
        operationId: 'getMetrics',
        description:
          'Prometheus metrics of this process, for a scraper sending Authorization: Bearer METRICS_TOKEN. 404 without METRICS_TOKEN or with another token (the answer does not tell which). Not on the PIN frame host.',
        summary: 'Prometheus metrics (with METRICS_TOKEN)',
        response: { 200: mediaAnswer('Prometheus text format', 'text/plain'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const token = deps.config.metricsToken;
      if (token === undefined || !hasToken(request.headers.authorization, token)) throw new AppError('NOT_FOUND');
      const text = await deps.metrics.registry.metrics();
      return reply.type(deps.metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
