import fastifyCompress from '@fastify/compress';
import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { MAX_BODY_BYTES } from '@tessera/contracts';
import { Redis } from 'ioredis';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { createCaptcha } from '../adapters/captcha/index.js';
import type { CaptchaPort } from '../adapters/captcha/port.js';
import type { Config } from '../config/index.js';
import { createCrypto } from '../crypto/index.js';
import { loadKeyring } from '../crypto/keyring.js';
import { createDatabase, type Db } from '../db/database.js';
import { rateLimitKey } from '../domain/client-address.js';
import { AuditWriter } from '../db/repositories/audit.js';
import { OutboxSignal } from '../delivery/signal.js';
import { AppError } from '../errors.js';
import { reportUndeclaredStatuses, type UndeclaredStatusReport } from '../http/declared-statuses.js';
import { installFlowTypeConstraint } from '../customer-call/flow-type-constraint.js';
import { installErrorHandler } from '../http/error-handler.js';
import { firstConnection, reportRedisFallbacks, sharedLimitStore } from '../http/rate-limit-store.js';
import { clientErrorHandler } from '../http/client-error.js';
import { apiReferenceRoutes } from './api-reference-routes.js';
import { installDefaultCacheControl } from '../http/default-cache-control.js';
import { cspDirectives, helmetHeaders, installSecurityHeaders, permissionsPolicy } from '../http/security-headers.js';
import { createLogger, lazyChildLoggerFactory, requestIdOf } from '../logger.js';
import { addDatabaseGauges, createMetrics } from '../metrics.js';
import { installRequestMetrics } from '../http/request-metrics.js';
import { metricsReadings } from '../db/repositories/metrics-readings.js';
import { BrandCache } from '../customer-call/brand-cache.js';
import type { ServiceDeps } from '../deps.js';
import { brandApiRoutes } from '../brand-api/routes.js';
import { balanceRoutes } from '../flows/balance/routes.js';
import { brandRoutes } from '../flows/brand/routes.js';
import { payoutRoutes } from '../flows/payout/routes.js';
import { replaceRoutes } from '../flows/replace/routes.js';
import { resetRoutes } from '../flows/reset/routes.js';
import { pinFrameRoutes } from '../flows/visa/pin-frame-routes.js';
import { visaRoutes } from '../flows/visa/routes.js';
import type { RouteOptions } from '../http/route-types.js';
import { identityRoutes } from '../identity/routes.js';
import { cardBlockRoutes } from '../card-block/routes.js';
import { sandboxIdinRoutes } from '../sandbox-idin/index.js';
import { sandboxStaffRoutes } from '../sandbox-staff/index.js';
import { backOfficeRoutes, type DeclaredAdminRoute } from '../back-office/index.js';
import { confineAdminHost } from '../back-office/own-host.js';
import { registerApiDocument } from './api-document/register.js';
import { customerRoutes } from './customer-route.js';
import { demoRoutes } from './demo-routes.js';
import { devRoutes } from './dev-routes.js';
import { errorReportRoute } from './error-report-route.js';
import { healthRoutes } from './health-routes.js';
import { isWebAppRequest, registerHomePage, registerWebApp } from './web-app.js';

/** Below this an answer goes as it is: compression would save a packet at most. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export interface BuildAppOptions {
  /** A database to use instead of opening config.database (tests, the CLI). */
  db?: Db;
  logger?: Logger;
  captcha?: CaptchaPort;
  now?: () => Date;
  /** Wakes the outbox worker main.ts runs; services call it after queuing a message. */
  outbox?: OutboxSignal;
  /** Also collect the process's own metrics (CPU, memory, event loop): main.ts, not tests. */
  processMetrics?: boolean;
  /** Told of every answer whose status its route does not declare (tests fail on it). */
  onUndeclaredStatus?: UndeclaredStatusReport;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: ServiceDeps;
  /** Every back office API route with its declared action and brand (back-office/admin-route.ts). */
  adminRoutes: readonly DeclaredAdminRoute[];
}

