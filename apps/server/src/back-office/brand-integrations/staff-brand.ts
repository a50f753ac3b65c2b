import { findBrandByCode } from '../../db/repositories/brands.js';
import type { Executor } from '../../db/repositories/executor.js';
import { AppError } from '../../errors.js';

/** The id of the brand the path names (the guard has checked the caller may act on it); an unknown one is NOT_FOUND. */
export async function brandIdOf(deps: { db: Executor }, code: string): Promise<string> {
  const brand = await findBrandByCode(deps.db, code);
  if (!brand) throw new AppError('NOT_FOUND');
  return brand.id;
}
