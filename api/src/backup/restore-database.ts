import { migrateToLatest, type Db, type Engine } from '../db/index.ts';
import { markRestoredRun } from '../repositories/backup-runs.ts';
import { appliedMigrations, countAllRows, sqliteProblems } from '../repositories/database-info.ts';
import type { ErasureEntry } from '../repositories/erasure-journal.ts';
import { reapplyErasures, type ReapplyReport } from './erasures.ts';
import type { Manifest } from './manifest.ts';

/** What the database part of a restore did. */
export interface DatabaseRestore {
  tables: Record<string, number>;
  migrationsRun: string[];
  erasures: ReapplyReport;
}

/** A restore is being undone: the target is left as it was. */
export class RestoreFailedError extends Error {}

/**
 * Once the archived database is in place (not yet live): prove it holds what the manifest says,
 * bring the schema forward, re-apply later erasures, and record the archive as a good backup.
 */
export async function completeDatabase(
  db: Db,
  o: { engine: Engine; schema?: string; manifest: Manifest; journal: readonly ErasureEntry[]; archiveName: string; archiveSize: number },
): Promise<DatabaseRestore> {
  const tables = await countAllRows(db, o.engine);
  for (const [table, expected] of Object.entries(o.manifest.database.tables)) {
    if (tables[table] !== expected) {
      throw new RestoreFailedError(`The restored table ${table} has ${tables[table] ?? 'no'} rows; the manifest says ${expected}.`);
    }
  }
  if (o.engine === 'sqlite') {
    const problems = await sqliteProblems(db);
    if (problems.length > 0)
      throw new RestoreFailedError(`The restored database fails SQLite's checks: ${problems.slice(0, 3).join('; ')}`);
  }
  const before = new Set(await appliedMigrations(db, o.engine));
  await migrateToLatest(db, { engine: o.engine, ...(o.schema ? { schema: o.schema } : {}) });
  const migrationsRun = (await appliedMigrations(db, o.engine)).filter((m) => !before.has(m));
  const erasures = await reapplyErasures(db, o.journal);
  await markRestoredRun(db, o.manifest.runId, { startedAt: o.manifest.createdAt, archive: o.archiveName, sizeBytes: o.archiveSize });
  if (o.engine === 'sqlite') {
    const problems = await sqliteProblems(db);
    if (problems.length > 0)
      throw new RestoreFailedError(`The database fails SQLite's checks after migrating: ${problems.slice(0, 3).join('; ')}`);
  }
  return { tables, migrationsRun, erasures };
}
