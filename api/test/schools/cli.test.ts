import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSchema } from '../../src/repositories/database-info.ts';
import { NO_SCHOOL_LINE } from '../../src/schools/manage.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { auditActions } from '../staff/staff-helpers.ts';

// `npm run school -- …` as an operator types it (OPERATIONS.md "A school from an empty install"):
// the set-up link as the last line of `create`, one line per school from `list`, host names added
// and removed, each refusal one line with exit code 1 and nothing written; and a server started with
// SEED_DEMO=off on an empty database, which seeds nothing and names the command. Both engines: the
// commands open DATABASE_URL (on PostgreSQL, this file's schema through PGOPTIONS).

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
let t: TestApp;
let env: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  const schema = engine === 'postgres' ? await currentSchema(t.db) : null;
  env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: t.config.dataDir,
    DATABASE_URL: t.config.databaseUrl,
    SITE_URL: 'https://schools.example.org',
    LOG_LEVEL: 'silent',
    ...(schema ? { PGOPTIONS: `-c search_path=${schema}` } : {}),
  };
});
afterAll(() => t.close());

async function school(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['api/src/schools/cli.ts', ...args], {
      cwd: REPO,
      env,
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const rows = async () => ({
  schools: (await t.db.selectFrom('schools').select('code').orderBy('code').execute()).map((r) => r.code),
  hosts: (await t.db.selectFrom('school_hosts').select(['host', 'school_code']).orderBy('host').execute()).map(
    (r) => `${r.host}=${r.school_code}`,
  ),
  audit: (await auditActions(t.db)).length,
});

describe('npm run school', () => {
  it('lists nothing on an empty database but the line naming create', async () => {
    const res = await school(['list']);
    expect(res).toMatchObject({ code: 0, stdout: `${NO_SCHOOL_LINE}\n` });
  });

  it('creates a school with its host names and prints the set-up link as the last line', async () => {
    const res = await school([
      'create',
      '--code',
      'green_valley',
      '--name',
      'Green Valley School',
      '--host',
      'WWW.Green.Example',
      '--host',
      'green.example',
    ]);
    expect(res.code, res.stderr).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines[0]).toBe('Created GREEN_VALLEY (Green Valley School), served on www.green.example, green.example.');
    // The school's first host name, with SITE_URL's scheme (decision 0130).
    expect(lines.at(-1)).toMatch(/^https:\/\/www\.green\.example\/admin\/setup\/[A-Za-z0-9_-]{43}$/);
    expect(await rows()).toMatchObject({
      schools: ['GREEN_VALLEY'],
      hosts: ['green.example=GREEN_VALLEY', 'www.green.example=GREEN_VALLEY'],
    });
    // Both at the same time (one command): compared as a set, since ids on PostgreSQL do not order them.
    expect((await auditActions(t.db, 'GREEN_VALLEY')).sort()).toEqual(['school.created', 'staff.setup_link_created']);

    // The link sets up the school's first administrator, once.
    const token = lines.at(-1)!.split('/').pop();
    const link = await t.app.inject({ url: `/api/admin/links/${token}` });
    expect(link.json()).toMatchObject({ purpose: 'setup', school: { code: 'GREEN_VALLEY', name: 'Green Valley School' } });
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/setup',
      payload: { token, name: 'Head', email: 'head@green.example', password: 'a long green password' },
      headers: { origin: 'http://localhost:80' },
    });
    expect(setup.json()).toMatchObject({ signedIn: true });
  });

  it('without host names, links on SITE_URL', async () => {
    const res = await school(['create', '--code', 'Bare', '--name', 'Bare School']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('Created BARE (Bare School), with no host names yet.');
    expect(res.stdout.trim().split('\n').at(-1)).toMatch(/^https:\/\/schools\.example\.org\/admin\/setup\/[A-Za-z0-9_-]{43}$/);
  });

  it('refuses bad input with one line and exit code 1, writing nothing', async () => {
    const before = await rows();
    const cases: Array<[string[], string]> = [
      [['create', '--code', 'GREEN_VALLEY', '--name', 'X'], 'A school with the code GREEN_VALLEY already exists.'],
      [['create', '--code', 'green_valley', '--name', 'X'], 'A school with the code GREEN_VALLEY already exists.'],
      [['create', '--code', 'a b', '--name', 'X'], '"a b" is not a valid school code: use 2 to 32 letters, digits, _ or -.'],
      [['create', '--code', 'G', '--name', 'X'], '"G" is not a valid school code: use 2 to 32 letters, digits, _ or -.'],
      [
        ['create', '--code', 'NEW', '--name', 'X', '--host', 'bad_host.example'],
        '"bad_host.example" is not a host name a school can be served on.',
      ],
      [
        ['create', '--code', 'NEW', '--name', 'X', '--host', 'new.example', '--host', 'green.example'],
        'green.example is already a host name of GREEN_VALLEY.',
      ],
      [['host', 'add', '--school', 'BARE', '--host', 'www.green.example'], 'www.green.example is already a host name of GREEN_VALLEY.'],
      [['host', 'add', '--school', 'BARE', '--host', '192.168.1.1'], '"192.168.1.1" is not a host name a school can be served on.'],
      [['host', 'add', '--school', 'NOPE', '--host', 'nope.example'], 'Unknown school code "NOPE".'],
      [['host', 'remove', '--school', 'BARE', '--host', 'green.example'], 'green.example is not a host name of BARE.'],
    ];
    for (const [args, line] of cases) {
      const res = await school(args);
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr, args.join(' ')).toBe(`${line}\n`);
      expect(res.stdout).toBe('');
    }
    const missing = await school(['create', '--code', 'NEW']);
    expect([missing.code, missing.stderr.split('\n').length]).toEqual([1, 2]);
    expect(missing.stderr).toMatch(/^Missing --name\. Usage: npm run school -- create/);
    expect(await rows()).toEqual(before);
  }, 180_000);

  it('adds and removes host names, and lists code, name and host names per line', async () => {
    const add = await school(['host', 'add', '--school', 'bare', '--host', 'Bare.Example.']);
    expect(add).toMatchObject({ code: 0, stdout: 'BARE is now served on bare.example (every server within a minute).\n' });
    const list = await school(['list']);
    expect(list.stdout).toBe('BARE\tBare School\tbare.example\nGREEN_VALLEY\tGreen Valley School\twww.green.example green.example\n');
    const remove = await school(['host', 'remove', '--school', 'BARE', '--host', 'bare.example']);
    expect(remove).toMatchObject({ code: 0, stdout: 'BARE is no longer served on bare.example (every server within a minute).\n' });
    expect((await school(['list'])).stdout.split('\n')[0]).toBe('BARE\tBare School\t(no host names)');
    expect((await auditActions(t.db, 'BARE')).filter((a) => a.startsWith('school.'))).toEqual([
      'school.created',
      'school.host_added',
      'school.host_removed',
    ]);
  });
});

