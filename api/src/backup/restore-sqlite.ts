import { randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../db/index.ts';
import { listErasures, type ErasureEntry } from '../repositories/erasure-journal.ts';
import { listTables, makeSqliteSelfContained } from '../repositories/database-info.ts';
import { PRIVATE_FILE_MODE, syncDir } from './files.ts';
import { completeDatabase, type DatabaseRestore } from './restore-database.ts';
import type { Manifest } from './manifest.ts';

const SIDE_FILES = ['', '-wal', '-shm'];

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * What the SQLite file holds now: its tables (none when absent) and its erasure journal. A file
 * that cannot be read (the damage a restore may be repairing) counts as data: --force replaces it.
 */
export async function inspectSqlite(file: string): Promise<{ tables: string[]; journal: ErasureEntry[]; unreadable?: string }> {
  if (!(await exists(file))) return { tables: [], journal: [] };
  let db;
  try {
    db = openDatabase(file);
    const tables = await listTables(db, 'sqlite');
    return { tables, journal: tables.includes('erasure_journal') ? await listErasures(db) : [] };
  } catch (err) {
    return { tables: [], journal: [], unreadable: (err as Error).message };
  } finally {
    await db?.destroy().catch(() => {});
  }
}

export interface PreparedDatabase extends DatabaseRestore {
  /** Makes the restored database the live one. */
  commit: () => Promise<void>;
  /** Leaves the target as it was. */
  rollback: () => Promise<void>;
}

/**
 * Builds the restored database beside the target (`school.db.restoring-…`), complete and
 * checked; `commit` then swaps it in for the old file.
 */
export async function prepareSqlite(
  stagedCopy: string,
  target: string,
  o: { manifest: Manifest; journal: readonly ErasureEntry[]; archiveName: string; archiveSize: number },
): Promise<PreparedDatabase> {
  await mkdir(path.dirname(target), { recursive: true });
  const building = `${target}.restoring-${randomBytes(4).toString('hex')}`;
  await copyFile(stagedCopy, building);
  await chmod(building, PRIVATE_FILE_MODE);
  const removeBuilding = async () => {
    for (const suffix of SIDE_FILES) await rm(`${building}${suffix}`, { force: true });
  };
  let result: DatabaseRestore;
  const db = openDatabase(building);
  try {
    result = await completeDatabase(db, { engine: 'sqlite', ...o });
    await makeSqliteSelfContained(db);
  } catch (err) {
    await db.destroy().catch(() => {});
    await removeBuilding();
    throw err;
  }
  await db.destroy();
  return {
    ...result,
    async commit() {
      // The old file (and its WAL) goes aside first, so no moment has a mix of old and new.
      const aside = `${target}.before-restore-${randomBytes(4).toString('hex')}`;
      for (const suffix of SIDE_FILES) {
        if (await exists(`${target}${suffix}`)) await rename(`${target}${suffix}`, `${aside}${suffix}`);
      }
      await rename(building, target);
      await syncDir(path.dirname(target));
      for (const suffix of SIDE_FILES) await rm(`${aside}${suffix}`, { force: true });
    },
    rollback: removeBuilding,
  };
}
