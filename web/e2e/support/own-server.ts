import { test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A server of a spec's own: the suite's build and code on a loopback port beside the suite's
// servers (E2E_PORT + offset), with a fresh data directory, extra settings, and a bounded wait for
// /api/health. Specs use it when what they change must not disturb the shared server.

export interface OwnServer {
  port: number;
  base: string;
  dataDir: string;
  /** Ends the server and removes its data directory. */
  stop(): void;
}

export interface OwnServerOptions {
  /** Added to E2E_PORT; each spec takes its own (see playwright.config.ts for the suite's). */
  offset: number;
  /** Names the data directory and the start-up error. */
  name: string;
  env?: Record<string, string>;
  /** Runs once the data directory is empty and before the server starts (e.g. a seed script). */
  prepare?: (dataDir: string) => void;
  /** How long to wait for /api/health, in half seconds. */
  tries?: number;
}

export function ownServerPort(offset: number): number {
  return Number(process.env.E2E_PORT ?? 3100) + offset;
}

/** The data directory startOwnServer uses for this name and offset. */
export function ownServerDataDir(name: string, offset: number): string {
  return path.join(os.tmpdir(), `sthsm-${name}-${ownServerPort(offset)}`);
}

export async function startOwnServer({ offset, name, env = {}, prepare, tries = 240 }: OwnServerOptions): Promise<OwnServer> {
  const port = ownServerPort(offset);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = ownServerDataDir(name, offset);
  rmSync(dataDir, { recursive: true, force: true });
  prepare?.(dataDir);
  const server: ChildProcess = spawn(process.execPath, ['api/src/server.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: base,
      LOG_LEVEL: 'warn',
      BACKUP_AT: 'off',
      WEB_BUILD_DIR: process.env.WEB_BUILD_DIR ?? 'build',
      ...env,
    },
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < tries; i++) {
    if (server.exitCode !== null) break;
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { port, base, dataDir, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`the ${name} server did not start on ${base}`);
}

/**
 * Runs the calling spec file (or, called inside a `test.describe`, that group) against a server of
 * its own: its tests go in order in one worker (a failure does not skip the rest, unless `serial`),
 * pages use the server as their baseURL, and the returned data directory is where
 * `addStaff(…, { dataDir })` adds people. For specs whose saves would otherwise change what other
 * specs see on the shared server (e.g. the newest principal's message).
 */
export function onOwnServer(
  options: OwnServerOptions & {
    /** Tests that build on each other's state (counts collected across tests, a setting the last one turns on): a failure skips the rest. */
    serial?: boolean;
    /**
     * Also a second server (at E2E_PORT + this offset, its own data directory) on the first one's
     * database, as another server behind a balancer: it learns of writes only through the database.
     */
    secondOffset?: number;
  },
): { port: number; base: string; dataDir: string; secondBase: string } {
  const { serial, secondOffset, ...own } = options;
  const port = ownServerPort(options.offset);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = ownServerDataDir(options.name, options.offset);
  const servers: OwnServer[] = [];
  test.describe.configure({ mode: serial ? 'serial' : 'default' });
  test.use({ baseURL: base });
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    servers.push(await startOwnServer(own));
    if (secondOffset !== undefined)
      servers.push(
        await startOwnServer({
          offset: secondOffset,
          name: `${options.name}-second`,
          env: { ...own.env, DATABASE_URL: path.join(dataDir, 'school.db') },
          ...(own.tries === undefined ? {} : { tries: own.tries }),
        }),
      );
  });
  test.afterAll(() => {
    for (const server of servers.splice(0).toReversed()) server.stop();
  });
  const secondBase = secondOffset === undefined ? '' : `http://127.0.0.1:${ownServerPort(secondOffset)}`;
  return { port, base, dataDir, secondBase };
}
