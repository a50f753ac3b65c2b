import type { Insertable } from 'kysely';
import type { ErrorReportsTable } from '../schema.js';
import type { Executor } from './executor.js';

export async function insertErrorReport(db: Executor, report: Insertable<ErrorReportsTable>): Promise<void> {
  await db.insertInto('error_reports').values(report).execute();
}
