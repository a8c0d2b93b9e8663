import { sql, SqliteAdapter } from 'kysely';
import type { Db } from '../db/index.ts';
import { BUSY_TIMEOUT_MS } from '../db/sqlite.ts';

// What an erasure does after its transaction so that the erased rows cannot be read back from the
// database's files (docs/decisions/0116). SQLite overwrites deleted rows itself (secure_delete, set
// on every open in db/sqlite.ts), but its write-ahead log still holds earlier copies of the pages
// they were on: a TRUNCATE checkpoint moves the overwritten pages into the file and empties the
// log. PostgreSQL leaves a deleted row's bytes in the table's and indexes' pages until they happen
// to be reused, even after a plain VACUUM: VACUUM FULL writes the table and its indexes anew and
// drops the old files. It still copies a deleted row that a transaction begun before the erasure
// may see (any session of the database: a backup's pg_dump for minutes), so the hourly retention
// run rewrites the table again while an erasure is recent (erasedSince).

/** The tables an erasure kind deletes from (only these are rewritten). */
export type ErasedTable = 'alumni_submissions' | 'subscriptions' | 'rights_requests' | 'children' | 'child_consents' | 'consent_requests';

/**
 * How long the follow-up waits for others: a reader on SQLite (the checkpoint blocks this process
 * while it waits), a lock on PostgreSQL (a backup's pg_dump holds one for minutes, and the forms
 * queue behind a waiting VACUUM FULL). Past it the follow-up is skipped, not the erasure.
 */
const WAIT_MS = 1000;

/**
 * Rewrites what holds the erased rows; false when it had to give up (another process was reading
 * or holding a lock for longer than WAIT_MS): the rows are deleted, their bytes wait for the next try.
 */
export async function scrubErased(db: Db, table: ErasedTable): Promise<boolean> {
  return db.connection().execute(async (conn) => {
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      await sql.raw(`pragma busy_timeout = ${WAIT_MS}`).execute(conn);
      try {
        const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(conn);
        return Number(rows[0]?.busy ?? 0) === 0;
      } finally {
        await sql.raw(`pragma busy_timeout = ${BUSY_TIMEOUT_MS}`).execute(conn);
      }
    }
    await sql.raw(`set lock_timeout = ${WAIT_MS}`).execute(conn);
    try {
      // Not in a transaction (VACUUM cannot be): it follows the erasure's commit.
      await sql`vacuum full ${sql.table(table)}`.execute(conn);
      return true;
    } catch (err) {
      if ((err as { code?: string }).code === '55P03') return false; // lock_not_available
      throw err;
    } finally {
      await sql`reset lock_timeout`.execute(conn);
    }
  });
}

/** Whether anything was erased (journaled) at or after `since`, an ISO time. */
export async function erasedSince(db: Db, since: string): Promise<boolean> {
  const row = await db.selectFrom('erasure_journal').select('_id').where('erased_at', '>=', since).limit(1).executeTakeFirst();
  return row !== undefined;
}
