import { execFile } from 'node:child_process';
import { lstat, opendir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { fail, ok, sizeText, warn, type CheckResult } from './report.ts';

// Checks of the machine itself: Node, disks, the data directory's modes, the clock.

/** The Node major version the project runs on (package.json engines). */
export const NODE_MAJOR = 24;

export function checkNode(version: string): CheckResult {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major === NODE_MAJOR) return ok('node', `Node ${version.replace(/^v/, '')}`);
  return fail(
    'node',
    `Node ${version.replace(/^v/, '')}, but the server needs Node ${NODE_MAJOR}: start it through npm (npm start, npm run …), ` +
      'which runs the Node 24 that npm install put in node_modules/.bin, or run node_modules/.bin/node yourself',
  );
}

/** The device a path is on; for a path not made yet, the device of its nearest existing parent. */
async function deviceOf(target: string): Promise<{ dev: number; existing: string }> {
  let current = path.resolve(target);
  for (;;) {
    try {
      return { dev: (await stat(current)).dev, existing: current };
    } catch {
      const parent = path.dirname(current);
      if (parent === current) throw new Error(`no part of ${target} exists`);
      current = parent;
    }
  }
}

export async function checkBackupDisk(config: Pick<Config, 'dataDir' | 'backupDir'>): Promise<CheckResult> {
  const [data, backups] = await Promise.all([deviceOf(config.dataDir), deviceOf(config.backupDir)]);
  if (data.dev !== backups.dev) return ok('backup-dir', `${config.backupDir} is on another filesystem than ${config.dataDir}`);
  return warn(
    'backup-dir',
    `${config.backupDir} is on the same filesystem as DATA_DIR (${config.dataDir}): a failed disk takes the backups with the data. ` +
      'Set BACKUP_DIR to another disk or network storage, or copy the archives off this machine every day',
  );
}

export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
}

export async function diskSpace(target: string): Promise<DiskSpace> {
  const { existing } = await deviceOf(target);
  const s = await statfs(existing);
  return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
}

const GIB = 1024 ** 3;
/** Below either: uploads and backups are about to fail. */
const FAIL_BELOW = { bytes: 1 * GIB, share: 0.05 };
/** Below either: time to make room. */
const WARN_BELOW = { bytes: 5 * GIB, share: 0.1 };

export async function checkDisk(
  config: Pick<Config, 'dataDir' | 'backupDir'>,
  space: (target: string) => Promise<DiskSpace> = diskSpace,
): Promise<CheckResult> {
  const places = [...new Set([config.dataDir, config.backupDir])];
  const measured = await Promise.all(places.map(async (place) => ({ place, ...(await space(place)) })));
  // BACKUP_DIR on DATA_DIR's filesystem: one figure (the backup-dir check says why that is a risk).
  const seen = measured.filter((m, i) => i === 0 || m.freeBytes !== measured[0]?.freeBytes || m.totalBytes !== measured[0]?.totalBytes);
  const low = (limit: { bytes: number; share: number }) =>
    seen.filter((s) => s.freeBytes < limit.bytes || s.freeBytes < s.totalBytes * limit.share);
  const text = (list: typeof seen) =>
    list.map((s) => `${sizeText(s.freeBytes)} free of ${sizeText(s.totalBytes)} at ${s.place}`).join('; ');
  const failing = low(FAIL_BELOW);
  if (failing.length > 0)
    return fail('disk', `${text(failing)}: uploads and backups will fail soon. Free space (old archives, logs) or grow the disk`);
  const warning = low(WARN_BELOW);
  if (warning.length > 0) return warn('disk', `${text(warning)}: free some space or grow the disk before it runs out`);
  return ok('disk', text(seen));
}

/** At most this many entries are looked at under DATA_DIR. */
const MODE_WALK_LIMIT = 100_000;

/**
 * DATA_DIR holds personal data: it and everything in it are the server user's only (0700/0600,
 * docs/decisions/0112). The server narrows modes at start; the doctor only reads them.
 */
