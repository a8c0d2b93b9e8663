import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreArchive } from '../../src/backup/restore.ts';
import { backupSourceFrom, runBackup } from '../../src/backup/run.ts';
import { ArchiveRejectedError } from '../../src/backup/verify.ts';
import { createAlbum, createMediaFile, createNews, createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { freshTarget, targetContents, type FreshTarget } from './support.ts';

// Done when: corrupting one byte of an archive makes `restore` refuse, naming the file — for a
// byte anywhere: in each entry's bytes, each header, the padding, the manifest, its checksum,
// the end marker. Nothing is restored.

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
let t: TestApp;
let archive: string;
let work: string;
/** Each entry's header offset, data offset and size, from the archive itself. */
let layout: Array<{ name: string; header: number; data: number; size: number }>;
/** One empty target for every refusal (each must leave it empty), restored into at the end. */
let empty: FreshTarget;

beforeAll(async () => {
  t = await startTestApp();
  work = await mkdtemp(path.join(tmpdir(), 'sthsm-corrupt-'));
  await createSchool(t.db);
  await createNews(t.db, { title: 'Sports day' });
  await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/public/Images/sports.jpg', Buffer.alloc(3000, 7), { fileId: 'f1' });
  await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/public/Images/choir.jpg', Buffer.from('choir photo bytes'));
  await createAlbum(t.db, { title: 'Sports', attachments: ['f1'] });
  const outcome = await runBackup(backupSourceFrom(t.config, t.db), { dir: path.join(work, 'backups'), keep: 3, trigger: 'manual' });
  if (outcome.status !== 'succeeded') throw new Error('backup skipped');
  archive = outcome.file;
  empty = await freshTarget();
  const bytes = await readFile(archive);
  layout = [];
  for (let at = 0; at + 512 <= bytes.length && bytes[at] !== 0;) {
    const name = bytes.toString('ascii', at, at + 100).replace(/\0.*$/s, '');
    const size = Number.parseInt(bytes.toString('ascii', at + 124, at + 135), 8);
    layout.push({ name, header: at, data: at + 512, size });
    at += 512 + Math.ceil(size / 512) * 512;
  }
});
afterAll(async () => {
  await empty.cleanup();
  await t.close();
  await rm(work, { recursive: true, force: true });
});

async function corruptCopy(offset: number): Promise<string> {
  const copy = path.join(work, `corrupt-${offset}.tar`);
  await copyFile(archive, copy);
  const bytes = await readFile(copy);
  bytes[offset] = (bytes[offset] ?? 0) ^ 0x5a;
  await writeFile(copy, bytes);
  return copy;
}

/** Restores the damaged copy into the empty target: it must refuse, name the file, and leave the target empty. */
async function expectRefusal(offset: number, named: string | RegExp): Promise<string> {
  const error = await restoreArchive(await corruptCopy(offset), empty, { force: false, journalFiles: [] }).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error, `byte ${offset}`).toBeInstanceOf(ArchiveRejectedError);
  const message = (error as ArchiveRejectedError).message;
  if (typeof named === 'string') expect(message).toContain(named);
  else expect(message).toMatch(named);
  expect(await targetContents(empty)).toEqual({ tables: 0, mediaFiles: 0 });
  return message;
}

describe(`restore of a damaged archive (${engine})`, () => {
  it('refuses one corrupted byte inside every entry, naming the entry and what it held', async () => {
    expect(layout.map((e) => e.name)).toEqual(expect.arrayContaining(['manifest.json', 'manifest.sha256']));
    for (const entry of layout) {
      const message = await expectRefusal(entry.data + Math.floor(entry.size / 2), entry.name);
      if (entry.name.startsWith('database/')) expect(message).toContain('(the database)');
      if (entry.name.startsWith('media/') && entry.size === 3000) expect(message).toContain('STHSM/public/Images/sports.jpg');
    }
  });

  it('refuses a corrupted byte in a header, in padding, or in the end marker', async () => {
    const media = layout.find((e) => e.name.startsWith('media/'))!;
    await expectRefusal(media.header + 130, media.name); // its size field
    await expectRefusal(media.header + 20, /fails its checksum/); // its name field
    const last = layout.at(-1)!;
    await expectRefusal(last.data + last.size + 3, `after the entry ${last.name}`); // padding after the checksum line
    const end = last.data + Math.ceil(last.size / 512) * 512;
    await expectRefusal(end + 700, last.name); // the second end block
  });

  it('npm run restore exits 1, names the damaged file and says nothing was restored', async () => {
    const media = layout.find((e) => e.name.startsWith('media/') && e.size === 3000)!;
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      DATA_DIR: empty.dataDir,
      DATABASE_URL: empty.databaseUrl,
      LOG_LEVEL: 'silent',
      BACKUP_DIR: path.join(empty.dataDir, 'backups'),
    };
    const run = await promisify(execFile)(process.execPath, ['api/src/backup/cli.ts', 'restore', await corruptCopy(media.data + 10)], {
      cwd: REPO,
      env,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => err,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `Refused: The archive cannot be restored: ${media.name} (media file STHSM/public/Images/sports.jpg) is damaged`,
    );
    expect(run.stderr).toContain('Nothing was restored.');
    expect(await targetContents(empty)).toEqual({ tables: 0, mediaFiles: 0 });
  });

  it('restores the undamaged archive into the same target (the checks are not refusing everything)', async () => {
    const report = await restoreArchive(archive, empty, { force: false, journalFiles: [] });
    expect(report.mediaFiles).toBe(2);
    expect(report.tables.news).toBe(1);
  });
});
