import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

// The API as a real child process (`node api/src/server.ts`), and a TCP proxy in front of
// PostgreSQL that can be stopped to take the database away.

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const HEALTHY_WITHIN_MS = 90_000;

export interface ApiProcess {
  port: number;
  start: () => Promise<void>;
  kill: (signal: NodeJS.Signals) => Promise<void>;
  /** The last lines the server wrote, for a failure report. */
  tail: () => string;
}

/** Servers still running: the watchdog's exit (run.ts) must not leave one holding its port. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export function apiProcess(port: number, env: Record<string, string>): ApiProcess {
  let child: ChildProcess | undefined;
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  return {
    port,
    tail: () => output,
    async start() {
      child = spawn(process.execPath, ['api/src/server.ts'], {
        cwd: REPO,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          // The site is not needed: point at a build folder that does not exist. Nor are backups.
          WEB_BUILD_DIR: '/nonexistent-durability-build',
          BACKUP_AT: 'off',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const spawned = child;
      children.add(spawned);
      spawned.once('exit', () => children.delete(spawned));
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      const started = Date.now();
      while (Date.now() - started < HEALTHY_WITHIN_MS) {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await sleep(100);
      }
      throw new Error(`server not healthy within ${HEALTHY_WITHIN_MS} ms:\n${output}`);
    },
    async kill(signal) {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((resolve) => c.once('exit', resolve));
      c.kill(signal);
      await exited;
    },
  };
}

export interface TcpProxy {
  port: number;
  start: () => Promise<void>;
  /** Stops listening and cuts every open connection: to the API, the database is gone. */
  stop: () => Promise<void>;
}

export function tcpProxy(port: number, target: { host: string; port: number }): TcpProxy {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  return {
    port,
    start: () =>
      new Promise((resolve, reject) => {
        server = net.createServer((client) => {
          const upstream = net.connect(target);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('error', () => {
              client.destroy();
              upstream.destroy();
            });
            s.on('close', () => {
              sockets.delete(s);
              client.destroy();
              upstream.destroy();
            });
          }
          client.pipe(upstream);
          upstream.pipe(client);
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    stop: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
      }),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
