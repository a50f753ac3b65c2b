import type { FastifyInstance } from 'fastify';

/**
 * Every answer says how it may be cached. Routes and static files set their own; an answer that
 * reaches here without one (a route that forgot, a plugin's answer) is not stored by anyone:
 * `no-store`, the safe choice for an API whose answers carry balances and personal data.
 */
export function installDefaultCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
