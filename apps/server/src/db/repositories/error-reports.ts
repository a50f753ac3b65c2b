import type { Insertable } from 'kysely';
import type { ErrorReportsTable } from '../schema.js';
import type { Executor } from './executor.js';

export async function insertErrorReport(db: Executor, report: Insertable<ErrorReportsTable>): Promise<void> {
  await db.insertInto('error_reports').values(report).execute();
}

/**
 * Deletes the reports stored before `before` (ISO time, compared as text like every timestamp
 * here); answers how many went. Safe to run from several processes at once.
 */
export async function deleteErrorReportsBefore(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('error_reports').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
