// The bench's child processes (server, nginx, Lighthouse, wrk): started in their own process
// groups, bounded in time, and all stopped on exit, Ctrl-C, failure or the watchdog.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { BIN, ROOT, WATCHDOG_MS } from './settings.ts';

const children = new Set<ChildProcess>();
/** Directories removed by cleanup(). */
export const tempDirs: string[] = [];

/** Stops every child still running and removes the temporary directories. */
export function cleanup(): void {
  for (const child of children) {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        try {
          child.kill('SIGTERM');
        } catch {
          /* gone */
        }
      }
    }
  }
  children.clear();
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the bench servers.`);
    cleanup();
    process.exit(130);
  });
}
const watchdog = setTimeout(() => {
  console.error(`The bench ran longer than ${WATCHDOG_MS / 60_000} minutes: stopping.`);
  cleanup();
  process.exit(1);
}, WATCHDOG_MS);
watchdog.unref();

/** The environment of a child: ours, the project's node_modules/.bin first on PATH, and `extra`. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${BIN}:${process.env.PATH ?? ''}`, ...extra };
}

/** A long-running child in its own process group (so its own children die with it). */
export function start(cmd: string, args: string[], extraEnv: Record<string, string>, label: string): ChildProcess {
  const child = spawn(cmd, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childEnv(extraEnv),
  });
  children.add(child);
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(chunk.toString());
    if (tail.length > 40) tail.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, sig) => {
    children.delete(child);
    if (!stopping) console.error(`${label} exited early (${code ?? sig}). Last output:\n${tail.join('')}`);
  });
  return child;
}
let stopping = false;

/** From now on a child's exit is expected (no "exited early" report). */
export function stopAll(): void {
  stopping = true;
  cleanup();
}

/** A short command; its output is returned, a failure throws with the output. */
export function run(cmd: string, args: string[], extraEnv: Record<string, string> = {}, timeoutMs = 300_000): string {
  const result = spawnSync(cmd, args, {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
    env: childEnv(extraEnv),
  });
  if (result.status !== 0) {
    throw new Error(
      `${cmd} ${args.join(' ')} failed (${result.status ?? result.signal ?? result.error?.message}):\n${result.stderr}\n${result.stdout}`.slice(
        0,
        4000,
      ),
    );
  }
  return result.stdout;
}

/** Like run(), but asynchronous, so Ctrl-C and the watchdog can stop the bench while it waits. */
export function runAsync(cmd: string, args: string[], extraEnv: Record<string, string> = {}, timeoutMs = 300_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childEnv(extraEnv),
    });
    children.add(child);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (c: Buffer) => out.push(c));
    child.stderr?.on('data', (c: Buffer) => {
      err.push(c);
      if (err.length > 200) err.shift();
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      children.delete(child);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      const stdout = Buffer.concat(out).toString();
      if (code === 0) resolve(stdout);
      else
        reject(
          new Error(`${cmd} ${args.join(' ')} failed (${code ?? signal}):\n${Buffer.concat(err).toString()}\n${stdout}`.slice(0, 4000)),
        );
    });
  });
}

export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
