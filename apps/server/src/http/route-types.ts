import type { FastifyInstance, FastifyBaseLogger, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../deps.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Options every route module receives: the service dependencies and the per-route rate limits. */
export interface RouteOptions {
  deps: ServiceDeps;
  /** Per-address limit of a captcha-protected route (@fastify/rate-limit route config). */
  captchaRateLimit: { max: number; timeWindow: number };
  errorReportRateLimit: { max: number; timeWindow: number };
  /** The Redis the rate limits share (REDIS_URL), for the readiness check; absent without one. */
  redis?: { ping(): Promise<unknown> };
}