/** Builds the whole server from a configuration; main.ts and every test build it the same way. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<BuiltApp> {
  const keyring = loadKeyring(config);
  const db = options.db ?? createDatabase(config.database);
  const deps: ServiceDeps = {
    db,
    // Without an identity provider PAYOUT and IDENTIFY cannot finish: brands show them as unavailable.
    brands: new BrandCache(db, undefined, undefined, config.identity.adapter === 'off' ? ['PAYOUT', 'IDENTIFY'] : []),
    audit: new AuditWriter(db),
    crypto: createCrypto(keyring),
    captcha: options.captcha ?? createCaptcha(config, keyring.altchaHmacKey),
    config,
    now: options.now ?? (() => new Date()),
    outbox: options.outbox ?? new OutboxSignal(),
    metrics: createMetrics({ processMetrics: options.processMetrics }),
  };

  let securityHeaders: ReadonlyArray<readonly [string, string | number | string[]]> = [];
  const app = Fastify({
    // What Node's parser refuses (431 and the like) answers as every other refusal does.
    clientErrorHandler: clientErrorHandler(() => securityHeaders),
    loggerInstance: (options.logger ?? createLogger(config)) as FastifyBaseLogger,
    bodyLimit: MAX_BODY_BYTES,
    // A hop count trusts that many proxies in front of the server (Fastify's typings want a function).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
        : config.trustProxy,
    // Request ids in logs tie a client's complaint to the server's lines without logging the body.
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id'], config.trustProxy !== false),
    // The per-request child logger is made only when a line is written (logger.ts).
    childLoggerFactory: lazyChildLoggerFactory as unknown as FastifyServerOptions['childLoggerFactory'],
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('customerCall', null);
  installFlowTypeConstraint(app);
  installRequestMetrics(app, deps.metrics);
  addDatabaseGauges(deps.metrics, metricsReadings(db), deps.now);
  // The id goes back with the answer, so a support question can quote it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  installErrorHandler(app);
  confineAdminHost(app, config.staff, config.publicUrl);
  if (options.onUndeclaredStatus) reportUndeclaredStatuses(app, options.onUndeclaredStatus);
  app.addHook('onClose', async () => {
    await db.destroy();
  });

  const csp = cspDirectives(config.pinFrameUrl, config.captcha);
  const helmet = await helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: csp },
    frameguard: { action: 'deny' },
    hsts: config.publicUrl.startsWith('https:') ? { maxAge: 31536000, includeSubDomains: true } : false,
    // Nothing needs the referrer: not the identity broker (OpenID Connect carries state and
    // redirect_uri itself), not the PIN frame (its read is checked by Origin, which a fetch still
    // sends); and /callback?sessionId=… must not leak through one (docs/security.md#headers).
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    // No other origin loads anything of ours as a subresource, except brand images (flows/brand/
    // routes.ts: cross-origin). Frames are not subject to CORP unless their parent sends COEP,
    // which the portal (the PIN frame's parent) does not: frame-ancestors decides who frames the
    // PIN frame and the embed (docs/security.md#cross-origin-resource-policy).
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // The camera only where the card scanner may run: web-app.ts allows it on those pages.
  securityHeaders = [...helmet, ['permissions-policy', permissionsPolicy({ camera: false })]];
  installSecurityHeaders(app, securityHeaders);
  installDefaultCacheControl(app);
  // Only JSON bodies: Fastify's default text/plain parser let a JSON text sent as text/plain reach
  // validation as a string (400) where a form or no Content-Type answered 415. Now all do.
  app.removeContentTypeParser('text/plain');

  // Several server processes share their per-address counts through Redis when REDIS_URL is set;
  // one process keeps them in memory. While Redis is unreachable each process counts on its own
  // (http/rate-limit-store.ts): the limit holds, a warning is logged and the metric counts it.
  let store: FastifyRateLimitStoreCtor | undefined;
  let redis: Redis | undefined;
  if (config.redisUrl) {
    // A hung Redis must not hold requests: a command that takes over a second counts in-process.
    redis = new Redis(config.redisUrl, { connectTimeout: 2000, commandTimeout: 1000, maxRetriesPerRequest: 1 });
    const reporter = reportRedisFallbacks(redis, app.log.child({ component: 'rate-limit' }), deps.metrics.rateLimitFallbacks);
    store = sharedLimitStore({ redis, nameSpace: 'tessera-rate-limit-', onFallback: reporter.onFallback });
    const client = redis;
    app.addHook('onClose', async () => {
      // quit() waits for an answer Redis may never give; disconnect() when it is away.
      if (client.status === 'ready') await client.quit();
      else client.disconnect();
    });
    await firstConnection(redis);
  }
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => rateLimitKey(request.ip),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
    ...(store && { store }),
  });

  // Answers of every route registered after this, above 1 KiB, in brotli (quality 4: fast enough
  // per request) or gzip as the client accepts; a translation file shrinks from 26 KB to ~7.
  // Answers that carry their own Content-Encoding (the web build's precompressed files) pass
  // untouched, and so do event streams (none today) and partial content (docs/decisions/018).
  // Request bodies are not decompressed: no client sends one compressed, and a body stays as
  // small on the wire as MAX_BODY_BYTES says.
  await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'], globalDecompression: false });

  await registerApiDocument(app, { publicUrl: config.publicUrl });

  const routeOptions: RouteOptions = {
    deps,
    captchaRateLimit: { max: config.rateLimitPerMinute, timeWindow: 60_000 },
    errorReportRateLimit: { max: config.errorReportsPerMinute, timeWindow: 60_000 },
    ...(redis && { redis }),
  };
  // The flows, the bank identity calls PAYOUT and IDENTIFY share, the one customer call both
  // answer (customer-route.ts dispatches it by x-flow-type: only this app/ area may import flows),
  // and the block of a lost card BALANCE and VISA share.
  for (const routes of [pinFrameRoutes, healthRoutes, brandRoutes, errorReportRoute, balanceRoutes, resetRoutes, replaceRoutes, visaRoutes, identityRoutes, payoutRoutes, customerRoutes, cardBlockRoutes]) {
    await app.register(routes, routeOptions);
  }
  // The brand API (/api/v1): the brand's own systems with an API key, not a cardholder flow.
  await app.register(brandApiRoutes, routeOptions);
  // The sandbox iDIN provider at PUBLIC_URL/sandbox/idin, when IDENTITY_ADAPTER is sandbox (refused in production).
  if (config.identity.adapter === 'sandbox') {
    await app.register(sandboxIdinRoutes, { identity: config.identity, trustProxy: config.trustProxy !== false, now: deps.now });
  }
  // The back office's sign-in and API (docs/decisions/030); without ADMIN_URL production has none.
  const adminRoutes: DeclaredAdminRoute[] = [];
  if (config.staff.enabled) {
    await app.register(backOfficeRoutes, { deps, declared: adminRoutes });
    if (!config.staff.mfaRequired) app.log.warn('STAFF_MFA_REQUIRED is false: the back office accepts sign-ins without a second factor');
  }
  // The sandbox staff identity provider at PUBLIC_URL/sandbox/staff, when no STAFF_OIDC_ISSUER is set (refused in production).
  if (config.staff.enabled && config.staff.sandbox) {
    await app.register(sandboxStaffRoutes, { client: config.staff, trustProxy: config.trustProxy !== false });
  }
  // The demo areas exist only in demo mode: in production /api/demo/* and /dev/* answer 404.
  if (config.demoMode) await app.register(demoRoutes, routeOptions);
  if (config.demoMode) await app.register(devRoutes, routeOptions);
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
  // The document for people: /api/docs.
  await app.register(apiReferenceRoutes);

  const webApp = await registerWebApp(app, { webDist: config.webDist, csp, deps });
  registerHomePage(app, { deps, serveIndex: webApp?.serveIndex ?? null });
  app.setNotFoundHandler(async (request, reply) => {
    if (webApp && isWebAppRequest(request)) return webApp.serveIndex(request, reply);
    throw new AppError('NOT_FOUND');
  });

  await app.ready();
  return { app, deps, adminRoutes };
}
