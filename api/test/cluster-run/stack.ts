import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from 'pg';

// The pieces of `npm run test:cluster`: a PostgreSQL database of its own, an S3 server (s3rver),
// three API servers and nginx, all on loopback ports 3640-3649. Every process is in its own process group
// and is killed by stopEverything(), which also drops the database and the temporary folders; it
// runs on success, failure, Ctrl-C and the watchdog.

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const BASE_PORT = Number(process.env.CLUSTER_PORT ?? 3640);
export const NGINX_PORT = BASE_PORT;
export const SERVER_PORTS = [BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3];
export const S3_PORT = BASE_PORT + 5;
export const BALANCER = `http://127.0.0.1:${NGINX_PORT}`;
const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** This run's Redis keys and channel; deleted at the end. */
export const REDIS_PREFIX = `sthsm-cluster-${process.pid}:`;
const DATABASE = `sthsm_cluster_${process.pid}`;
export const DATABASE_URL = (() => {
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
})();
export const S3_BUCKET = 'school-media';
/** What every server (and the run itself) uses to reach the S3 server. */
export const S3_ENV = {
  S3_BUCKET,
  S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_PREFIX: `cluster-${process.pid}/`,
};
/** Alumni posts a client may make per minute, on every server together. */
export const FORM_LIMIT = 5;

const children = new Set<ChildProcess>();
const folders: string[] = [];
let databaseCreated = false;
const cleanups: Array<() => Promise<void>> = [];

export function tempFolder(label: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `sthsm-cluster-${label}-`));
  folders.push(dir);
  return dir;
}

export function onStop(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

async function adminQuery(text: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_DATABASE_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createDatabase(): Promise<void> {
  await adminQuery(`create database "${DATABASE}"`);
  databaseCreated = true;
}

export interface Proc {
  child: ChildProcess;
  /** The last output lines, for a failure report. */
  tail: () => string;
}

/** A long-running child in its own process group. */
export function launch(cmd: string, args: string[], env: Record<string, string>): Proc {
  const child = spawn(cmd, args, {
    cwd: REPO,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, tail: () => output };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `url` answers 2xx; throws with the process's output after `ms`. */
export async function waitUntilUp(url: string, proc: Proc, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`${url}: the process exited (${proc.child.exitCode}):\n${proc.tail()}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s:\n${proc.tail()}`);
}

export interface ServerProc extends Proc {
  index: number;
  port: number;
  origin: string;
}

/** Server `index` (0-2): its own DATA_DIR; the database, Redis and the S3 bucket shared. */
export async function startServer(index: number, extraEnv: Record<string, string> = {}): Promise<ServerProc> {
  const port = SERVER_PORTS[index] as number;
  const proc = launch(path.join(REPO, 'node_modules', '.bin', 'node'), ['api/src/server.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: tempFolder(`server${index + 1}`),
    DATABASE_URL,
    REDIS_URL,
    REDIS_KEY_PREFIX: REDIS_PREFIX,
    ...S3_ENV,
    SITE_URL: BALANCER,
    FORM_RATE_LIMIT_PER_MINUTE: String(FORM_LIMIT),
    BACKUP_AT: 'off',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  });
  await waitUntilUp(`http://127.0.0.1:${port}/api/health/ready`, proc, 120_000);
  return { ...proc, index, port, origin: `http://127.0.0.1:${port}` };
}

/** s3rver (npm) on loopback, with the bucket made at start. */
export async function startS3(): Promise<Proc> {
  const proc = launch(
    path.join(REPO, 'node_modules', '.bin', 's3rver'),
    ['-d', tempFolder('s3'), '-a', '127.0.0.1', '-p', String(S3_PORT), '--silent', '--configure-bucket', S3_BUCKET],
    {},
  );
  // An anonymous GET of the bucket answers (403 or 200) once the server listens.
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`s3rver exited (${proc.child.exitCode}):\n${proc.tail()}`);
    const up = await fetch(`${S3_ENV.S3_ENDPOINT}/`, { signal: AbortSignal.timeout(1000) }).then(
      () => true,
      () => false,
    );
    if (up) return proc;
    await sleep(200);
  }
  throw new Error(`s3rver did not start within 20 s:\n${proc.tail()}`);
}

/** nginx with deploy/nginx-cluster.conf in front of the servers. */
export async function startNginx(): Promise<Proc> {
  const prefix = tempFolder('nginx');
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, 'tmp', sub), { recursive: true });
  const servers = SERVER_PORTS.map((p) => `server 127.0.0.1:${p} max_fails=0;`).join('\n    ');
  const conf = readFileSync(path.join(REPO, 'deploy', 'nginx-cluster.conf'), 'utf8')
    .replaceAll('@PREFIX@', prefix)
    .replaceAll('@LISTEN@', `127.0.0.1:${NGINX_PORT}`)
    .replaceAll('@SERVERS@', servers);
  writeFileSync(path.join(prefix, 'nginx.conf'), conf);
  const proc = launch('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr'], {});
  await waitUntilUp(`${BALANCER}/api/health/live`, proc, 20_000);
  return proc;
}

/** Kills a process group with `signal` and waits (bounded) for it to exit. */
export async function kill(proc: Proc, signal: NodeJS.Signals): Promise<number | null> {
  const { child } = proc;
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
  return Promise.race([exited, sleep(15_000).then(() => null)]);
}

/** Stops every process, drops the database, deletes the folders. Safe to call twice. */
export async function stopEverything(): Promise<void> {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
  children.clear();
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => {});
  if (databaseCreated) {
    databaseCreated = false;
    await sleep(300);
    await adminQuery(`drop database if exists "${DATABASE}" with (force)`).catch((err: unknown) =>
      console.error(`Could not drop ${DATABASE}: ${String(err)}`),
    );
  }
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
}
