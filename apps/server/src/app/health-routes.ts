import { z } from 'zod';
import { checkReadiness } from './check-readiness.js';
import type { App, RouteOptions } from '../http/route-types.js';

export async function healthRoutes(app: App, { deps }: RouteOptions): Promise<void> {
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
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        operationId: 'getReadiness',
        description:
          'Readiness: 200 when the database answers a query, 503 when it does not. Served on the PIN frame host too.',
        summary: 'The database answers',
        response: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ status: z.literal('unavailable') }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return (await checkReadiness(deps))
        ? reply.send({ status: 'ready' as const })
        : reply.status(503).send({ status: 'unavailable' as const });
    },
  );
}
