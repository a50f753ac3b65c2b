import type { Db } from '../db/database.js';
import { findBrandByCode } from '../db/repositories/brands.js';
import { OperatorError } from './operator-error.js';

/** The brand a report is limited to (`--brand CODE`): its id; an unknown code is refused. */
export async function reportBrandId(db: Db, code: string | undefined): Promise<string | undefined> {
  if (code === undefined) return undefined;
  const brand = await findBrandByCode(db, code);
  if (!brand) throw new OperatorError(`There is no brand with code ${code}; nothing was reported.`, ['"tessera brands list" shows the brands']);
  return brand.id;
}