// Once: a real server process (SQLite; the start-up path is the same on PostgreSQL).
describe.runIf(engine === 'sqlite')('a start with SEED_DEMO=off', () => {
  it('seeds no demo school into an empty database and prints the line naming npm run school -- create', async () => {
    const empty = await startTestApp();
    try {
      const child = spawn(process.execPath, ['api/src/server.ts'], {
        cwd: REPO,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: empty.config.dataDir,
          DATABASE_URL: empty.config.databaseUrl,
          LOG_LEVEL: 'warn',
          WEB_BUILD_DIR: '/nonexistent-schools-build',
          BACKUP_AT: 'off',
          SEED_DEMO: 'off',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      for (let i = 0; i < 300 && !output.includes(NO_SCHOOL_LINE) && child.exitCode === null; i++)
        await new Promise((r) => setTimeout(r, 100));
      child.kill('SIGTERM');
      await exited;
      expect(output).toContain(`\n${NO_SCHOOL_LINE}\n`);
      expect(output).not.toContain('seeding');
      expect(output).not.toContain('No administrator yet');
      expect(await empty.db.selectFrom('schools').select('code').execute()).toEqual([]);
    } finally {
      await empty.close();
    }
  }, 60_000);

  it('is checked like every variable: on or off', async () => {
    const { loadConfig } = await import('../../src/config.ts');
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'off' }).seedDemo).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'no' })).toThrow('Invalid configuration: SEED_DEMO must be on or off');
  });
});
