import type { z } from 'zod';
import { AppError, type FieldProblem } from '../errors.js';

export function fieldProblems(issues: readonly z.core.$ZodIssue[]): FieldProblem[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(body)', message: issue.message }));
}

/** Parses input with a contracts schema, or throws VALIDATION_ERROR listing every bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError('VALIDATION_ERROR', undefined, fieldProblems(result.error.issues));
  return result.data;
}
