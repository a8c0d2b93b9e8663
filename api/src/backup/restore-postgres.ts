import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/index.ts';
import {
  createSchema,
  currentSchema,
  dropSchema,
  listTables,
  renameSchema,
  schemaExists,
  searchPathSchema,
} from '../repositories/database-info.ts';
import { listErasures, type ErasureEntry } from '../repositories/erasure-journal.ts';
import { PRIVATE_FILE_MODE } from './files.ts';
import type { Manifest } from './manifest.ts';
import { restoreDump, restoreList, toolMajorVersion } from './postgres-tools.ts';
import { completeDatabase, RestoreFailedError } from './restore-database.ts';
import type { PreparedDatabase } from './restore-sqlite.ts';

/** The schema a connection works in: current_schema(), or search_path's first (not yet created) one. */
export async function targetSchemaOf(db: Db): Promise<string> {
  const schema = (await currentSchema(db)) ?? (await searchPathSchema(db));
  if (!schema) throw new RestoreFailedError('The target database connection has no schema in its search_path.');
  return schema;
}

/** What the target schema holds now: its tables and its erasure journal. */
export async function inspectPostgres(db: Db): Promise<{ schema: string; tables: string[]; journal: ErasureEntry[] }> {
  const schema = await targetSchemaOf(db);
  if (!(await schemaExists(db, schema))) return { schema, tables: [], journal: [] };
  const tables = await listTables(db, 'postgres');
  return { schema, tables, journal: tables.includes('erasure_journal') ? await listErasures(db) : [] };
}

/**
 * Restores the dump with pg_restore into the archive's schema name (pg_dump names it in every
 * statement), after moving an existing target schema aside; renames it to the target's name when
 * they differ. `commit` drops the old schema, `rollback` puts it back (docs/decisions/0051).
 */
export async function preparePostgres(
  db: Db,
  o: {
    databaseUrl: string;
    dumpFile: string;
    workDir: string;
    manifest: Manifest;
    journal: readonly ErasureEntry[];
    archiveName: string;
    archiveSize: number;
  },
): Promise<PreparedDatabase> {
  const archived = o.manifest.database.postgres;
  if (!archived) throw new RestoreFailedError('The manifest does not say which PostgreSQL schema the dump holds.');
  const restoreMajor = await toolMajorVersion('pg_restore');
  if (restoreMajor < Number(archived.pgDumpVersion)) {
    throw new RestoreFailedError(
      `The dump was made by pg_dump ${archived.pgDumpVersion}; this pg_restore is ${restoreMajor}. Install postgresql-client-${archived.pgDumpVersion} or newer.`,
    );
  }
  const target = await targetSchemaOf(db);
  if (archived.schema !== target && (await schemaExists(db, archived.schema))) {
    throw new RestoreFailedError(
      `The archive's schema "${archived.schema}" already exists in the target database beside "${target}"; drop it or restore into a database without it.`,
    );
  }
  const aside = (await schemaExists(db, target)) ? `${target.slice(0, 30)}_before_restore_${randomBytes(4).toString('hex')}` : null;
  const listFile = path.join(o.workDir, 'restore.list');
  await writeFile(listFile, await restoreList(o.dumpFile), { mode: PRIVATE_FILE_MODE });

  if (aside) await renameSchema(db, target, aside);
  const rollback = async () => {
    await dropSchema(db, archived.schema);
    if (archived.schema !== target) await dropSchema(db, target);
    if (aside) await renameSchema(db, aside, target);
  };
  try {
    await createSchema(db, archived.schema);
    await restoreDump({ databaseUrl: o.databaseUrl, dumpFile: o.dumpFile, listFile });
    if (archived.schema !== target) await renameSchema(db, archived.schema, target);
    const result = await completeDatabase(db, { engine: 'postgres', schema: target, ...o });
    return {
      ...result,
      commit: async () => {
        if (aside) await dropSchema(db, aside);
      },
      rollback,
    };
  } catch (err) {
    await rollback().catch(() => {});
    throw err;
  }
}
