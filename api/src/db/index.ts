import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql, type KyselyConfig } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import { Pool } from 'pg';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';
import { openSqlite } from './sqlite.ts';
import { prepareSearch } from '../search/prepare.ts';

export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

export interface OpenOptions {
  /** PostgreSQL only: the schema to work in (tests isolate each file in its own). */
  schema?: string;
}

export function engineOf(databaseUrl: string): Engine {
  return /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgres' : 'sqlite';
}

/** The file an SQLite DATABASE_URL names (without a sqlite: or file: prefix). */
export function sqliteFile(databaseUrl: string): string {
  return databaseUrl.replace(/^(sqlite|file):(\/\/)?/, '');
}

// What GET /metrics reads of a database (metrics/route.ts): its pool's connections and failed
// queries. Kept here, not there, so the command-line tools that open a database load no metrics.
const pools = new WeakMap<Db, Pool>();
const queryErrorListeners = new Set<(engine: Engine) => void>();

/** Calls `listener` on every failed query of every database opened here; answers the unsubscribe. */
export function onQueryError(listener: (engine: Engine) => void): () => void {
  queryErrorListeners.add(listener);
  return () => queryErrorListeners.delete(listener);
}

/** A PostgreSQL database's pool as this process holds it (null for SQLite). */
export function poolStats(db: Db): { total: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

const logQueryErrors =
  (engine: Engine): KyselyConfig['log'] =>
  (event) => {
    if (event.level === 'error') for (const listener of queryErrorListeners) listener(engine);
  };

/** Opens the database named by DATABASE_URL: a postgres:// URL, or otherwise an SQLite file. */
export function openDatabase(databaseUrl: string, options: OpenOptions = {}): Db {
  if (engineOf(databaseUrl) === 'postgres') {
    const pool = new Pool({
      connectionString: databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 10_000,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle connection the server drops (restart, pg_terminate_backend) emits 'error' on the
    // pool; without a listener that would crash the process. The pool discards it and reconnects.
    pool.on('error', () => {});
    // The same for a connection dropped while it is held between two queries (in a transaction):
    // pg emits that on the client itself. The next query on it fails (a 503), and the pool throws
    // the dead connection away when it comes back.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: logQueryErrors('postgres') });
    pools.set(db, pool);
    return db;
  }
  const file = sqliteFile(databaseUrl);
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(file) }), log: logQueryErrors('sqlite') });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Db, options: OpenOptions & { engine: Engine }): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    ...(options.engine === 'postgres' ? { migrationTableSchema: options.schema ?? 'public' } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Schools whose search entries are behind the index builder (or missing) are built again.
  await prepareSearch(db);
}

const SQLITE_SYNCHRONOUS: Record<string, string> = { '0': 'OFF', '1': 'NORMAL', '2': 'FULL', '3': 'EXTRA' };

/**
 * The settings that decide whether an acknowledged write survives a crash, as the connection this
 * `db` writes with sees them (SQLite: its one connection; PostgreSQL: one of its pool's): a pragma or
 * option set after opening shows here, where a freshly opened connection would not have it.
 */
export async function durabilitySettings(db: Db, engine: Engine): Promise<Record<string, string>> {
  const names = engine === 'sqlite' ? ['journal_mode', 'synchronous'] : ['synchronous_commit', 'fsync', 'full_page_writes'];
  const settings: Record<string, string> = {};
  for (const name of names) {
    const { rows } = await sql<Record<string, unknown>>`${sql.raw(engine === 'sqlite' ? 'pragma' : 'show')} ${sql.raw(name)}`.execute(db);
    const value = String(Object.values(rows[0] ?? {})[0]);
    settings[name] = name === 'synchronous' ? (SQLITE_SYNCHRONOUS[value] ?? value) : value;
  }
  return settings;
}

/** A cheap query that proves the database answers. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
