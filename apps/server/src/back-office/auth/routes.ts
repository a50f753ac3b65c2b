import { adminAuth, type SignInRefusal } from '@tessera/contracts/admin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAuditEvent } from '../../db/repositories/audit.js';
import type { ServiceDeps } from '../../deps.js';
import { truncateAddress } from '../../domain/client-address.js';
import type { App } from '../../http/route-types.js';
import { staffSessionAuditFields } from '../audit-fields.js';
import { clearLoginCookie, clearSessionCookie, readLoginCookie, readSessionCookie, setLoginCookie, setSessionCookie } from '../session-cookie.js';
import { endStaffSessionById } from '../sessions.js';
import { AppError } from '../../errors.js';
import { limitedPage, REFUSAL_PAGE_CSP, refusalLanguage, refusalPage } from './refusal-page.js';
import { safeReturnPath } from './return-path.js';
import { finishSignIn, startSignIn } from './sign-in.js';
import type { StaffOidc } from './staff-oidc.js';

/** A refusal the person can fix (another factor, a grant) is 403; a broken or stale sign-in 400. */
const REFUSAL_STATUS: Record<SignInRefusal, number> = { no_second_factor: 403, no_grant: 403, no_email: 403, email_unverified: 403, failed: 400, expired: 400 };

/**
 * The back office's sign-in (docs/decisions/030): `GET /admin/auth/login?returnTo=/admin/…` sends
 * the browser to the staff's identity provider; `GET /admin/auth/callback` finishes it (a new
 * session, or a page that says why not); `POST /admin/auth/logout` ends the session (its Origin is
 * checked with the API's).
 */
export async function staffAuthRoutes(app: App, { deps, oidc }: { deps: ServiceDeps; oidc: StaffOidc }): Promise<void> {
  const staff = deps.config.staff;
  // Per address, like the portal's captcha-protected calls (RATE_LIMIT_PER_MINUTE, counted in
  // Redis across replicas when REDIS_URL is set): each login writes a sign-in row and each callback
  // a code exchange with the provider and an audit event, so neither may be called in bulk.
  const rateLimit = { max: deps.config.rateLimitPerMinute, timeWindow: 60_000 };
  const refused = (request: FastifyRequest, reply: FastifyReply, refusal: SignInRefusal) =>
    reply
      .code(REFUSAL_STATUS[refusal])
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', REFUSAL_PAGE_CSP)
      .send(refusalPage(refusal, refusalLanguage(request.headers['accept-language']), adminAuth.login.pattern));

  // A limited login or callback is a browser's full-page navigation: it ends on a page in the
  // staff member's language, as a refused sign-in does, with the 429 and the Retry-After the
  // limit set (any other error goes on to the app's handler, as JSON).
  const errorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) throw error;
    reply.errorCode = error.code;
    const retryAfter = Number(reply.getHeader('retry-after'));
    return reply
      .code(429)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', REFUSAL_PAGE_CSP)
      .send(limitedPage(refusalLanguage(request.headers['accept-language']), adminAuth.login.pattern, Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : null));
  };

  app.get(adminAuth.login.pattern, { config: { rateLimit }, errorHandler, schema: { hide: true, querystring: z.object({ returnTo: z.string().optional() }) } }, async (request, reply) => {
    try {
      const { authorizationUrl, browserSecret } = await startSignIn(deps, oidc, safeReturnPath(request.query.returnTo));
      setLoginCookie(staff, reply, browserSecret);
      return reply.header('cache-control', 'no-store').redirect(authorizationUrl, 303);
    } catch (error) {
      request.log.warn({ err: { name: (error as Error)?.name, message: (error as Error)?.message } }, 'staff sign-in could not start (identity provider)');
      return refused(request, reply, 'failed');
    }
  });

  app.get(adminAuth.callback.pattern, { config: { rateLimit }, errorHandler, schema: { hide: true } }, async (request, reply) => {
    const params = new URLSearchParams(request.url.split('?')[1] ?? '');
    const outcome = await finishSignIn(deps, oidc, {
      params,
      browserSecret: readLoginCookie(staff, request),
      userAgent: request.headers['user-agent'],
      client: truncateAddress(request.ip),
    });
    clearLoginCookie(staff, reply);
    if (!outcome.signedIn) return refused(request, reply, outcome.refusal);
    setSessionCookie(staff, reply, outcome.sessionId);
    return reply.header('cache-control', 'no-store').redirect(outcome.returnTo, 303);
  });

  app.post(adminAuth.logout.pattern, { schema: { hide: true } }, async (request, reply) => {
    const email = await endStaffSessionById(deps, readSessionCookie(staff, request));
    if (email) await recordAuditEvent(deps.db, { type: 'staff.sign_out', outcome: 'signed_out', ...staffSessionAuditFields(email, truncateAddress(request.ip), request.id) }, deps.now().toISOString());
    clearSessionCookie(staff, reply);
    return reply.code(204).send();
  });
}
