import { apiErrorSchema } from '@tessera/contracts';

/** The error answers a route can give, for the OpenAPI document. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, apiErrorSchema.describe('{code, message}; VALIDATION_ERROR lists fields')]));
