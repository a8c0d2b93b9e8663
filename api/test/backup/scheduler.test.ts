import { mkdir, mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMediaStore } from '../../src/backup/media-store.ts';
import { BackupBusyError, backupSourceFrom, runBackup } from '../../src/backup/run.ts';
import { nextSlot, slotAtOrBefore } from '../../src/backup/schedule.ts';
import { createBackupScheduler, type SchedulerLog } from '../../src/backup/scheduler.ts';
import { getBackupStatus } from '../../src/backup/status.ts';
import { openDatabase, type Db } from '../../src/db/index.ts';
import { insertAlumniSubmission } from '../../src/repositories/alumni.ts';
import { releaseBackupLock, tryBackupLock } from '../../src/repositories/backup-runs.ts';
import { currentSchema } from '../../src/repositories/database-info.ts';
import { validateAlumniForm } from '@sthsm/contract';
import { createMediaFile, createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { alumniForm } from './support.ts';

// The daily backup: due at BACKUP_AT in the school's time zone, made once across servers, the
// newest BACKUP_KEEP kept, failures logged without personal data and shown to staff.

let t: TestApp;
let work: string;
/** A second server on the same database (its own connection pool). */
let other: Db;

const config = (dir: string, keep = 3) => ({ backupAt: '02:30', backupDir: dir, backupKeep: keep, timeZone: 'Asia/Kolkata' });

function recordingLog() {
  const lines: Array<{ level: string; obj: object; msg: string }> = [];
  const log: SchedulerLog = {
    info: (obj, msg) => void lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => void lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => void lines.push({ level: 'error', obj, msg }),
  };
  return { log, lines };
}

const archivesIn = async (dir: string) => (await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.tar')).sort();

beforeAll(async () => {
  t = await startTestApp();
  work = await mkdtemp(path.join(tmpdir(), 'sthsm-schedule-'));
  await createSchool(t.db);
  await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/public/Images/a.jpg', Buffer.from('a photo'));
  const form = validateAlumniForm(alumniForm(77));
  if (form.ok) await insertAlumniSubmission(t.db, 'STHSM', 'alumni', form.data);
  const schema = engine === 'postgres' ? await currentSchema(t.db) : null;
  other = openDatabase(t.config.databaseUrl, schema ? { schema } : {});
});
afterAll(async () => {
  await other.destroy();
  await t.close();
  await rm(work, { recursive: true, force: true });
});

describe('when the daily backup is due', () => {
  it('is BACKUP_AT on the wall clock of the school, whatever the server clock says', () => {
    // 02:30 in India is 21:00 UTC the evening before.
    expect(slotAtOrBefore(new Date('2025-08-14T05:30:00Z'), '02:30', 'Asia/Kolkata').toISOString()).toBe('2025-08-13T21:00:00.000Z');
    expect(slotAtOrBefore(new Date('2025-08-13T20:59:00Z'), '02:30', 'Asia/Kolkata').toISOString()).toBe('2025-08-12T21:00:00.000Z');
    expect(slotAtOrBefore(new Date('2025-08-13T21:00:00Z'), '02:30', 'Asia/Kolkata').toISOString()).toBe('2025-08-13T21:00:00.000Z');
    expect(nextSlot(new Date('2025-08-14T05:30:00Z'), '02:30', 'Asia/Kolkata').toISOString()).toBe('2025-08-14T21:00:00.000Z');
    // Daylight-saving time moves the instant, not the wall-clock time.
    expect(nextSlot(new Date('2025-07-01T00:00:00Z'), '02:30', 'America/New_York').toISOString()).toBe('2025-07-01T06:30:00.000Z');
    expect(nextSlot(new Date('2025-12-01T00:00:00Z'), '02:30', 'America/New_York').toISOString()).toBe('2025-12-01T07:30:00.000Z');
  });
});

describe(`scheduled backups (${engine})`, () => {
  const slot = new Date('2025-08-13T21:00:00Z');
  const at = (ms: number) => () => new Date(slot.getTime() + ms);

  it('two servers ticking at the same moment make one backup, once', async () => {
    const [dirA, dirB] = [path.join(work, 'a'), path.join(work, 'b')];
    const a = createBackupScheduler({
      config: config(dirA),
      source: backupSourceFrom(t.config, t.db),
      log: recordingLog().log,
      now: at(60_000),
    });
    const b = createBackupScheduler({
      config: config(dirB),
      source: backupSourceFrom(t.config, other),
      log: recordingLog().log,
      now: at(60_000),
    });
    const [first, second] = [a.tick(), b.tick()];
    // A tick while this server's own backup runs joins it rather than starting another.
    expect(a.tick()).toBe(first);
    const statuses = (await Promise.all([first, second])).map((o) => o?.status);
    expect(statuses.filter((s) => s === 'succeeded')).toHaveLength(1);
    expect([...(await archivesIn(dirA)), ...(await archivesIn(dirB))]).toHaveLength(1);
    // A server that skipped because another held the lock looks again, and finds the slot done.
    const again = await b.tick();
    expect(again === null || (again.status === 'skipped' && again.why === 'slot-taken')).toBe(true);
    expect(await b.tick()).toBeNull();
    expect(await a.tick()).toBeNull();
    const runs = await t.db.selectFrom('backup_runs').selectAll().where('slot', '=', slot.toISOString()).execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'scheduled', status: 'succeeded' });
  });

  it('a server started more than six hours after a missed slot waits for the next one', async () => {
    const late = createBackupScheduler({
      config: config(path.join(work, 'late')),
      source: backupSourceFrom(t.config, t.db),
      log: recordingLog().log,
      now: () => new Date('2025-08-15T04:00:00Z'), // 09:30 in India: 02:30 was 7 hours ago
    });
    expect(await late.tick()).toBeNull();
    expect(await archivesIn(path.join(work, 'late'))).toEqual([]);
  });

  it('keeps the newest BACKUP_KEEP archives and clears leftovers of a killed backup', async () => {
    const dir = path.join(work, 'keep');
    await mkdir(dir, { recursive: true });
    const leftover = path.join(dir, '.tmp-killed');
    await mkdir(leftover);
    await utimes(leftover, new Date('2020-01-01'), new Date('2020-01-01'));
    const made: string[] = [];
    for (let i = 0; i < 4; i++) {
      const outcome = await runBackup(backupSourceFrom(t.config, t.db), {
        dir,
        keep: 2,
        trigger: 'manual',
        now: () => new Date(Date.UTC(2025, 7, 20, 3, 0, i)),
      });
      if (outcome.status === 'succeeded') made.push(path.basename(outcome.file));
    }
    expect(made).toHaveLength(4);
    expect(await archivesIn(dir)).toEqual(made.slice(2));
    expect((await readdir(dir)).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('logs a failure without personal data, records it for staff, and keeps the last success', async () => {
    const success = await getBackupStatus(t.db, config(work), new Date());
    expect(success.lastSuccess).toMatchObject({ archive: expect.stringMatching(/^backup-.*\.tar$/), sizeBytes: expect.any(Number) });
    const broken = {
      ...localMediaStore(t.config.mediaRoot),
      read: () => {
        throw new Error('Media store unreachable (EIO)');
      },
    };
    const dir = path.join(work, 'failing');
    const { log, lines } = recordingLog();
    const failing = createBackupScheduler({
      // Later than every backup above, so it is the newest attempt.
      config: config(dir),
      source: { ...backupSourceFrom(t.config, t.db), media: broken },
      log,
      now: () => new Date('2025-08-30T21:01:00Z'),
    });
    expect(await failing.tick()).toBeNull();
    expect(lines).toEqual([
      { level: 'error', obj: { slot: '2025-08-30T21:00:00.000Z', error: 'Media store unreachable (EIO)' }, msg: 'scheduled backup failed' },
    ]);
    const logged = JSON.stringify(lines);
    for (const value of [alumniForm(77).name, alumniForm(77).email, alumniForm(77).phone]) expect(logged).not.toContain(value);
    expect(await archivesIn(dir)).toEqual([]);
    expect((await readdir(dir)).filter((n) => n.startsWith('.'))).toEqual([]);
    // Not retried every minute: the slot is recorded as failed.
    expect(await failing.tick()).toBeNull();

    const status = await getBackupStatus(t.db, config(work), new Date('2025-08-30T21:05:00Z'));
    expect(status).toMatchObject({
      failing: true,
      lastFailure: { error: 'Media store unreachable (EIO)' },
      lastSuccess: success.lastSuccess,
      running: null,
      schedule: { at: '02:30', timeZone: 'Asia/Kolkata', next: '2025-08-31T21:00:00.000Z', keep: 3 },
    });
  });

  it.runIf(engine === 'postgres')(
    'on PostgreSQL, a backup already under way elsewhere makes a scheduled one wait and a manual one refuse',
    async () => {
      await other.connection().execute(async (holder) => {
        expect(await tryBackupLock(holder)).toBe(true);
        try {
          const scheduler = createBackupScheduler({
            config: config(path.join(work, 'busy')),
            source: backupSourceFrom(t.config, t.db),
            log: recordingLog().log,
            now: at(2 * 24 * 3600_000),
          });
          expect(await scheduler.tick()).toMatchObject({ status: 'skipped', why: 'busy' });
          await expect(
            runBackup(backupSourceFrom(t.config, t.db), { dir: path.join(work, 'busy'), keep: 1, trigger: 'manual' }),
          ).rejects.toThrow(BackupBusyError);
        } finally {
          await releaseBackupLock(holder);
        }
      });
    },
  );
});
