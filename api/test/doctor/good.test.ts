import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { formatLine } from '../../src/doctor/report.ts';
import { runDoctor } from '../../src/doctor/run.ts';
import { finishBackupRun, startBackupRun } from '../../src/repositories/backup-runs.ts';
import { createSchool, createSchoolHost } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { startSmtp } from '../staff/smtp.ts';
import { makePrivate, otherFilesystemDir, startS3rver, surroundings } from './support.ts';

// `npm run doctor` on a deployment set up as docs/deploy.md says: every line is ok. The real
// database, SMTP server, Redis and S3-compatible store are asked; only the time service, which a
// container does not run, is stood in for.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let s3: Awaited<ReturnType<typeof startS3rver>>;
let backupDir: string;
const NOW = new Date();

beforeAll(async () => {
  t = await startTestApp();
  smtp = await startSmtp();
  s3 = await startS3rver('doctor-good');
  backupDir = await otherFilesystemDir();
  await createSchool(t.db, { code: 'STHSM' });
  await createSchoolHost(t.db, 'www.school.example', 'STHSM');
  const at = new Date(NOW.getTime() - 3 * 3_600_000).toISOString();
  const run = await startBackupRun(t.db, { trigger: 'manual', at });
  if (!run) throw new Error('no backup run');
  await finishBackupRun(t.db, run, { at, archive: 'backup-test.tar', sizeBytes: 1024 });
  await makePrivate(t.config.dataDir);
});
afterAll(async () => {
  await smtp?.close();
  await s3?.close();
  await t?.close();
  if (backupDir) await rm(backupDir, { recursive: true, force: true });
});

describe('npm run doctor on a good configuration', () => {
  it('says ok on every line', async () => {
    const config = loadConfig({
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: t.config.databaseUrl,
      SITE_URL: 'https://www.school.example',
      HOST: '127.0.0.1',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'St. Thomas School <office@school.example>',
      BACKUP_DIR: backupDir,
      REDIS_URL: 'redis://127.0.0.1:6379',
      ...s3.env,
    });
    const results = await runDoctor(config, surroundings({ db: t.db, now: () => NOW }));
    const lines = results.map(formatLine);
    expect(
      lines.filter((line) => !line.startsWith('ok ')),
      lines.join('\n'),
    ).toEqual([]);
    expect(results.map((r) => r.check)).toEqual([
      'node',
      'database',
      'migrations',
      'site-url',
      'trust-proxy',
      'smtp',
      'backup-dir',
      'backups',
      'disk',
      'clock',
      'redis',
      's3',
      'data-dir',
    ]);
  });
});
