import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMediaStore } from '../../src/backup/media-store.ts';
import { restoreArchive } from '../../src/backup/restore.ts';
import { backupSourceFrom, runBackup } from '../../src/backup/run.ts';
import { createMediaFile, createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { captureMedia, differences, freshTarget } from './support.ts';

// Media go into the archive by content: one entry per distinct file, every path mapped to it,
// large files staged on disk rather than in memory, the variant cache left out.

let t: TestApp;
let work: string;
const photo = randomBytes(4096);
const video = randomBytes(17 * 1024 * 1024); // above the in-memory limit

beforeAll(async () => {
  t = await startTestApp();
  work = await mkdtemp(path.join(tmpdir(), 'sthsm-media-'));
  await createSchool(t.db);
  await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/public/Images/photo.jpg', photo, { fileId: 'photo1' });
  await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/public/Images/copy of photo.jpg', photo);
  await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/public/Videos/assembly.mp4', video);
  await createMediaFile(t.db, t.config.cacheDir, 'variants/x/photo-320.webp', Buffer.from('a cached variant'));
});
afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

describe(`media in an archive (${engine})`, () => {
  it('stores each distinct file once, maps every path to it, and restores them all byte for byte', async () => {
    const outcome = await runBackup(backupSourceFrom(t.config, t.db), { dir: work, keep: 1, trigger: 'manual' });
    if (outcome.status !== 'succeeded') throw new Error('backup skipped');
    const media = outcome.manifest.entries.filter((e) => e.name.startsWith('media/'));
    expect(media).toHaveLength(2);
    expect(outcome.manifest.media.files.map((f) => f.path)).toEqual([
      'STHSM/public/Images/copy of photo.jpg',
      'STHSM/public/Images/photo.jpg',
      'STHSM/public/Videos/assembly.mp4',
    ]);
    expect(outcome.manifest.media.totalBytes).toBe(photo.length * 2 + video.length);

    const target = await freshTarget();
    try {
      await restoreArchive(outcome.file, target, { force: false, journalFiles: [] });
      const original = await captureMedia(backupSourceFrom(t.config, t.db).media, t.config.mediaRoot);
      expect(original.size).toBe(3);
      expect(differences(original, await captureMedia(target.media, target.mediaRoot))).toEqual([]);
    } finally {
      await target.cleanup();
    }
  });
});

describe('the local media store', () => {
  it('refuses paths that leave the media folder, by name or through a linked folder', async () => {
    const root = path.join(work, 'store');
    const outside = path.join(work, 'outside');
    await mkdir(path.join(root, 'STHSM'), { recursive: true });
    await mkdir(outside, { recursive: true });
    await symlink(outside, path.join(root, 'STHSM', 'linked'));
    const store = localMediaStore(root);
    for (const bad of ['../x.jpg', 'STHSM/../../x.jpg', '/etc/x', 'a//b', './a', 'a\0b']) {
      await expect(store.write(bad, Readable.from([Buffer.from('x')]))).rejects.toThrow(
        /plain relative media path|leaves the media folder/,
      );
    }
    await expect(store.write('STHSM/linked/x.jpg', Readable.from([Buffer.from('x')]))).rejects.toThrow(/leaves the media folder/);
    expect(await readdir(outside)).toEqual([]);
    await store.write('STHSM/ok.jpg', Readable.from([Buffer.from('fine')]));
    expect(await readFile(path.join(root, 'STHSM', 'ok.jpg'), 'utf8')).toBe('fine');
  });
});
