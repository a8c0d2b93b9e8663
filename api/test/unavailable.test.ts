import { mkdtemp, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest, openDatabase } from '../src/db/index.ts';
import { isDatabaseUnavailable } from '../src/db/unavailable.ts';
import { createSchool } from './factories.ts';
import { engine } from './helpers.ts';

// A database that cannot be reached is a 503 with a clear message, not a 500 (the full outage and
// recovery run against a real process is in api/test/durability/).
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

describe('database unavailable', () => {
  it('classifies connection and lock errors, and nothing else', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('no such table'), { code: 'ERR_SQLITE_ERROR', errcode: 1 }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });

  it('answers 503 { error } with Retry-After when PostgreSQL refuses connections', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sthsm-unavailable-'));
    const url = 'postgres://root@127.0.0.1:3399/nothing-listens-here';
    const db = openDatabase(url);
    const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'silent' }), db });
    try {
      const res = await app.inject({ url: '/api/news/STHSM' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ error: expect.stringMatching(/database is temporarily unavailable/) });
    } finally {
      await app.close();
      await db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 503 when another process holds the SQLite write lock, and serves again once it is released', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sthsm-unavailable-'));
    const file = path.join(dataDir, 'school.db');
    const db = openDatabase(file);
    await migrateToLatest(db, { engine: 'sqlite' });
    await createSchool(db);
    const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: file, LOG_LEVEL: 'silent' }), db });
    const locker = new DatabaseSync(file);
    try {
      locker.exec('BEGIN IMMEDIATE');
      const visit = () =>
        app.inject({ method: 'POST', url: '/api/visitor', payload: { schoolcode: 'STHSM' }, headers: { 'user-agent': BROWSER } });
      const locked = await visit();
      expect(locked.statusCode).toBe(503);
      expect(locked.json().error).toMatch(/temporarily unavailable/);
      locker.exec('ROLLBACK');
      expect((await visit()).statusCode).toBe(200);
    } finally {
      locker.close();
      await app.close();
      await db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it.runIf(engine === 'postgres')(
    'survives PostgreSQL dropping a connection that is held between two queries, and the pool serves again',
    async () => {
      // Without a listener on each connection, pg emits that drop as an unhandled 'error' and the
      // process dies (it did, once, in the durability run's pg_terminate_backend step).
      const url = process.env.TEST_DATABASE_URL as string;
      const db = openDatabase(url);
      const killer = openDatabase(url);
      try {
        const held = db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          await sql`select pg_terminate_backend(${rows[0]?.pid})`.execute(killer);
          // The connection closes while it is held and no query runs on it.
          await new Promise((r) => setTimeout(r, 300));
        });
        await expect(held).rejects.toThrow();
        expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
      } finally {
        await db.destroy();
        await killer.destroy();
      }
    },
  );
});
