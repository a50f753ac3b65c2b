import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../src/db/database.js';

// The embedded default's server and the operator's `tessera` commands are two processes on one
// SQLite file. A transaction that reads, then writes (the payout export marks what it read) must
// not fail because the other process committed in between.

describe('SQLite transactions across processes', () => {
  let dir: string;
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it("a transaction that reads and then writes holds the write lock from its start: another process's write waits instead of failing it", async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-sqlite-'));
    const file = path.join(dir, 'db.sqlite');
    db = createDatabase({ dialect: 'sqlite', file });
    await sql`create table payouts (id integer primary key, exported integer not null default 0)`.execute(db);
    await sql`insert into payouts (id) values (1), (2)`.execute(db);

    const other = new SQLite(file);
    other.pragma('busy_timeout = 0');
    let otherWrite: string | undefined;
    try {
      const marked = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: number }>`select id from payouts where exported = 0`.execute(trx);
        // The other process writes now: with a deferred BEGIN it would commit, and the update
        // below would fail with SQLITE_BUSY_SNAPSHOT, which no busy_timeout waits out.
        try {
          other.prepare('insert into payouts (id) values (3)').run();
          otherWrite = 'committed';
        } catch (error) {
          otherWrite = (error as { code?: string }).code;
        }
        await sql`update payouts set exported = 1 where id in (${sql.join(rows.map((r) => r.id))})`.execute(trx);
        return rows.length;
      });
      expect(marked).toBe(2);
      expect(otherWrite).toBe('SQLITE_BUSY');
      // Once the transaction has ended, the other process writes as usual.
      other.prepare('insert into payouts (id) values (3)').run();
      expect(other.prepare('select count(*) as n from payouts where exported = 1').get()).toEqual({ n: 2 });
    } finally {
      other.close();
    }
  });
});
