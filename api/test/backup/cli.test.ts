import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSchema } from '../../src/repositories/database-info.ts';
import { createNews, createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { migrations } from '../../src/db/migrations/index.ts';

// The commands as an operator types them: what they print, their exit codes.

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
let t: TestApp;
let backupDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  await createNews(t.db, { title: 'Prize giving' });
  backupDir = await mkdtemp(path.join(tmpdir(), 'sthsm-cli-'));
  const schema = engine === 'postgres' ? await currentSchema(t.db) : null;
  env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: t.config.dataDir,
    DATABASE_URL: t.config.databaseUrl,
    BACKUP_DIR: path.join(backupDir, 'archives'),
    ...(schema ? { PGOPTIONS: `-c search_path=${schema}` } : {}),
  };
});
afterAll(async () => {
  await t.close();
  await rm(backupDir, { recursive: true, force: true });
});

async function cli(args: string[], extra: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, ['api/src/backup/cli.ts', ...args], {
    cwd: REPO,
    env: { ...env, ...extra },
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
}

describe(`npm run backup / restore (${engine})`, () => {
  it('backs up, says what it wrote, and checks the archive', async () => {
    const backup = await cli(['backup']);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      new RegExp(`^Backup written: ${path.join(backupDir, 'archives')}/backup-\\d{4}-\\d{2}-\\d{2}T\\d{6}Z\\.tar \\(`, 'm'),
    );
    expect(backup.stdout).toContain(`from ${engine}, schema ${Object.keys(migrations).sort().at(-1)}`);
    expect(backup.stdout).toMatch(/database: \d+ tables, \d+ rows/);
    const [archive] = await readdir(path.join(backupDir, 'archives'));
    expect((await stat(path.join(backupDir, 'archives'))).mode & 0o777).toBe(0o700);

    const check = await cli(['restore', '--check', path.join(backupDir, 'archives', archive!)]);
    expect(check.code).toBe(0);
    expect(check.stdout).toContain(`${archive}: every checksum matches`);
  });

  it('refuses to restore over the data it came from without --force', async () => {
    const [archive] = await readdir(path.join(backupDir, 'archives'));
    const restore = await cli(['restore', path.join(backupDir, 'archives', archive!)]);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(
      /^Refused: The target is not empty \(\d+ tables in the database, 0 media files\): nothing was changed\./,
    );
  });

  it('answers bad usage with exit 2, one line and the usage', async () => {
    for (const [args, message] of [
      [['restore'], 'Name one archive to restore.'],
      [['restore', 'nowhere.tar'], 'No archive file at nowhere.tar.'],
      [['restore', 'a.tar', '--forse'], "Unknown option '--forse'"],
      [['backup', 'extra'], 'npm run backup takes no arguments'],
      [['frobnicate'], 'Unknown command frobnicate.'],
    ] as const) {
      const run = await cli([...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain('Usage:');
    }
  });

  it('stops on a bad setting, naming it', async () => {
    const run = await cli(['backup'], { BACKUP_KEEP: '0' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Failed: Invalid configuration: BACKUP_KEEP/);
  });
});
