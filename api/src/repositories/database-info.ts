import { sql, type Kysely } from 'kysely';
import type { Db, Engine } from '../db/index.ts';

// What the database itself says about its tables: backups enumerate them here, never from a
// list in code, so a table added by any migration is backed up, counted and compared.

/** Kysely's bookkeeping of applied migrations (in the same schema as the tables). */
const MIGRATION_TABLE = 'kysely_migration';

/** Every base table of the database (SQLite) or of the connection's schema (PostgreSQL), by name. */
export async function listTables(db: Kysely<unknown> | Db, engine: Engine): Promise<string[]> {
  const rows =
    engine === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and substr(name, 1, 7) <> 'sqlite_' order by name`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.rows.map((r) => r.name);
}

export async function countRows(db: Kysely<unknown> | Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Rows per table, for a manifest or a check after a restore. */
export async function countAllRows(db: Kysely<unknown> | Db, engine: Engine): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(db, engine)) counts[table] = await countRows(db, table);
  return counts;
}

/** Names of the applied migrations, oldest first ([] on a database never migrated). */
export async function appliedMigrations(db: Kysely<unknown> | Db, engine: Engine): Promise<string[]> {
  if (!(await listTables(db, engine)).includes(MIGRATION_TABLE)) return [];
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db);
  return rows.map((r) => r.name);
}

/** SQLite's own checks: page structure, then foreign keys. An empty list means both pass. */
export async function sqliteProblems(db: Kysely<unknown> | Db): Promise<string[]> {
  const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  const problems = integrity.rows.map((r) => r.integrity_check).filter((m) => m !== 'ok');
  const keys = await sql<{ table: string; parent: string }>`pragma foreign_key_check`.execute(db);
  for (const row of keys.rows) problems.push(`a row of ${row.table} refers to a missing row of ${row.parent}`);
  return problems;
}

/** PostgreSQL: the schema unqualified names resolve to (null when search_path names none that exists). */
export async function currentSchema(db: Kysely<unknown> | Db): Promise<string | null> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? null;
}

/** PostgreSQL: the first schema of search_path, whether or not it exists yet. */
export async function searchPathSchema(db: Kysely<unknown> | Db): Promise<string | null> {
  const { rows } = await sql<{ path: string; user: string }>`select current_setting('search_path') as path, current_user as user`.execute(
    db,
  );
  const row = rows[0];
  if (!row) return null;
  for (const raw of row.path.split(',')) {
    const name = raw.trim().replace(/^"(.*)"$/, '$1');
    if (name === '$user') return row.user;
    if (name) return name;
  }
  return null;
}

export async function schemaExists(db: Kysely<unknown> | Db, schema: string): Promise<boolean> {
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from information_schema.schemata where schema_name = ${schema}`.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

export async function serverVersion(db: Kysely<unknown> | Db): Promise<string> {
  const { rows } = await sql<{ version: string }>`show server_version`.execute(db);
  return rows[0]?.version ?? '';
}

// PostgreSQL schema moves for a restore (api/src/backup/restore-postgres.ts).
export async function createSchema(db: Kysely<unknown> | Db, schema: string): Promise<void> {
  await sql`create schema ${sql.id(schema)}`.execute(db);
}

export async function renameSchema(db: Kysely<unknown> | Db, from: string, to: string): Promise<void> {
  await sql`alter schema ${sql.id(from)} rename to ${sql.id(to)}`.execute(db);
}

export async function dropSchema(db: Kysely<unknown> | Db, schema: string): Promise<void> {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
}

/**
 * SQLite: folds the write-ahead log into the file and stops using one, so the file alone holds
 * everything (before it is archived or renamed into place; the server turns WAL on again).
 */
export async function makeSqliteSelfContained(db: Kysely<unknown> | Db): Promise<void> {
  await sql`pragma journal_mode = delete`.execute(db);
}

/** PostgreSQL: the database server's clock, to compare with this machine's (npm run doctor). */
export async function databaseClock(db: Kysely<unknown> | Db): Promise<Date> {
  const { rows } = await sql<{ now: Date | string }>`select now() as now`.execute(db);
  return new Date(rows[0]?.now ?? Number.NaN);
}
