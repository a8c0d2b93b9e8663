import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { engineOf, type Db } from '../db/index.ts';
import { failBackupRun, finishBackupRun, releaseBackupLock, startBackupRun, tryBackupLock } from '../repositories/backup-runs.ts';
import { ensurePrivateDir } from './files.ts';
import { mediaStores } from '../media/library.ts';
import { ARCHIVE_NAME, writeArchive, type BackupSource, type WrittenArchive } from './write-archive.ts';

// One backup: claim it (a run row; on PostgreSQL also an advisory lock), write the archive,
// record the outcome for the staff area, keep the newest BACKUP_KEEP archives.

export interface BackupSettings {
  /** Where archives go (created 0700). */
  dir: string;
  /** Archives kept in `dir` after a success. */
  keep: number;
  trigger: 'manual' | 'scheduled';
  /** Scheduled runs: the slot's key; a slot already recorded is not run again. */
  slot?: string;
  now?: () => Date;
}

export type BackupOutcome =
  | ({ status: 'succeeded'; runId: string; pruned: string[] } & WrittenArchive)
  | { status: 'skipped'; why: 'slot-taken' | 'busy'; reason: string };

/** Another backup holds the lock on this database. */
export class BackupBusyError extends Error {}

/** Leftovers of a backup killed mid-way older than this are removed by the next one. */
const STALE_LEFTOVER_MS = 24 * 60 * 60 * 1000;
const ERROR_MESSAGE_LIMIT = 500;

/** The source a server's configuration names: its database and its media store (DATA_DIR/media, or S3). */
export function backupSourceFrom(config: Config, db: Db): BackupSource {
  return { db, engine: engineOf(config.databaseUrl), databaseUrl: config.databaseUrl, media: mediaStores(config).media };
}

/** A failure as the staff area and the log may show it: the message only, never data. */
export function describeFailure(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\s+/g, ' ').trim().slice(0, ERROR_MESSAGE_LIMIT) || 'Unknown error';
}

/** Deletes all but the newest `keep` archives in `dir`, and stale leftovers; answers the names deleted. */
export async function pruneArchives(dir: string, keep: number, now = new Date()): Promise<string[]> {
  const names = await readdir(dir);
  const archives = names
    .map((name) => ({ name, match: ARCHIVE_NAME.exec(name) }))
    .filter((a): a is { name: string; match: RegExpExecArray } => a.match !== null)
    .sort((a, b) => (a.match[1] === b.match[1] ? Number(b.match[2] ?? 1) - Number(a.match[2] ?? 1) : a.match[1]! < b.match[1]! ? 1 : -1));
  const doomed = archives.slice(keep).map((a) => a.name);
  for (const name of doomed) await rm(path.join(dir, name), { force: true });
  for (const name of names) {
    if (!name.startsWith('.tmp-') && !name.endsWith('.tar.partial')) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > STALE_LEFTOVER_MS) await rm(path.join(dir, name), { recursive: true, force: true });
  }
  return doomed;
}

async function recorded(source: BackupSource, settings: BackupSettings): Promise<BackupOutcome> {
  const now = settings.now ?? (() => new Date());
  const runId = await startBackupRun(source.db, { trigger: settings.trigger, slot: settings.slot, at: now().toISOString() });
  if (!runId) return { status: 'skipped', why: 'slot-taken', reason: `the scheduled backup for ${settings.slot} has already run` };
  try {
    const written = await writeArchive(source, settings.dir, runId, now);
    await finishBackupRun(source.db, runId, {
      at: now().toISOString(),
      archive: path.basename(written.file),
      sizeBytes: written.sizeBytes,
    });
    const pruned = await pruneArchives(settings.dir, settings.keep, now());
    return { status: 'succeeded', runId, pruned, ...written };
  } catch (err) {
    await failBackupRun(source.db, runId, { at: now().toISOString(), error: describeFailure(err) }).catch(() => {});
    throw err;
  }
}

/**
 * Makes one backup and records it. On PostgreSQL one runs at a time per database schema across
 * all servers: a scheduled run finding the lock taken is skipped, a manual one fails with
 * BackupBusyError. (SQLite is one server's file; two snapshots at once are harmless.)
 */
export async function runBackup(source: BackupSource, settings: BackupSettings): Promise<BackupOutcome> {
  const warning = await ensurePrivateDir(settings.dir);
  const withWarning = (outcome: BackupOutcome): BackupOutcome =>
    warning && outcome.status === 'succeeded' ? { ...outcome, warnings: [warning, ...outcome.warnings] } : outcome;
  if (source.engine === 'sqlite') return withWarning(await recorded(source, settings));
  // A session-level lock lives on one connection: hold one for the whole backup.
  return source.db.connection().execute(async (connection) => {
    if (!(await tryBackupLock(connection))) {
      if (settings.trigger === 'scheduled')
        return { status: 'skipped', why: 'busy', reason: 'another server is making a backup of this database' };
      throw new BackupBusyError('Another backup of this database is running; try again when it has finished.');
    }
    try {
      return withWarning(await recorded(source, settings));
    } finally {
      await releaseBackupLock(connection).catch(() => {});
    }
  });
}
