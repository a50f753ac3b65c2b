import { devOutboxMessageSchema, demoApi } from '@tessera/contracts';
import { z } from 'zod';
import { listLocalOutbox } from './list-local-outbox.js';
import { errorResponses } from '../http/error-responses.js';
import type { App, RouteOptions } from '../http/route-types.js';

/**
 * Demo mode only (app.ts registers this area only then, so production answers 404): what a
 * tester may read that a real deployment sends away (docs/product/common.md#demo-mode "What a
 * tester can read in demo mode"). The local mailbox holds new card numbers and codes in the clear
 * once decrypted, which is why it never exists outside demo mode.
 */
export async function devRoutes(app: App, { deps }: RouteOptions): Promise<void> {
  app.get(
    demoApi.outbox.pattern,
    {
      schema: {
        tags: ['demo'],
        operationId: 'listDevOutbox',
        description:
          'Demo mode only: what the local mail and SMS adapters delivered, decrypted, newest first; ?to= keeps one recipient.',
        summary: 'Demo mode: the messages the local outbox delivered, newest first',
        querystring: z.object({ to: z.string().trim().min(1).max(320).optional() }),
        // 404 on the PIN frame's host (flows/visa/pin-frame-routes.ts answers 404 there for every portal path).
        response: { 200: z.array(devOutboxMessageSchema), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const messages = await listLocalOutbox(deps, request.query.to);
      return reply.header('cache-control', 'no-store').send(messages);
    },
  );
}