export async function checkDataDirModes(config: Pick<Config, 'dataDir'>, uid: number | undefined): Promise<CheckResult> {
  let top;
  try {
    top = await stat(config.dataDir);
  } catch {
    return warn(
      'data-dir',
      `${config.dataDir} does not exist yet: the server creates it (0700) at its first start; check DATA_DIR if it should`,
    );
  }
  if (uid !== undefined && top.uid !== uid) {
    return warn(
      'data-dir',
      `${config.dataDir} belongs to user id ${top.uid}, the doctor runs as ${uid}: run the doctor as the server's user (sudo -u that-user npm run doctor)`,
    );
  }
  const open: string[] = [];
  if ((top.mode & 0o077) !== 0) open.push(config.dataDir);
  let seen = 0;
  async function walk(dir: string): Promise<void> {
    for await (const entry of await opendir(dir)) {
      if (++seen > MODE_WALK_LIMIT) return;
      const full = path.join(dir, entry.name);
      const { mode } = await lstat(full);
      if (!entry.isSymbolicLink() && (mode & 0o077) !== 0) open.push(full);
      if (entry.isDirectory()) await walk(full);
    }
  }
  await walk(config.dataDir);
  if (open.length > 0) {
    return fail(
      'data-dir',
      `${open.length} path(s) readable by other users, e.g. ${open[0]}: run chmod -R go= ${config.dataDir} (the server also narrows them at its next start)`,
    );
  }
  return ok('data-dir', `${config.dataDir} and everything in it are readable by its owner only`);
}

// ---- The clock ----

export type ClockSync = 'synced' | 'unsynced' | 'unknown';

const COMMAND_TIMEOUT_MS = 3000;

function run(command: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: COMMAND_TIMEOUT_MS }, (err, stdout) => resolve(err ? null : stdout));
  });
}

/** What the system's time service says: systemd-timesyncd (timedatectl), else chrony. */
export async function systemClockSync(): Promise<{ sync: ClockSync; source: string }> {
  const timedatectl = await run('timedatectl', ['show', '-p', 'NTPSynchronized', '--value']);
  if (timedatectl?.trim() === 'yes') return { sync: 'synced', source: 'timedatectl' };
  if (timedatectl?.trim() === 'no') return { sync: 'unsynced', source: 'timedatectl' };
  const chrony = await run('chronyc', ['-n', 'tracking']);
  const leap = chrony && /^Leap status\s*:\s*(.+)$/m.exec(chrony)?.[1]?.trim();
  if (leap === 'Normal') return { sync: 'synced', source: 'chrony' };
  if (leap) return { sync: 'unsynced', source: 'chrony' };
  return { sync: 'unknown', source: '' };
}

/** Sessions, two-factor codes, scheduled publishing and backups all read the clock. */
export const CLOCK_SKEW_LIMIT_MS = 5000;

export function clockVerdict(system: { sync: ClockSync; source: string }, databaseOffsetMs: number | null): CheckResult {
  const fix = 'turn time synchronisation on: sudo timedatectl set-ntp true (or install chrony)';
  if (databaseOffsetMs !== null && Math.abs(databaseOffsetMs) > CLOCK_SKEW_LIMIT_MS) {
    return fail(
      'clock',
      `this machine's clock is ${(databaseOffsetMs / 1000).toFixed(1)} s off the database server's: two-factor codes, sessions and schedules go wrong; ${fix} on both`,
    );
  }
  if (system.sync === 'unsynced') return fail('clock', `${system.source} says the clock is not synchronised: ${fix}`);
  const agreed = databaseOffsetMs === null ? '' : `; within ${Math.abs(databaseOffsetMs)} ms of the database server's clock`;
  if (system.sync === 'synced') return ok('clock', `synchronised (${system.source})${agreed}`);
  if (databaseOffsetMs !== null) return ok('clock', `no time service to ask (timedatectl, chronyc)${agreed}`);
  return warn('clock', `cannot tell whether the clock is synchronised (neither timedatectl nor chronyc answers): ${fix}`);
}
