import { z } from 'zod';

/**
 * An integer query parameter: decimal digits only, then within its bounds. `z.coerce.number()`
 * would take `1e2`, `0x10` or ` 5` for numbers, which the API document (type integer) does not
 * admit. The document shows it as the integer it is, with the same bounds (zod leaves a default
 * out of a transformed input, so the description says it); the meta drops the digits pattern,
 * which describes the query text, not the integer.
 */
export function integerQueryField({ min, max, fallback, description }: { min: number; max: number; fallback: number; description: string }) {
  return z
    .string()
    .regex(/^[0-9]{1,15}$/, 'an integer in decimal digits')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback)
    .meta({ type: 'integer', minimum: min, maximum: max, description: `${description} ${min} to ${max}; default ${fallback}.`, pattern: undefined });
}
