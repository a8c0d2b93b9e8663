import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.ts';
import type { CheckResult } from '../../src/doctor/report.ts';
import { realSurroundings, type Surroundings } from '../../src/doctor/run.ts';
import { s3MediaStore } from '../../src/media/s3.ts';

// What the doctor's tests share: surroundings a container cannot show (the time service), an
// S3-compatible server, and reading one check's line from the results.

import { engine } from '../helpers.ts';

/** Ports of this suite (3650–3679 are the doctor's), one set per engine: the projects run at once. */
const BASE_PORT = engine === 'postgres' ? 3660 : 3652;
export const S3RVER_PORT = BASE_PORT;
/** Nothing listens here: a server that does not answer. */
export const CLOSED_PORT = BASE_PORT + 1;

/** This machine as the doctor sees it, with a synchronised clock (no systemd in a container). */
export function surroundings(overrides: Partial<Surroundings> = {}): Surroundings {
  return { ...realSurroundings(), clock: async () => ({ sync: 'synced', source: 'timedatectl' }), ...overrides };
}

export function lineOf(results: CheckResult[], check: string): CheckResult {
  const found = results.find((r) => r.check === check);
  if (!found) throw new Error(`no ${check} line in ${JSON.stringify(results)}`);
  return found;
}

/** What a server at first start does to DATA_DIR: group and other bits off everything (decision 0112). */
export async function makePrivate(dir: string): Promise<void> {
  await chmod(dir, (await stat(dir)).mode & 0o700);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await makePrivate(full);
    else await chmod(full, (await stat(full)).mode & 0o700);
  }
}

/** A folder on another filesystem than the temp directory (/dev/shm is a tmpfs), for BACKUP_DIR. */
export async function otherFilesystemDir(): Promise<string> {
  return mkdtemp(path.join('/dev/shm', 'sthsm-doctor-backups-'));
}

export async function startS3rver(bucket: string): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sthsm-doctor-s3-'));
  const child: ChildProcess = spawn(
    path.resolve('node_modules/.bin/s3rver'),
    ['-d', dir, '-a', '127.0.0.1', '-p', String(S3RVER_PORT), '--silent', '--configure-bucket', bucket],
    { stdio: 'ignore' },
  );
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${S3RVER_PORT}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const settings = loadConfig(env).s3;
  if (!settings) throw new Error('S3 settings not parsed');
  const store = s3MediaStore(settings);
  try {
    for (let i = 0; ; i++) {
      if (
        await store.check().then(
          () => true,
          () => false,
        )
      )
        break;
      if (i > 100) throw new Error('s3rver did not start within 10 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    store.close();
  }
  return {
    env,
    close: async () => {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
