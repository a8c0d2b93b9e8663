import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How long a statement waits for another process's lock before it fails with "database is locked". */
export const BUSY_TIMEOUT_MS = 5000;

function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

function params(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map(toSqlite);
}

function adaptStatement(stmt: StatementSync): SqliteStatement {
  return {
    // A statement that yields columns (SELECT, … RETURNING) is a reader.
    reader: stmt.columns().length > 0,
    all: (parameters) => stmt.all(...params(parameters)),
    run: (parameters) => stmt.run(...params(parameters)),
    iterate: (parameters) => stmt.iterate(...params(parameters)),
  };
}

/**
 * Opens an SQLite file with Node's built-in driver (no native addon) and adapts it to the
 * interface Kysely's SqliteDialect expects. Durability and integrity pragmas are set on every open.
 * secure_delete: a deleted row's bytes are overwritten with zeros, not left in free space, so an
 * erased submission cannot be read back from the file (docs/decisions/0116; the write-ahead log
 * is emptied after an erasure, repositories/erasure-scrub.ts).
 */
export function openSqlite(file: string): SqliteDatabase {
  const db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA foreign_keys = ON;
    PRAGMA secure_delete = ON;
    PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS};
  `);
  return {
    close: () => db.close(),
    // Kysely opens transactions with a deferred `begin`: one that reads and then writes fails at
    // once with "database is locked" when another process (the server, a CLI) wrote in between,
    // whatever the busy time-out. `begin immediate` takes the write lock first and waits for it.
    prepare: (sql) => adaptStatement(db.prepare(sql.trim().toLowerCase() === 'begin' ? 'begin immediate' : sql)),
  };
}
