import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { formatBytes } from './files.ts';
import { describeFailure, runBackup, backupSourceFrom, type BackupOutcome } from './run.ts';
import { slotAtOrBefore } from './schedule.ts';
import type { BackupSource } from './write-archive.ts';

// The daily backup, started by every server (api/src/server.ts) and run by one: the slot's
// unique row in backup_runs and, on PostgreSQL, an advisory lock (docs/decisions/0052).

/** How often a server looks whether a slot is due. */
export const TICK_MS = 60_000;
/** A server started up to this long after a missed slot still makes that night's backup. */
export const CATCH_UP_MS = 6 * 60 * 60 * 1000;
const FIRST_TICK_MS = 5_000;

/** The logger's shape (pino's): messages carry no personal data. */
export interface SchedulerLog {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface SchedulerOptions {
  config: Pick<Config, 'backupAt' | 'backupDir' | 'backupKeep' | 'timeZone'>;
  source: BackupSource;
  log: SchedulerLog;
  now?: () => Date;
}

export interface BackupScheduler {
  /** Looks once whether a slot is due and runs it (the timers call this; tests call it directly). */
  tick: () => Promise<BackupOutcome | null>;
  /** Stops the timers (a backup under way finishes or fails on its own). */
  stop: () => void;
}

export function createBackupScheduler({ config, source, log, now = () => new Date() }: SchedulerOptions): BackupScheduler {
  const at = config.backupAt;
  let done: string | undefined;
  let running: Promise<BackupOutcome | null> | undefined;

  async function attempt(slot: string): Promise<BackupOutcome | null> {
    try {
      const outcome = await runBackup(source, { dir: config.backupDir, keep: config.backupKeep, trigger: 'scheduled', slot, now });
      if (outcome.status === 'succeeded') {
        done = slot;
        log.info(
          { archive: outcome.file, bytes: outcome.sizeBytes, pruned: outcome.pruned.length },
          `scheduled backup written (${formatBytes(outcome.sizeBytes)})`,
        );
        for (const warning of outcome.warnings) log.warn({ slot }, `scheduled backup: ${warning}`);
      } else if (outcome.why === 'slot-taken') {
        done = slot;
      }
      // 'busy': another server holds the lock; look again at the next tick.
      return outcome;
    } catch (err) {
      // Recorded in backup_runs for the staff area; the slot is not tried again.
      done = slot;
      log.error({ slot, error: describeFailure(err) }, 'scheduled backup failed');
      return null;
    }
  }

  function tick(): Promise<BackupOutcome | null> {
    if (!at) return Promise.resolve(null);
    if (running) return running;
    const current = now();
    const slotTime = slotAtOrBefore(current, at, config.timeZone);
    const slot = slotTime.toISOString();
    if (slot === done || current.getTime() - slotTime.getTime() > CATCH_UP_MS) return Promise.resolve(null);
    running = attempt(slot).finally(() => {
      running = undefined;
    });
    return running;
  }

  return { tick, stop: () => {} };
}

/** Starts the daily schedule for a server; answers null when BACKUP_AT is off. */
export function startBackupScheduler(config: Config, db: Db, log: SchedulerLog): BackupScheduler | null {
  if (!config.backupAt) return null;
  const scheduler = createBackupScheduler({ config, source: backupSourceFrom(config, db), log });
  const first = setTimeout(() => void scheduler.tick(), FIRST_TICK_MS);
  const every = setInterval(() => void scheduler.tick(), TICK_MS);
  first.unref();
  every.unref();
  return {
    tick: scheduler.tick,
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
