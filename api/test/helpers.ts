import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { vi } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { Migrator } from 'kysely/migration';
import { migrateToLatest, openDatabase, type Db, type Engine } from '../src/db/index.ts';
import { migrations } from '../src/db/migrations/index.ts';

/** A pinned clock: 14 August 2025, mid-morning in India. */
export const NOW = new Date('2025-08-14T05:30:00.000Z');
export const TODAY = '2025-08-14';

/** DEMO_MEDIA_CACHE from the test project (vitest.config.ts): where seeding keeps the demo's drawn pictures. */
export const demoMediaCache = process.env.DEMO_MEDIA_CACHE;

export const engine: Engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** Keep public GET JSON in memory as the server does (api/src/cache.ts), optionally with a test clock. */
  responseCache?: boolean | { now: () => number };
  /** Receives the log lines (set LOG_LEVEL in `env` too; tests default to silent). */
  logStream?: { write(line: string): void };
  /** Registers more on the app before it is readied (e.g. mountSite with a stand-in build). */
  mount?: (app: FastifyInstance, config: Config) => Promise<void>;
  /** Where staff e-mail goes (tests catch it). */
  mailer?: BuildOptions['mailer'];
  /** Shared state (api/src/cluster): rate limits in this Redis, readiness checks. */
  redis?: BuildOptions['redis'];
  readiness?: BuildOptions['readiness'];
  /** Which addresses an administrator's import may read from (BuildOptions.importAddresses). */
  importAddresses?: BuildOptions['importAddresses'];
  /** Where push services may be (a test's own on loopback) and the certificate to trust for it. */
  pushAddresses?: BuildOptions['pushAddresses'];
  pushCa?: BuildOptions['pushCa'];
  /** Migrates only up to `upTo` first and runs `seed` on that older schema (rows as an earlier version left them). */
  before?: { upTo: string; seed: (db: Db) => Promise<void> };
}

/**
 * A fresh app on a fresh database for one test file: a temp SQLite file, or on PostgreSQL a
 * schema of its own (search_path), dropped afterwards. DATA_DIR is a temp directory too.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  now: () => Date = () => NOW,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sthsm-api-'));
  let schema: string | undefined;
  let databaseUrl = path.join(dataDir, 'test.db');
  if (engine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the api-postgres project');
    databaseUrl = url;
    schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(url, `create schema "${schema}"`);
  }
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env });
  const db = openDatabase(databaseUrl, { schema });
  if (options.before) {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      ...(engine === 'postgres' ? { migrationTableSchema: schema } : {}),
    });
    const { error } = await migrator.migrateTo(options.before.upTo);
    if (error) throw error;
    await options.before.seed(db);
  }
  await migrateToLatest(db, { engine, schema });
  const app = await buildApp({
    config,
    db,
    now,
    responseCache: options.responseCache,
    logStream: options.logStream,
    mailer: options.mailer,
    redis: options.redis,
    readiness: options.readiness,
    importAddresses: options.importAddresses,
    pushAddresses: options.pushAddresses,
    pushCa: options.pushCa,
  });
  await options.mount?.(app, config);
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      // Each step runs even when an earlier one fails (a test may have closed the database itself).
      await app.close().catch(() => {});
      await db.destroy().catch(() => {});
      if (schema) await adminQuery(databaseUrl, `drop schema if exists "${schema}" cascade`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Every /api/admin route as registered, with its guard's rule: the access test walks them all, so
 * a new staff route cannot escape the 401/403/CSRF/foreign-school checks.
 */
/**
 * Another server on the same database as `t`, with caches of its own, built from a module graph of its
 * own (vi.resetModules, decision 0118): the writer's in-process signals (cache.ts contentChanged) cannot
 * reach it, exactly as between two processes; only the school's counter in the database can. It reads the
 * counters on every request (a real server: at most once a second).
 */
export async function otherServer(t: TestApp, options: { now?: () => Date; responseCacheTtlMs?: number } = {}): Promise<FastifyInstance> {
  const { now = () => NOW, responseCacheTtlMs } = options;
  vi.resetModules();
  const { buildApp: buildOwnApp } = await import('../src/app.ts');
  const { createContentWatch } = await import('../src/content/watch.ts');
  const app = await buildOwnApp({
    config: responseCacheTtlMs === undefined ? t.config : { ...t.config, responseCacheTtlMs },
    db: t.db,
    now,
    // A test clock, when given, is the caches' too (as startTestApp's responseCache option).
    responseCache: options.now ? { now: () => now().getTime() } : true,
    contentWatch: createContentWatch(t.db, { now, intervalMs: 0 }),
  });
  await app.ready();
  return app;
}

export { registeredAdminRoutes } from '../src/routes/admin/index.ts';
