import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail, membershipsOf } from '../../src/repositories/staff-users.ts';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { signIn } from './staff-helpers.ts';

// `npm run staff -- add …` as the operator runs it (STAFF.md): the link as the last line,
// --password-stdin, and one line with a non-zero exit for each kind of bad input.
// The CLI opens DATABASE_URL itself; it runs on the SQLite project (the same code serves both).

const run = promisify(execFile);
const CLI = path.resolve('api/src/staff/cli.ts');
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
});
afterAll(() => t.close());

async function staff(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = run(process.execPath, [CLI, ...args], {
    env: {
      ...process.env,
      DATABASE_URL: t.config.databaseUrl,
      DATA_DIR: t.config.dataDir,
      SITE_URL: 'https://school.example.org',
      LOG_LEVEL: 'silent',
    },
    timeout: 20_000,
  });
  if (stdin !== undefined) {
    child.child.stdin?.end(stdin);
  } else {
    child.child.stdin?.end();
  }
  try {
    const { stdout, stderr } = await child;
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe.skipIf(engine !== 'sqlite')('npm run staff -- add', () => {
  it('creates the account and prints a one-time set-password link as the last line', async () => {
    const res = await staff(['add', '--school', 'STHSM', '--email', 'Priya@Example.org', '--role', 'admin', '--name', 'Priya']);
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^https:\/\/school\.example\.org\/admin\/set-password\/[A-Za-z0-9_-]{43}$/);
    const user = await findUserByEmail(t.db, 'priya@example.org');
    expect(user).toMatchObject({ name: 'Priya', password_hash: null });
    // The role is hers once she chooses her password through the link (docs/decisions/0117).
    expect(await membershipsOf(t.db, user!.id)).toEqual([]);
    const token = lines.at(-1)!.split('/').pop();
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/admin/set-password',
      payload: { token, password: 'priya long password' },
      headers: { origin: 'http://localhost:80' },
    });
    expect(used.json()).toMatchObject({ signedIn: true, user: { email: 'priya@example.org', name: 'Priya' } });
    expect(await membershipsOf(t.db, user!.id)).toEqual([{ school_code: 'STHSM', school_name: 'St. Thomas Demo School', role: 'admin' }]);
  });

  it('reads the password from standard input with --password-stdin', async () => {
    const res = await staff(
      ['add', '--school', 'STHSM', '--email', 'stdin@example.org', '--role', 'editor', '--password-stdin'],
      'a stdin long password\n',
    );
    expect(res.code).toBe(0);
    expect(res.stdout).not.toMatch(/set-password/);
    expect(res.stdout + res.stderr).not.toContain('a stdin long password');
    expect((await signIn(t.app, { email: 'stdin@example.org', password: 'a stdin long password' })).cookie).toBeTruthy();
  });

  it.each([
    [['add', '--school', 'NOPE', '--email', 'a@example.org', '--role', 'admin'], /Unknown school code "NOPE"/],
    [['add', '--school', 'STHSM', '--email', 'not-an-email', '--role', 'admin'], /not a valid e-mail address/],
    [['add', '--school', 'STHSM', '--email', 'b@example.org', '--role', 'principal'], /Unknown role "principal"/],
    [['add', '--school', 'STHSM', '--email', 'priya@example.org', '--role', 'editor'], /already exists/],
    [['add', '--school', 'STHSM', '--email', 'c@example.org'], /Missing --role/],
    [['add', '--bogus'], /Unknown option/],
  ])('bad input %j exits non-zero with one line', async (args, message) => {
    const res = await staff(args);
    expect(res.code).not.toBe(0);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(message);
  });

  it('refuses a weak password from standard input', async () => {
    const res = await staff(
      ['add', '--school', 'STHSM', '--email', 'weak@example.org', '--role', 'editor', '--password-stdin'],
      'password1\n',
    );
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/at least 10 characters/);
    expect(await findUserByEmail(t.db, 'weak@example.org')).toBeUndefined();
  });
});
