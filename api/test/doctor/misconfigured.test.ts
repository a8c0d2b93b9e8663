import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { clockVerdict } from '../../src/doctor/machine.ts';
import type { CheckResult, Verdict } from '../../src/doctor/report.ts';
import { runDoctor } from '../../src/doctor/run.ts';
import { failBackupRun, finishBackupRun, startBackupRun } from '../../src/repositories/backup-runs.ts';
import { createSchool, createSchoolHost } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { CLOSED_PORT, lineOf, makePrivate, otherFilesystemDir, surroundings } from './support.ts';

// Each misconfiguration the doctor knows, one at a time on an otherwise good deployment: its line
// says fail or warn and what to do. (good.test.ts proves the same deployment is all ok.)

let t: TestApp;
let backupDir: string;
const NOW = new Date();

beforeAll(async () => {
  t = await startTestApp();
  backupDir = await otherFilesystemDir();
  await createSchool(t.db, { code: 'STHSM' });
  await createSchoolHost(t.db, 'www.school.example', 'STHSM');
  await makePrivate(t.config.dataDir);
});
afterAll(async () => {
  await t?.close();
  if (backupDir) await rm(backupDir, { recursive: true, force: true });
});

/** The doctor on the test database with one change to a good environment. */
async function doctor(env: Record<string, string | undefined> = {}, more: Parameters<typeof surroundings>[0] = {}): Promise<CheckResult[]> {
  const base: Record<string, string> = {
    DATA_DIR: t.config.dataDir,
    DATABASE_URL: t.config.databaseUrl,
    SITE_URL: 'https://www.school.example',
    HOST: '127.0.0.1',
    BACKUP_DIR: backupDir,
  };
  const merged = Object.fromEntries(Object.entries({ ...base, ...env }).filter((e): e is [string, string] => e[1] !== undefined));
  return runDoctor(loadConfig(merged), surroundings({ db: t.db, now: () => NOW, ...more }));
}

async function expectLine(results: Promise<CheckResult[]>, check: string, verdict: Verdict, advice: RegExp): Promise<void> {
  const line = lineOf(await results, check);
  expect(line.verdict, line.says).toBe(verdict);
  expect(line.says).toMatch(advice);
}

