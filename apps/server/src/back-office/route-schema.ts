import { z } from 'zod';
import { errorResponses } from '../http/error-responses.js';

/** The path parameters of a route on one resource (a card, a payout, a batch, a proposal): its id. */
export const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * A back office API route's schema: left out of the public API document, and besides its own
 * answers every one can be 401 (no session), 403 (role, or a POST's Origin) and 404 (another host,
 * another brand), and the `errors` given.
 */
export function adminSchema<S extends { response?: Record<number, z.ZodType> }>(schema: S, ...errors: number[]) {
  return { ...schema, hide: true as const, response: { ...schema.response, ...errorResponses(401, 403, 404, ...errors) } };
}
