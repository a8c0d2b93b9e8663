import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Client } from 'pg';
import { migrateToLatest, openDatabase, type Db, type Engine } from '../../src/db/index.ts';
import { openSqlite } from '../../src/db/sqlite.ts';
import { upsertSchool } from '../../src/repositories/schools.ts';

// A fresh database per engine run (an SQLite file in a temp DATA_DIR, or a PostgreSQL database
// of its own), the demo school row, and the checks after the run.

export interface Store {
  engine: Engine;
  /** What the server's DATABASE_URL is (for PostgreSQL: through the proxy). */
  serverUrl: string;
  open: () => Db;
  integrity: () => Promise<{ ok: boolean; detail: string }>;
  drop: () => Promise<void>;
}

export const SCHOOL = 'STHSM';

async function admin(url: string, text: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function sqliteStore(file: string): Promise<Store> {
  const db = openDatabase(file);
  await migrateToLatest(db, { engine: 'sqlite' });
  await upsertSchool(db, { code: SCHOOL, name: 'Durability School', visitor: 0 });
  await db.destroy();
  return {
    engine: 'sqlite',
    serverUrl: file,
    open: () => openDatabase(file),
    async integrity() {
      // The file after the kills. (synchronous is a setting of each connection, not of the file:
      // it is read on the server's own connection before each kill, run.ts.)
      const conn = openSqlite(file);
      try {
        const one = (q: string) => Object.values((conn.prepare(q).all([]) as Record<string, unknown>[])[0] ?? {})[0];
        const journal = one('PRAGMA journal_mode');
        const check = one('PRAGMA integrity_check');
        return {
          ok: journal === 'wal' && check === 'ok',
          detail: `PRAGMA integrity_check = ${String(check)}; journal_mode = ${String(journal)}`,
        };
      } finally {
        conn.close();
      }
    },
    drop: async () => {},
  };
}

export async function postgresStore(adminUrl: string, proxyPort: number): Promise<Store> {
  const name = `durability_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin(adminUrl, `create database "${name}"`);
  const direct = new URL(adminUrl);
  direct.pathname = `/${name}`;
  const viaProxy = new URL(direct);
  viaProxy.host = `127.0.0.1:${proxyPort}`;
  const db = openDatabase(direct.href);
  await migrateToLatest(db, { engine: 'postgres' });
  await upsertSchool(db, { code: SCHOOL, name: 'Durability School', visitor: 0 });
  await db.destroy();
  return {
    engine: 'postgres',
    serverUrl: viaProxy.href,
    open: () => openDatabase(direct.href),
    async integrity() {
      // The primary-key index and the table must agree row for row, and no id may repeat.
      const check = openDatabase(direct.href);
      try {
        const count = async (setting: string) => {
          return check.connection().execute(async (c) => {
            await sql.raw(setting).execute(c);
            const r = await sql<{ n: string }>`select count(*)::text as n from alumni_submissions`.execute(c);
            return Number(r.rows[0]?.n);
          });
        };
        const heap = await count('set enable_indexscan = off; set enable_indexonlyscan = off; set enable_bitmapscan = off');
        const index = await count(
          'set enable_seqscan = off; set enable_indexscan = on; set enable_indexonlyscan = on; set enable_bitmapscan = on',
        );
        const dup = await sql<{
          n: string;
        }>`select count(*)::text as n from (select _id from alumni_submissions group by _id having count(*) > 1) d`.execute(check);
        const duplicates = Number(dup.rows[0]?.n);
        return {
          ok: heap === index && duplicates === 0,
          detail: `rows by table scan ${heap} = by index ${index}; duplicate ids ${duplicates}`,
        };
      } finally {
        await check.destroy();
      }
    },
    async drop() {
      await admin(adminUrl, `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
      await admin(adminUrl, `drop database if exists "${name}"`);
    },
  };
}
