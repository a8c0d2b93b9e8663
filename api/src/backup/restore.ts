import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { engineOf, openDatabase, sqliteFile, type Db, type Engine } from '../db/index.ts';
import { migrations as knownMigrations } from '../db/migrations/index.ts';
import type { ErasureEntry } from '../repositories/erasure-journal.ts';
import { readJournalFile } from './erasures.ts';
import { mediaEntryName, type Manifest } from './manifest.ts';
import { isStorablePath, type MediaStore } from './media-store.ts';
import type { DatabaseRestore } from './restore-database.ts';
import { inspectPostgres, preparePostgres } from './restore-postgres.ts';
import { inspectSqlite, prepareSqlite, type PreparedDatabase } from './restore-sqlite.ts';
import { ArchiveRejectedError, unpackAndVerify } from './verify.ts';

// `npm run restore -- ARCHIVE`: check everything, build the restored database beside the live
// one, write the media, then swap the database in. Nothing is touched before the archive has
// been checked in full, and a failure before the swap leaves the database as it was
// (docs/decisions/0054).

export interface RestoreTarget {
  databaseUrl: string;
  /** PostgreSQL only: the schema the connection works in (tests); otherwise the URL's search_path. */
  schema?: string;
  media: MediaStore;
  /** Holds the staging folder (DATA_DIR). */
  dataDir: string;
  /** The image-variant cache, emptied after a restore. */
  cacheDir: string;
}

export interface RestoreOptions {
  /** Replace a target that holds data. */
  force: boolean;
  /** Erasure journal files to re-apply from (BACKUP_DIR/erasure-journal.jsonl and any given). */
  journalFiles: readonly string[];
  /** Progress lines for the operator. */
  progress?: (line: string) => void;
}

export interface RestoreReport extends DatabaseRestore {
  manifest: Manifest;
  archiveSize: number;
  mediaFiles: number;
  mediaBytes: number;
  mediaRemoved: number;
  /** The target held data that was replaced (--force). */
  replaced: boolean;
}

/** The target holds data and --force was not given; nothing was changed. */
export class TargetNotEmptyError extends Error {}

async function mediaCount(media: MediaStore): Promise<number> {
  let count = 0;
  for await (const file of media.list()) if (file.path) count++;
  return count;
}

const count = (n: number, one: string, after = '') => `${n} ${one}${n === 1 ? '' : 's'}${after ? ` ${after}` : ''}`;

/** What the target holds now. Never creates the SQLite file. */
async function inspect(engine: Engine, target: RestoreTarget, db: Db | null) {
  const database = engine === 'sqlite' ? await inspectSqlite(sqliteFile(target.databaseUrl)) : await inspectPostgres(db!);
  return { ...database, mediaFiles: await mediaCount(target.media) };
}

function checkCompatible(manifest: Manifest, engine: Engine): void {
  if (manifest.engine !== engine) {
    throw new ArchiveRejectedError(
      `The archive holds a ${manifest.engine} database, but DATABASE_URL names ${engine}: restore it into the same kind of database.`,
      [],
    );
  }
  const unknown = manifest.schemaVersion.migrations.filter((m) => !(m in knownMigrations));
  if (unknown.length > 0) {
    throw new ArchiveRejectedError(
      `The archive was made by a newer version of the platform (migrations ${unknown.join(', ')} are unknown here): upgrade, then restore.`,
      [],
    );
  }
  const bad = manifest.media.files.find((f) => !isStorablePath(f.path));
  if (bad)
    throw new ArchiveRejectedError(`The manifest names a media path that is not a plain relative path: ${JSON.stringify(bad.path)}.`, [
      'manifest.json',
    ]);
}

async function restoreMedia(media: MediaStore, manifest: Manifest, staged: Map<string, string>, replace: boolean): Promise<number> {
  for (const file of manifest.media.files) {
    const source = staged.get(mediaEntryName(file.sha256));
    if (!source) throw new Error(`Staged media entry for ${file.path} is missing`);
    await media.write(file.path, createReadStream(source));
  }
  if (!replace) return 0;
  const keep = new Set(manifest.media.files.map((f) => f.path));
  const extra: string[] = [];
  for await (const file of media.list()) if (!keep.has(file.path)) extra.push(file.path);
  for (const file of extra) await media.remove(file);
  return extra.length;
}

/** Restores `archive` into the target; throws ArchiveRejectedError, TargetNotEmptyError or the failing step's error. */
export async function restoreArchive(archive: string, target: RestoreTarget, options: RestoreOptions): Promise<RestoreReport> {
  const say = options.progress ?? (() => {});
  const engine = engineOf(target.databaseUrl);
  const archiveSize = (await stat(archive)).size;
  const db = engine === 'postgres' ? openDatabase(target.databaseUrl, target.schema ? { schema: target.schema } : {}) : null;
  try {
    const before = await inspect(engine, target, db);
    const unreadable = 'unreadable' in before ? before.unreadable : undefined;
    const replaced = before.tables.length > 0 || before.mediaFiles > 0 || unreadable !== undefined;
    if (replaced && !options.force) {
      const database = unreadable
        ? `a database file that cannot be read (${unreadable})`
        : count(before.tables.length, 'table', 'in the database');
      throw new TargetNotEmptyError(
        `The target is not empty (${database}, ${count(before.mediaFiles, 'media file')}): nothing was changed. ` +
          'Restore into an empty data directory or database, or add --force to replace what is there.',
      );
    }
    await mkdir(target.dataDir, { recursive: true });
    // mkdtemp makes it 0700: the unpacked archive holds personal data.
    const stagingDir = await mkdtemp(path.join(target.dataDir, '.restore-'));
    try {
      say(`Checking ${path.basename(archive)}…`);
      const { manifest, staged } = await unpackAndVerify(archive, stagingDir);
      checkCompatible(manifest, engine);
      say(`Every checksum matches (${manifest.entries.length + 2} files).`);

      const journal: ErasureEntry[] = [...before.journal];
      for (const file of options.journalFiles) journal.push(...(await readJournalFile(file)));
      const common = { manifest, journal, archiveName: path.basename(archive), archiveSize };
      const databaseEntry = staged.get(manifest.database.entry)!;
      const prepared: PreparedDatabase =
        engine === 'sqlite'
          ? await prepareSqlite(databaseEntry, sqliteFile(target.databaseUrl), common)
          : await preparePostgres(db!, { databaseUrl: target.databaseUrl, dumpFile: databaseEntry, workDir: stagingDir, ...common });
      let mediaRemoved: number;
      try {
        say(`Writing ${manifest.media.files.length} media files…`);
        mediaRemoved = await restoreMedia(target.media, manifest, staged, replaced);
      } catch (err) {
        await prepared.rollback().catch(() => {});
        throw new Error(
          `Writing media failed, so the database was left as it was (media may be partly written; run the restore again): ${(err as Error).message}`,
          { cause: err },
        );
      }
      await prepared.commit();
      await rm(path.join(target.cacheDir, 'variants'), { recursive: true, force: true });
      const { commit: _commit, rollback: _rollback, ...database } = prepared;
      return {
        ...database,
        manifest,
        archiveSize,
        replaced,
        mediaRemoved,
        mediaFiles: manifest.media.files.length,
        mediaBytes: manifest.media.totalBytes,
      };
    } finally {
      await rm(stagingDir, { recursive: true, force: true });
    }
  } finally {
    await db?.destroy();
  }
}
