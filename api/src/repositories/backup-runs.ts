import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { BackupRunsTable } from '../db/schema.ts';
import { newId } from './alumni.ts';

// Backup attempts (api/src/backup/): the staff area reads the last success and failure here.

export interface BackupRun {
  id: string;
  trigger: 'manual' | 'scheduled';
  slot: string | null;
  status: 'running' | 'succeeded' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  archive: string | null;
  sizeBytes: number | null;
  error: string | null;
}

function toRun(r: BackupRunsTable): BackupRun {
  return {
    id: r._id,
    trigger: r.trigger,
    slot: r.slot,
    status: r.status,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    archive: r.archive,
    sizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
    error: r.error,
  };
}

const SQLITE_CONSTRAINT_UNIQUE = 2067;

function isUniqueViolation(err: unknown): boolean {
  // PostgreSQL's unique_violation, or node:sqlite's SQLITE_CONSTRAINT_UNIQUE.
  const e = err as { code?: string; errcode?: number };
  return e.code === '23505' || e.errcode === SQLITE_CONSTRAINT_UNIQUE;
}

/**
 * Records a backup as started. For a scheduled slot, answers null when a run for that slot is
 * already recorded (by this server or another): the slot is unique, so exactly one claims it.
 */
export async function startBackupRun(db: Db, run: { trigger: BackupRun['trigger']; slot?: string; at: string }): Promise<string | null> {
  const id = newId();
  try {
    await db
      .insertInto('backup_runs')
      .values({
        _id: id,
        trigger: run.trigger,
        slot: run.slot ?? null,
        status: 'running',
        started_at: run.at,
        finished_at: null,
        archive: null,
        size_bytes: null,
        error: null,
      })
      .execute();
  } catch (err) {
    if (run.slot && isUniqueViolation(err)) return null;
    throw err;
  }
  return id;
}

export async function finishBackupRun(db: Db, id: string, result: { at: string; archive: string; sizeBytes: number }): Promise<void> {
  await db
    .updateTable('backup_runs')
    .set({ status: 'succeeded', finished_at: result.at, archive: result.archive, size_bytes: result.sizeBytes, error: null })
    .where('_id', '=', id)
    .execute();
}

/** `error` is a message safe to show staff: no personal data (api/src/backup/run.ts). */
export async function failBackupRun(db: Db, id: string, result: { at: string; error: string }): Promise<void> {
  await db
    .updateTable('backup_runs')
    .set({ status: 'failed', finished_at: result.at, error: result.error })
    .where('_id', '=', id)
    .execute();
}

/** Restoring an archive proves it good: its own run row (copied while running) becomes a success. */
export async function markRestoredRun(
  db: Db,
  id: string,
  result: { startedAt: string; archive: string; sizeBytes: number },
): Promise<void> {
  const updated = await db
    .updateTable('backup_runs')
    .set({ status: 'succeeded', finished_at: result.startedAt, archive: result.archive, size_bytes: result.sizeBytes, error: null })
    .where('_id', '=', id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db
    .insertInto('backup_runs')
    .values({
      _id: id,
      trigger: 'manual',
      slot: null,
      status: 'succeeded',
      started_at: result.startedAt,
      finished_at: result.startedAt,
      archive: result.archive,
      size_bytes: result.sizeBytes,
      error: null,
    })
    .execute();
}

export async function lastBackupRun(db: Db, status: BackupRun['status']): Promise<BackupRun | undefined> {
  const row = await db
    .selectFrom('backup_runs')
    .selectAll()
    .where('status', '=', status)
    .orderBy('started_at', 'desc')
    .orderBy('_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toRun(row);
}

/** The newest attempts, newest first. */
export async function recentBackupRuns(db: Db, limit: number): Promise<BackupRun[]> {
  const rows = await db.selectFrom('backup_runs').selectAll().orderBy('started_at', 'desc').orderBy('_id', 'desc').limit(limit).execute();
  return rows.map(toRun);
}

/** PostgreSQL: one backup at a time per database schema, across every server (session-level lock). */
export async function tryBackupLock(db: Db): Promise<boolean> {
  const { rows } = await sql<{
    locked: boolean;
  }>`select pg_try_advisory_lock(hashtext('sthsm-backup:' || current_schema())) as locked`.execute(db);
  return rows[0]?.locked === true;
}

export async function releaseBackupLock(db: Db): Promise<void> {
  await sql`select pg_advisory_unlock(hashtext('sthsm-backup:' || current_schema()))`.execute(db);
}
