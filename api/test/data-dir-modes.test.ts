import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from './helpers.ts';

// Issue 16: a fresh server's data directory — the SQLite database with its -wal and -shm files,
// the seeded media and the image variants it makes — is readable by the server's user only:
// folders 0700, files without any group or other permission. A real `node api/src/server.ts`,
// started with the usual umask (022), on a free loopback port. SQLite only: PostgreSQL keeps
// its files elsewhere.

const REPO = fileURLToPath(new URL('../../', import.meta.url));
let dataDir: string;
let child: ChildProcess | undefined;
let port = 0;
let output = '';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: free } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return free;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    yield full;
    if (entry.isDirectory()) yield* walk(full);
  }
}

// Once: on the api-postgres project the same SQLite server would only be started again.
describe.runIf(engine === 'sqlite')('a fresh data directory', () => {
  beforeAll(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'sthsm-modes-')), 'data');
    port = await freePort();
    child = spawn(process.execPath, ['api/src/server.ts'], {
      cwd: REPO,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WEB_BUILD_DIR: '/nonexistent-modes-build',
        BACKUP_AT: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
    child.stderr?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`server not healthy:\n${output}`);
  }, 90_000);

  afterAll(async () => {
    const c = child;
    if (c && c.exitCode === null && c.signalCode === null) {
      const exited = new Promise((resolve) => c.once('exit', resolve));
      c.kill('SIGTERM');
      await exited;
    }
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('holds nothing readable, writable or listable by anyone but the server\u2019s user', async () => {
    // Make the server write: an image variant, and a form post into the database's WAL.
    const media = path.join(dataDir, 'media');
    let image: string | undefined;
    for await (const file of walk(media)) if (/\.jpe?g$/i.test(file)) image ??= path.relative(media, file);
    expect(image).toBeDefined();
    const variant = await fetch(`http://127.0.0.1:${port}/api/image/${image!.split(path.sep).map(encodeURIComponent).join('/')}?w=320`);
    expect(variant.status).toBe(200);
    await fetch(`http://127.0.0.1:${port}/api/visitor`, { method: 'POST', headers: { origin: `http://127.0.0.1:${port}` } });

    const modes: Record<string, string> = {};
    modes['.'] = ((await stat(dataDir)).mode & 0o777).toString(8);
    for await (const file of walk(dataDir)) modes[path.relative(dataDir, file)] = ((await stat(file)).mode & 0o777).toString(8);
    const names = Object.keys(modes);
    for (const expected of ['school.db', 'school.db-wal', 'school.db-shm', 'media', 'cache']) expect(names).toContain(expected);
    expect(names.some((n) => n.startsWith(`cache${path.sep}`) && !n.endsWith('variants'))).toBe(true);
    const open = Object.entries(modes).filter(([, mode]) => (Number.parseInt(mode, 8) & 0o077) !== 0);
    expect(open).toEqual([]);
    expect(modes['.']).toBe('700');
    expect(modes['school.db']).toBe('600');
  });
});
