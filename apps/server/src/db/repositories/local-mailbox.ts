import type { Executor } from './executor.js';

export interface LocalMailboxRow {
  id: string;
  channel: 'email' | 'sms';
  message_ciphertext: string;
  created_at: string;
}

export async function insertLocalMessage(db: Executor, row: LocalMailboxRow): Promise<void> {
  await db.insertInto('local_mailbox').values(row).execute();
}

/** Newest first; `limit` keeps a long-running demo's answer small. */
export async function listLocalMessages(db: Executor, limit: number): Promise<LocalMailboxRow[]> {
  return db.selectFrom('local_mailbox').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
