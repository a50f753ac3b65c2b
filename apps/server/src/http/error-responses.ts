import { apiErrorSchema } from '@tessera/contracts';
import { z } from 'zod';

/**
 * The error answers a route can give, for the OpenAPI document: every one is the one Error schema
 * ({code, message}; VALIDATION_ERROR lists fields), written once in the document and referenced.
 */
export const errorResponses = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, apiErrorSchema]));

/**
 * The answers of a customer call: its 200, the errors every customer call can give, and the
 * statuses only some give (409 IDEMPOTENCY_CONFLICT: the money-moving calls, REPLACE and PAYOUT).
 */
export const customerCallResponses = <T extends z.ZodType>(ok: T, ...more: number[]) => ({ 200: ok, ...errorResponses(400, 403, 404, 413, 429, ...more) });

/**
 * An answer that is not JSON (a stylesheet, a page, an image), declared with the media types it is
 * served as, so the document does not claim application/json for it.
 */
export const mediaAnswer = (description: string, ...mediaTypes: string[]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.string().describe(description) }])),
});

/** An image answer: bytes, which JSON Schema does not describe beyond the media type. */
export const imageAnswer = (description: string, ...mediaTypes: string[]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.any().describe(description) }])),
});

/** A 304 to a revalidation whose If-None-Match names the current ETag: no body (http/content-etag.ts). */
export const notModifiedAnswer = z.undefined().describe('Not modified: the ETag in If-None-Match is current; no body.');
