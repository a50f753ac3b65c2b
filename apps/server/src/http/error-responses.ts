import { apiErrorSchema } from '@tessera/contracts';
import type { z } from 'zod';

/** The error answers a route can give, for the OpenAPI document. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, apiErrorSchema.describe('{code, message}; VALIDATION_ERROR lists fields')]));

/**
 * The answers of a customer call: its 200, the errors every customer call can give, and the
 * statuses only some give (409 IDEMPOTENCY_CONFLICT: the money-moving calls, REPLACE and PAYOUT).
 */
export const customerCallResponses = <T extends z.ZodType>(ok: T, ...more: number[]) => ({ 200: ok, ...errorResponses(400, 403, 404, 413, 429, ...more) });