describe('the doctor names each misconfiguration and what to do', () => {
  it('Node other than 24', async () => {
    await expectLine(doctor({}, { nodeVersion: 'v20.19.0' }), 'node', 'fail', /needs Node 24.*npm/);
  });

  it('a database that does not answer, and the checks that need it', async () => {
    const results = runDoctor(
      loadConfig({ DATA_DIR: t.config.dataDir, DATABASE_URL: `postgres://root@127.0.0.1:${CLOSED_PORT}/school` }),
      surroundings({ now: () => NOW }),
    );
    await expectLine(results, 'database', 'fail', /does not answer.*check that PostgreSQL runs/);
    await expectLine(results, 'migrations', 'warn', /not checked: the database does not answer/);
    await expectLine(results, 'backups', 'warn', /not checked/);
  });

  it('an SQLite database file that is not there', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sthsm-doctor-empty-'));
    try {
      await expectLine(
        runDoctor(loadConfig({ DATA_DIR: dir }), surroundings()),
        'database',
        'fail',
        /no database file at .*school\.db: start the server once/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('migrations not applied, or applied by a newer version', async () => {
    const latest = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(t.db);
    const name = latest.rows[0]?.name ?? '';
    await sql`delete from kysely_migration where name = ${name}`.execute(t.db);
    try {
      await expectLine(
        doctor(),
        'migrations',
        'fail',
        new RegExp(`1 of \\d+ migrations not applied \\(first: ${name}\\): start the server once`),
      );
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${NOW.toISOString()})`.execute(t.db);
    }
    await sql`insert into kysely_migration (name, timestamp) values ('2099-01-01-future', ${NOW.toISOString()})`.execute(t.db);
    try {
      await expectLine(doctor(), 'migrations', 'fail', /2099-01-01-future.*a newer version ran on it/);
    } finally {
      await sql`delete from kysely_migration where name = '2099-01-01-future'`.execute(t.db);
    }
    await expectLine(doctor(), 'migrations', 'ok', /all \d+ applied/);
  });

  it('SITE_URL not set, not HTTPS, or on a host name no school is served on', async () => {
    await expectLine(doctor({ SITE_URL: undefined }), 'site-url', 'warn', /not set.*Set SITE_URL=https:/);
    await expectLine(
      doctor({ SITE_URL: 'http://www.school.example' }),
      'site-url',
      'fail',
      /not HTTPS.*SITE_URL=https:\/\/www\.school\.example/,
    );
    await expectLine(
      doctor({ SITE_URL: 'https://old.school.example' }),
      'site-url',
      'fail',
      /not a host name of any school.*npm run school -- host add --school CODE --host old\.school\.example/,
    );
  });

  it('TRUST_PROXY that believes anyone, nobody, or not the proxy in front', async () => {
    await expectLine(
      doctor({ TRUST_PROXY: 'on' }),
      'trust-proxy',
      'fail',
      /escape the rate limits\. Set TRUST_PROXY to your proxy's address/,
    );
    await expectLine(doctor({ TRUST_PROXY: 'off' }), 'trust-proxy', 'fail', /shares one rate-limit bucket\. Use the default/);
    await expectLine(doctor({ TRUST_PROXY: '1', HOST: '0.0.0.0' }), 'trust-proxy', 'fail', /can name its own address/);
    await expectLine(doctor({ HOST: '0.0.0.0' }), 'trust-proxy', 'warn', /Set TRUST_PROXY to that proxy's address.*HOST=127\.0\.0\.1/);
    await expectLine(doctor({ HOST: '0.0.0.0', TRUST_PROXY: '10.0.0.5' }), 'trust-proxy', 'ok', /believed from 10\.0\.0\.5/);
  });

  it('SMTP not set, not reachable, or without a real sender', async () => {
    await expectLine(doctor(), 'smtp', 'warn', /SMTP_URL is not set.*Set SMTP_URL=/);
    await expectLine(
      doctor({ SMTP_URL: `smtp://127.0.0.1:${CLOSED_PORT}`, MAIL_FROM: 'School <office@school.example>' }),
      'smtp',
      'fail',
      /ECONNREFUSED.*check the host and port in SMTP_URL/,
    );
    await expectLine(doctor({ SMTP_URL: `smtp://127.0.0.1:${CLOSED_PORT}` }), 'smtp', 'fail', /MAIL_FROM is .*localhost.*Set MAIL_FROM=/);
  });

  it('BACKUP_DIR on the data directory\u2019s own disk', async () => {
    await expectLine(
      doctor({ BACKUP_DIR: path.join(t.config.dataDir, 'backups') }),
      'backup-dir',
      'warn',
      /same filesystem as DATA_DIR.*Set BACKUP_DIR to another disk/,
    );
  });

  it('no backup yet, an old one, a failed one, no schedule', async () => {
    await expectLine(doctor(), 'backups', 'warn', /no backup has been made yet: run npm run backup now/);
    const old = new Date(NOW.getTime() - 30 * 3_600_000).toISOString();
    const first = await startBackupRun(t.db, { trigger: 'manual', at: old });
    await finishBackupRun(t.db, first ?? '', { at: old, archive: 'backup-old.tar', sizeBytes: 10 });
    await expectLine(doctor(), 'backups', 'fail', /was 30 h 0 min ago \(backup-old\.tar\): the daily 02:30 backup has not run/);
    await expectLine(doctor({ BACKUP_AT: 'off' }), 'backups', 'fail', /BACKUP_AT is off: set BACKUP_AT=02:30/);
    const recent = new Date(NOW.getTime() - 60_000).toISOString();
    const second = await startBackupRun(t.db, { trigger: 'manual', at: recent });
    await failBackupRun(t.db, second ?? '', { at: recent, error: 'No space left on device' });
    await expectLine(doctor(), 'backups', 'fail', /last backup failed at .*: No space left on device\. Fix that, then run npm run backup/);
    const now = NOW.toISOString();
    const third = await startBackupRun(t.db, { trigger: 'manual', at: now });
    await finishBackupRun(t.db, third ?? '', { at: now, archive: 'backup-new.tar', sizeBytes: 10 });
    await expectLine(doctor({ BACKUP_AT: 'off' }), 'backups', 'warn', /BACKUP_AT is off: set BACKUP_AT=02:30/);
    await expectLine(doctor(), 'backups', 'ok', /backup-new\.tar/);
  });

  it('a disk nearly full, and one filling up', async () => {
    const gib = 1024 ** 3;
    await expectLine(
      doctor({}, { space: async () => ({ freeBytes: 0.5 * gib, totalBytes: 100 * gib }) }),
      'disk',
      'fail',
      /512 MB free.*Free space/,
    );
    await expectLine(
      doctor({}, { space: async () => ({ freeBytes: 3 * gib, totalBytes: 20 * gib }) }),
      'disk',
      'warn',
      /3\.0 GB free of 20 GB.*grow the disk/,
    );
  });

  it('a clock not synchronised, one that cannot be told, one off the database server\u2019s', async () => {
    await expectLine(
      doctor({}, { clock: async () => ({ sync: 'unsynced', source: 'chrony' }) }),
      'clock',
      'fail',
      /chrony says.*timedatectl set-ntp true/,
    );
    if (engine === 'sqlite')
      await expectLine(doctor({}, { clock: async () => ({ sync: 'unknown', source: '' }) }), 'clock', 'warn', /cannot tell/);
    else
      await expectLine(
        doctor({}, { clock: async () => ({ sync: 'unknown', source: '' }) }),
        'clock',
        'ok',
        /of the database server's clock/,
      );
    const skewed = clockVerdict({ sync: 'synced', source: 'timedatectl' }, -9200);
    expect([skewed.verdict, skewed.says]).toEqual(['fail', expect.stringMatching(/-9\.2 s off the database server's.*set-ntp true/)]);
  });

  it('Redis and S3 configured but not answering', async () => {
    const results = doctor({
      REDIS_URL: `redis://127.0.0.1:${CLOSED_PORT}`,
      S3_BUCKET: 'school-media',
      S3_ENDPOINT: `http://127.0.0.1:${CLOSED_PORT}`,
      S3_ACCESS_KEY_ID: 'x',
      S3_SECRET_ACCESS_KEY: 'y',
      S3_TIMEOUT_MS: '2000',
    });
    await expectLine(results, 'redis', 'fail', new RegExp(`127\\.0\\.0\\.1:${CLOSED_PORT} does not answer.*start Redis.*or fix REDIS_URL`));
    await expectLine(results, 's3', 'fail', /bucket school-media at .*check S3_BUCKET, S3_ENDPOINT and the access keys/);
  });

  it('files in DATA_DIR that other users can read', async () => {
    const file = path.join(t.config.dataDir, 'media-note.txt');
    await writeFile(file, 'x');
    await chmod(file, 0o644);
    try {
      await expectLine(doctor(), 'data-dir', 'fail', /1 path\(s\) readable by other users, e\.g\. .*media-note\.txt: run chmod -R go=/);
      await expectLine(doctor({}, { uid: 12345 }), 'data-dir', 'warn', /run the doctor as the server's user/);
    } finally {
      await rm(file);
    }
  });
});
