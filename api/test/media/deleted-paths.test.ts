import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantWorkers } from '../../src/media/variant-worker.ts';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { phoneJpeg, upload } from './media-helpers.ts';
import { expectServed, hiddenPathLinks, storedPhoto, type StoredPhoto } from './hidden-support.ts';

// A deleted library file is gone by every path form (docs/decisions/0113), on both engines, even
// when its bytes are still in the store: a removal that failed after the row was deleted, a
// variant the worker finished writing after the delete, or a restore from an older backup.

let t: TestApp;
let editor: Signed;
let photo: StoredPhoto;
let id: string;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  const res = await upload(t.app, editor, await phoneJpeg(640, 480, '#aa5522'), 'Old sports day.jpg');
  expect(res.statusCode, res.body).toBe(201);
  id = res.json().item.id;
  photo = await storedPhoto(t.db, res.json().item.ref, 'seedfile0003');
  await hiddenPathLinks(t.config.mediaRoot, photo);
  await variantWorkers.get(t.app)?.idle();
}, 60_000);
afterAll(() => t.close());

describe(`a deleted library file (${engine})`, () => {
  it('serves by every form before it is deleted', async () => {
    await expectServed(t.app, photo, true);
  });

  it('answers 404 to every form once deleted, with its original and variants still in the store', async () => {
    const kept = await mkdtemp(path.join(tmpdir(), 'sthsm-kept-'));
    try {
      const folders = [path.dirname(photo.path), `library-variants/${photo.ref}`];
      for (const folder of folders) await cp(path.join(t.config.mediaRoot, folder), path.join(kept, folder), { recursive: true });
      const deleted = await as(t.app, editor)('DELETE', `/api/admin/media/${id}`);
      expect(deleted.statusCode, deleted.body).toBe(204);
      for (const folder of folders) await cp(path.join(kept, folder), path.join(t.config.mediaRoot, folder), { recursive: true });
      await expectServed(t.app, photo, false);
    } finally {
      await rm(kept, { recursive: true, force: true });
    }
  });
});
