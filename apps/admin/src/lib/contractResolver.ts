import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Leaves out fields left blank: an optional note typed and erased is no note, not an empty one the contract refuses. */
function withoutBlanks(values: FieldValues): FieldValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => !(typeof value === 'string' && value.trim() === '')));
}

/**
 * Validates a form by a schema of the contracts, so the form accepts exactly what the server
 * does. The values handed on are the schema's output (trimmed, lower-cased where it says so).
 */
export function contractResolver(schema: z.ZodType): Resolver<FieldValues> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<FieldValues>;
  return (values, context, options) => resolve(withoutBlanks(values), context, options);
}
