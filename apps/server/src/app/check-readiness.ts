import { sql } from 'kysely';
import type { ServiceDeps } from '../deps.js';

/** GET /readyz: the database answers a trivial query. */
export async function checkReadiness(deps: ServiceDeps): Promise<boolean> {
  try {
    await sql`select 1`.execute(deps.db);
    return true;
  } catch {
    return false;
  }
}
