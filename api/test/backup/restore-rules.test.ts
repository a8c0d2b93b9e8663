import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMediaStore, type MediaStore } from '../../src/backup/media-store.ts';
import { restoreArchive, TargetNotEmptyError } from '../../src/backup/restore.ts';
import { backupSourceFrom, runBackup } from '../../src/backup/run.ts';
import { ArchiveRejectedError } from '../../src/backup/verify.ts';
import { writeArchive } from '../../src/backup/write-archive.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { lastBackupRun } from '../../src/repositories/backup-runs.ts';
import { listTables } from '../../src/repositories/database-info.ts';
import { createMediaFile, createNews, createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { captureMedia, captureRows, differences, freshTarget, rewriteManifest, type FreshTarget } from './support.ts';

// The rules of `restore`: an empty target only, unless --force; --force replaces everything and a
// failure part-way leaves the target as it was; older archives are migrated forward; archives
// from a newer version or another engine are refused before anything changes.

let t: TestApp;
let work: string;
let archive: string;

beforeAll(async () => {
  t = await startTestApp();
  work = await mkdtemp(path.join(tmpdir(), 'sthsm-rules-'));
  await createSchool(t.db);
  await createNews(t.db, { title: 'Annual day' });
  await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/public/Images/annual.jpg', Buffer.from('annual day photo'), { fileId: 'annual' });
  const outcome = await runBackup(backupSourceFrom(t.config, t.db), { dir: path.join(work, 'backups'), keep: 5, trigger: 'manual' });
  if (outcome.status !== 'succeeded') throw new Error('backup skipped');
  archive = outcome.file;
});
afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

/** A target holding the archive's data plus one more news item and one more media file. */
async function changedTarget(): Promise<FreshTarget> {
  const target = await freshTarget();
  await restoreArchive(archive, target, { force: false, journalFiles: [] });
  const db = target.open();
  try {
    await createNews(db, { title: 'Written after the backup' });
    await createMediaFile(db, target.mediaRoot, 'STHSM/public/Images/later.jpg', Buffer.from('later'));
  } finally {
    await db.destroy();
  }
  return target;
}

async function stateOf(target: FreshTarget) {
  const db = target.open();
  try {
    return { rows: await captureRows(db), media: await captureMedia(target.media, target.mediaRoot) };
  } finally {
    await db.destroy();
  }
}

describe(`restore rules (${engine})`, () => {
  it('makes the archive and its folder readable by the server user only', async () => {
    expect((await stat(path.dirname(archive))).mode & 0o777).toBe(0o700);
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
  });

  it('refuses a target holding data without --force, and changes nothing', async () => {
    const target = await changedTarget();
    try {
      const before = await stateOf(target);
      await expect(restoreArchive(archive, target, { force: false, journalFiles: [] })).rejects.toThrow(TargetNotEmptyError);
      const after = await stateOf(target);
      expect(differences(before.rows, after.rows)).toEqual([]);
      expect(differences(before.media, after.media)).toEqual([]);
    } finally {
      await target.cleanup();
    }
  });

  it('counts a media folder with files as data too', async () => {
    const target = await freshTarget();
    try {
      await target.media.write('stray.jpg', Readable.from([Buffer.from('x')]));
      await expect(restoreArchive(archive, target, { force: false, journalFiles: [] })).rejects.toThrow(
        /0 tables in the database, 1 media file\)/,
      );
    } finally {
      await target.cleanup();
    }
  });

  it("with --force replaces every row and file by the archive's", async () => {
    const target = await changedTarget();
    const fresh = await freshTarget();
    try {
      await restoreArchive(archive, fresh, { force: false, journalFiles: [] });
      const report = await restoreArchive(archive, target, { force: true, journalFiles: [] });
      expect(report.replaced).toBe(true);
      expect(report.mediaRemoved).toBe(1);
      const [expected, got] = [await stateOf(fresh), await stateOf(target)];
      expect(differences(expected.rows, got.rows)).toEqual([]);
      expect([...got.media.keys()]).toEqual(['STHSM/public/Images/annual.jpg']);
      if (engine === 'postgres') {
        // The schema moved aside during the restore is gone.
        const db = target.open();
        try {
          const { rows } = await sql<{ name: string }>`select schema_name as name from information_schema.schemata`.execute(db);
          expect(rows.map((r) => r.name).filter((n) => n.includes('before_restore'))).toEqual([]);
        } finally {
          await db.destroy();
        }
      }
    } finally {
      await target.cleanup();
      await fresh.cleanup();
    }
  });

  it('with --force, a failure part-way leaves the database as it was', async () => {
    const target = await changedTarget();
    try {
      const before = await stateOf(target);
      const failing: MediaStore = {
        ...localMediaStore(target.mediaRoot),
        write: async () => {
          throw new Error('disk full');
        },
      };
      await expect(restoreArchive(archive, { ...target, media: failing }, { force: true, journalFiles: [] })).rejects.toThrow(
        /Writing media failed, so the database was left as it was.*disk full/,
      );
      expect(differences(before.rows, (await stateOf(target)).rows)).toEqual([]);
    } finally {
      await target.cleanup();
    }
  });

  it('migrates an archive made by an older version forward, and says which migrations ran', async () => {
    const old = await freshTarget();
    const target = await freshTarget();
    let oldArchive: string;
    try {
      const db = old.open();
      try {
        const provider = { getMigrations: async () => migrations };
        const { error } = await new Migrator({ db, provider }).migrateTo('2025-11-21-initial');
        if (error) throw error;
        expect(await listTables(db, engine)).not.toContain('backup_runs');
        await createSchool(db);
        // A row of the initial schema's shape (the factories write today's columns).
        await sql`insert into news (_id, school_code, created_at, date, from_date, title, description, attachments)
          values ('old-1', 'STHSM', '2025-01-01T00:00:00.000Z', null, null, 'From the old version', 'Old.', '[]')`.execute(db);
        oldArchive = (await writeArchive({ db, engine, databaseUrl: old.databaseUrl, media: old.media }, work, 'old-run', () => new Date()))
          .file;
      } finally {
        await db.destroy();
      }
      const report = await restoreArchive(oldArchive, target, { force: false, journalFiles: [] });
      expect(report.manifest.schemaVersion.latest).toBe('2025-11-21-initial');
      expect(report.migrationsRun).toEqual(Object.keys(migrations).filter((m) => m > '2025-11-21-initial'));
      const restored = target.open();
      try {
        expect((await restored.selectFrom('news').select('title').execute()).map((r) => r.title)).toEqual(['From the old version']);
        expect(await lastBackupRun(restored, 'succeeded')).toMatchObject({ id: 'old-run', archive: path.basename(oldArchive) });
      } finally {
        await restored.destroy();
      }
    } finally {
      await old.cleanup();
      await target.cleanup();
    }
  });

  it('refuses an archive from a newer version, and one from the other engine, before changing anything', async () => {
    const newer = path.join(work, 'newer.tar');
    await rewriteManifest(archive, newer, (m) => m.schemaVersion.migrations.push('2099-01-01-future'));
    const other = path.join(work, 'other-engine.tar');
    await rewriteManifest(archive, other, (m) => {
      m.engine = engine === 'sqlite' ? 'postgres' : 'sqlite';
    });
    const target = await freshTarget();
    try {
      await expect(restoreArchive(newer, target, { force: false, journalFiles: [] })).rejects.toThrow(/newer version.*2099-01-01-future/);
      await expect(restoreArchive(other, target, { force: false, journalFiles: [] })).rejects.toThrow(ArchiveRejectedError);
      await expect(restoreArchive(other, target, { force: false, journalFiles: [] })).rejects.toThrow(
        /restore it into the same kind of database/,
      );
      expect(await captureMedia(target.media, target.mediaRoot)).toEqual(new Map());
    } finally {
      await target.cleanup();
    }
  });
});

describe.runIf(engine === 'sqlite')('restore over a damaged SQLite file', () => {
  it('counts an unreadable database as data: refused without --force, replaced with it', async () => {
    const target = await freshTarget();
    try {
      await mkdir(target.dataDir, { recursive: true });
      await writeFile(target.databaseUrl, 'this is not an SQLite database, it was damaged');
      await expect(restoreArchive(archive, target, { force: false, journalFiles: [] })).rejects.toThrow(
        /not empty \(a database file that cannot be read \(file is not a database\), 0 media files\)/,
      );
      const report = await restoreArchive(archive, target, { force: true, journalFiles: [] });
      expect(report.replaced).toBe(true);
      expect(report.tables.news).toBe(1);
    } finally {
      await target.cleanup();
    }
  });
});
