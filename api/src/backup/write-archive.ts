import { link, mkdtemp, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { sqliteFile, type Db, type Engine } from '../db/index.ts';
import { appliedMigrations, countAllRows, currentSchema, serverVersion } from '../repositories/database-info.ts';
import { stageStream, syncDir, type StagedFile } from './files.ts';
import {
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  MANIFEST_SUM,
  POSTGRES_ENTRY,
  SQLITE_ENTRY,
  manifestSumLine,
  mediaEntryName,
  type ArchiveEntry,
  type Manifest,
} from './manifest.ts';
import type { MediaStore } from './media-store.ts';
import { dumpSchema, majorOf, toolMajorVersion } from './postgres-tools.ts';
import { snapshotSqlite } from './sqlite-snapshot.ts';
import { TarWriter, type WrittenEntry } from './tar.ts';

/** What is backed up: the database the server uses and its media. */
export interface BackupSource {
  db: Db;
  engine: Engine;
  databaseUrl: string;
  media: MediaStore;
}

export interface WrittenArchive {
  file: string;
  sizeBytes: number;
  manifest: Manifest;
  warnings: string[];
}

/** Media files up to this size are read into memory once; larger ones are staged on disk. */
const MEDIA_IN_MEMORY_BYTES = 16 * 1024 * 1024;

/** backup-2026-11-25T023000Z.tar: names sort by time; a second one in the same second gets -2. */
export const ARCHIVE_NAME = /^backup-(\d{4}-\d{2}-\d{2}T\d{6}Z)(?:-(\d+))?\.tar$/;

function archiveBaseName(at: Date): string {
  return `backup-${at.toISOString().slice(0, 19).replaceAll(':', '')}Z`;
}

interface DatabasePart {
  entryName: string;
  file: string;
  tables: Record<string, number>;
  migrations: string[];
  postgres?: Manifest['database']['postgres'];
}

async function snapshotDatabase(source: BackupSource, workDir: string): Promise<DatabasePart> {
  if (source.engine === 'sqlite') {
    const file = path.join(workDir, 'school.db');
    const result = await snapshotSqlite(sqliteFile(source.databaseUrl), file);
    if (result.problems.length > 0) {
      throw new Error(`The database fails SQLite's integrity check, so it was not backed up: ${result.problems.slice(0, 3).join('; ')}`);
    }
    return { entryName: SQLITE_ENTRY, file, tables: result.tables, migrations: result.migrations };
  }
  const file = path.join(workDir, 'postgres.dump');
  const [server, client] = [await serverVersion(source.db), await toolMajorVersion('pg_dump')];
  if (client < majorOf(server)) {
    throw new Error(`pg_dump ${client} cannot dump a PostgreSQL ${server} server: install postgresql-client-${majorOf(server)} or newer.`);
  }
  // pg_dump reads from this transaction's exported snapshot, so the row counts and migration
  // list in the manifest describe exactly what the dump holds (docs/decisions/0051).
  return source.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
      const schema = await currentSchema(trx);
      if (!rows[0] || !schema) throw new Error('The database connection has no current schema to back up.');
      const tables = await countAllRows(trx, 'postgres');
      const migrations = await appliedMigrations(trx, 'postgres');
      await dumpSchema({ databaseUrl: source.databaseUrl, schema, snapshot: rows[0].id, file });
      return {
        entryName: POSTGRES_ENTRY,
        file,
        tables,
        migrations,
        postgres: { schema, serverVersion: server, pgDumpVersion: String(client) },
      };
    });
}

/** Places the finished archive under its final name without ever replacing another archive. */
async function publish(partial: string, dir: string, at: Date): Promise<string> {
  const base = archiveBaseName(at);
  for (let n = 1; n < 100; n++) {
    const file = path.join(dir, `${base}${n === 1 ? '' : `-${n}`}.tar`);
    try {
      await link(partial, file);
      await unlink(partial);
      await syncDir(dir);
      return file;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  throw new Error(`Too many archives named ${base}-N.tar in ${dir}`);
}

/**
 * Writes one archive into `dir` (private, existing): the database snapshot first, then every
 * media file, then the manifest. A crash leaves only a hidden .partial file, never a half archive
 * under an archive's name.
 */
export async function writeArchive(source: BackupSource, dir: string, runId: string, now: () => Date): Promise<WrittenArchive> {
  const createdAt = now();
  const workDir = await mkdtemp(path.join(dir, '.tmp-'));
  const partial = path.join(dir, `.${archiveBaseName(createdAt)}-${runId}.tar.partial`);
  const warnings: string[] = [];
  let writer: TarWriter | undefined;
  try {
    writer = await TarWriter.create(partial);
    const database = await snapshotDatabase(source, workDir);
    const entries: WrittenEntry[] = [await writer.addFile(database.entryName, database.file)];
    await rm(database.file, { force: true });

    const files: Manifest['media']['files'] = [];
    const stored = new Set<string>();
    let count = 0;
    for await (const item of source.media.list()) {
      let staged: StagedFile;
      try {
        staged = await stageStream(source.media.read(item.path), path.join(workDir, `media-${++count}`), MEDIA_IN_MEMORY_BYTES);
      } catch (err) {
        // Deleted between the listing and the copy: it is gone from the site too.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
          warnings.push(`Media file ${item.path} disappeared during the backup and is not in it.`);
          continue;
        }
        throw err;
      }
      files.push({ path: item.path, sha256: staged.sha256, size: staged.size });
      if (!stored.has(staged.sha256)) {
        const name = mediaEntryName(staged.sha256);
        const written = staged.bytes ? await writer.addBuffer(name, staged.bytes) : await writer.addFile(name, staged.file!);
        // Hashed twice (as read, as archived): a difference means memory or disk changed the bytes.
        if (written.sha256 !== staged.sha256) throw new Error(`Media file ${item.path} changed between reading and archiving.`);
        entries.push(written);
        stored.add(staged.sha256);
      }
      if (staged.file) await rm(staged.file, { force: true });
    }
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      runId,
      engine: source.engine,
      schemaVersion: { latest: database.migrations.at(-1) ?? null, migrations: database.migrations },
      database: { entry: database.entryName, tables: database.tables, ...(database.postgres ? { postgres: database.postgres } : {}) },
      media: { files, totalBytes: files.reduce((sum, f) => sum + f.size, 0) },
      entries: entries.map(({ name, size, sha256 }): ArchiveEntry => ({ name, size, sha256 })),
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await writer.addBuffer(MANIFEST, manifestBytes);
    await writer.addBuffer(MANIFEST_SUM, Buffer.from(manifestSumLine(createHash('sha256').update(manifestBytes).digest('hex'))));
    const sizeBytes = await writer.finish();
    writer = undefined;
    const file = await publish(partial, dir, createdAt);
    return { file, sizeBytes, manifest, warnings };
  } catch (err) {
    await writer?.abort();
    await rm(partial, { force: true });
    throw err;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
