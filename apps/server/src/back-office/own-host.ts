import type { FastifyInstance } from 'fastify';
import type { StaffConfig } from '../config/staff.js';
import { AppError } from '../errors.js';

/** What the back office's own host answers besides /admin/: the probes its proxy and monitoring use. */
const ALSO_ON_ADMIN_HOST = /^\/(admin(\/.*)?|healthz|readyz|metrics)$/;

/**
 * With ADMIN_URL the back office's host is its own: the portal (its pages, its API, the brand API)
 * is not served there, so a staff member's browser never mixes the two origins' cookies and
 * policies. `/` leads to the back office; any other path outside /admin/ answers 404.
 */
export function confineAdminHost(app: FastifyInstance, staff: StaffConfig, publicUrl: string): void {
  if (!staff.enabled || staff.host === new URL(publicUrl).host) return;
  app.addHook('onRequest', async (request, reply) => {
    if (request.host !== staff.host) return;
    const pathName = request.url.split('?')[0] ?? '';
    if (pathName === '/') return reply.header('cache-control', 'no-cache').redirect('/admin/', 302);
    if (!ALSO_ON_ADMIN_HOST.test(pathName)) throw new AppError('NOT_FOUND');
  });
}
