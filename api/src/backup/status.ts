import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { lastBackupRun, recentBackupRuns } from '../repositories/backup-runs.ts';
import { nextSlot } from './schedule.ts';

// What the staff area shows about backups (STAFF.md; wired into /admin by the staff area).

/** A run still marked running after this long was cut short (the server stopped mid-way). */
const RUNNING_AT_MOST_MS = 6 * 60 * 60 * 1000;

export interface BackupStatus {
  /** The newest successful backup: when it was made, its archive's name and size. */
  lastSuccess: { at: string; archive: string; sizeBytes: number } | null;
  /** The newest failed backup and why (a message without personal data). */
  lastFailure: { at: string; error: string } | null;
  /** True when the newest finished attempt failed: the staff area should say so prominently. */
  failing: boolean;
  /** A backup under way, if any. */
  running: { startedAt: string } | null;
  /** The daily schedule, or null when BACKUP_AT is off. */
  schedule: { at: string; timeZone: string; next: string; keep: number } | null;
}

export async function getBackupStatus(
  db: Db,
  config: Pick<Config, 'backupAt' | 'timeZone' | 'backupKeep'>,
  now = new Date(),
): Promise<BackupStatus> {
  const [success, failure, recent] = [
    await lastBackupRun(db, 'succeeded'),
    await lastBackupRun(db, 'failed'),
    await recentBackupRuns(db, 20),
  ];
  const finished = recent.find((r) => r.status !== 'running');
  const running = recent.find((r) => r.status === 'running' && now.getTime() - Date.parse(r.startedAt) < RUNNING_AT_MOST_MS);
  return {
    lastSuccess: success
      ? { at: success.finishedAt ?? success.startedAt, archive: success.archive ?? '', sizeBytes: success.sizeBytes ?? 0 }
      : null,
    lastFailure: failure ? { at: failure.finishedAt ?? failure.startedAt, error: failure.error ?? 'Unknown error' } : null,
    failing: finished?.status === 'failed',
    running: running ? { startedAt: running.startedAt } : null,
    schedule: config.backupAt
      ? {
          at: config.backupAt,
          timeZone: config.timeZone,
          next: nextSlot(now, config.backupAt, config.timeZone).toISOString(),
          keep: config.backupKeep,
        }
      : null,
  };
}
