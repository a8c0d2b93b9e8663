import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../helpers.ts';
import { CLOSED_PORT } from './support.ts';

// `npm run doctor` as a person runs it: one line per check, each starting with its verdict, and
// exit status 1 when any check fails. No database of its own: SQLite project only.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sthsm-doctor-cli-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function doctor(args: string[], env: Record<string, string>): Promise<{ code: number; lines: string[] }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['api/src/doctor/cli.ts', ...args],
      // Only what the test names: none of the machine's own settings.
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 },
      (err, stdout) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, lines: stdout.trim().split('\n') }),
    );
  });
}

describe.skipIf(engine !== 'sqlite')('npm run doctor', () => {
  it('prints one verdict per line and exits 1 when a check fails', async () => {
    const { code, lines } = await doctor([], { DATA_DIR: dir, DATABASE_URL: `postgres://root@127.0.0.1:${CLOSED_PORT}/school` });
    expect(code).toBe(1);
    expect(lines.length).toBe(13);
    for (const line of lines) expect(line).toMatch(/^(ok|warn|fail) +[a-z0-9-]+: ./);
    expect(lines).toContainEqual(expect.stringMatching(/^fail database: /));
  });

  it('reads the server\u2019s environment file, and names a bad variable in it', async () => {
    const file = path.join(dir, 'school.env');
    await writeFile(file, `DATA_DIR=${dir}\nSITE_URL=www.school.example\n`);
    const { code, lines } = await doctor(['--env-file', file], {});
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/^fail config: Invalid configuration: SITE_URL must be an http:\/\/ or https:\/\/ URL.*run the doctor again$/),
    ]);
  });
});
