import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/index.ts';
import { engine } from '../helpers.ts';
import { ALUMNI_FORM, clusterTestPort } from './support.ts';

// SIGTERM: the server stops taking connections at once, lets a request already in flight finish
// (here an alumni form whose body is still arriving), closes the database and exits 0. The
// behaviour is the server's, not the engine's: run on SQLite only.
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const BODY = JSON.stringify(ALUMNI_FORM);

let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(port: number): Promise<{ exited: Promise<number | null> }> {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sthsm-drain-'));
  const c = spawn(process.execPath, ['api/src/server.ts'], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_BUILD_DIR: '/nonexistent-drain-build',
      BACKUP_AT: 'off',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child = c;
  const exited = new Promise<number | null>((resolve) => c.once('exit', (code) => resolve(code)));
  for (let i = 0; i < 900; i++) {
    if (c.exitCode !== null) throw new Error(`server exited with ${c.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { exited };
    await sleep(100);
  }
  throw new Error('server not ready within 90 s');
}

describe.skipIf(engine === 'postgres')('SIGTERM', () => {
  it('finishes the request in flight, refuses new connections, exits 0', async () => {
    const port = clusterTestPort(5);
    const { exited } = await startServer(port);

    // A request in flight: headers and half the body sent.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const half = Math.floor(BODY.length / 2);
    socket.write(
      `POST /api/form/STHSM/alumni HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(BODY)}\r\n\r\n${BODY.slice(0, half)}`,
    );
    await sleep(200);

    child?.kill('SIGTERM');
    await sleep(500);
    // The listener is closed: nothing new gets in.
    await expect(fetch(`http://127.0.0.1:${port}/api/health/live`, { signal: AbortSignal.timeout(1000) })).rejects.toThrow();
    expect(child?.exitCode).toBeNull();

    socket.end(BODY.slice(half));
    expect(await exited).toBe(0);
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);

    const db = openDatabase(path.join(dataDir ?? '', 'school.db'));
    try {
      const rows = await db.selectFrom('alumni_submissions').select('_id').execute();
      expect(rows).toHaveLength(1);
    } finally {
      await db.destroy();
    }
    // A real server's first start seeds the demo school: slow on a busy machine.
  }, 120_000);
});
