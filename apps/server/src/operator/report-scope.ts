import type { Db } from '../db/database.js';
import { OperatorError } from './operator-error.js';

/** The brand a report is limited to (`--brand CODE`): its id; an unknown code is refused. */
export async function reportBrandId(db: Db, code: string | undefined): Promise<string | undefined> {
  if (code === undefined) return undefined;
  const brand = await db.selectFrom('brands').select('id').where('code', '=', code).executeTakeFirst();
  if (!brand) throw new OperatorError(`There is no brand with code ${code}; nothing was reported.`, ['"tessera brands list" shows the brands']);
  return brand.id;
}
