import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_FORMATS, LIBRARY_WIDTHS, mediaStores, variantFile } from '../../src/media/library.ts';
import { startVariantWorker, variantWorkers } from '../../src/media/variant-worker.ts';
import { createSchool } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { recordChild } from '../staff/children-support.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { upload } from './media-helpers.ts';
import { expectServed, hiddenPathLinks, storedPhoto, type StoredPhoto } from './hidden-support.ts';

// A withdrawal while a photo's variants are being encoded (docs/decisions/0057, 0113), on both
// engines: the withdrawal deletes the variants made so far, the worker goes on writing the rest,
// and when it finishes it finds the photo hidden and deletes them too; none is ever served.

let t: TestApp;
let editor: Signed;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  // The app's own worker is stopped: the test starts one once the photo is tagged.
  await variantWorkers.get(t.app)?.stop();
}, 60_000);
afterAll(() => t.close());

/** A large photo of noise: slow to encode, so the withdrawal lands while its variants are made. */
const noisyJpeg = () =>
  sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 70 })
    .toBuffer();

async function variantsMade(ref: string): Promise<string[]> {
  const { media } = mediaStores(t.config);
  const made: string[] = [];
  for (const w of LIBRARY_WIDTHS) for (const f of LIBRARY_FORMATS) if (await media.stat(variantFile(ref, w, f))) made.push(`${w}.${f}`);
  return made;
}

describe(`a withdrawal while variants are encoded (${engine})`, () => {
  it('leaves no variant stored or served once the worker finishes', async () => {
    const child = await recordChild(t.app, editor, { photos: {} }, { name: 'Kabir Das', class: 'VII-A' });
    const res = await upload(t.app, editor, await noisyJpeg(), 'Assembly.jpg');
    expect(res.statusCode, res.body).toBe(201);
    const tagged = await as(t.app, editor)('PUT', `/api/admin/media/${res.json().item.id}/children`, { children: [child.id] });
    expect(tagged.json().children[0].photosConsent).toBe(true);
    const photo: StoredPhoto = await storedPhoto(t.db, res.json().item.ref, 'seedfile0004');
    await hiddenPathLinks(t.config.mediaRoot, photo);

    const worker = startVariantWorker(t.db, t.config, { log: { warn: () => {} }, pollMs: 20, now: () => NOW });
    try {
      const until = Date.now() + 60_000;
      while ((await variantsMade(photo.ref)).length === 0 && Date.now() < until) await sleep(5);
      expect(await variantsMade(photo.ref)).not.toEqual([]);
      const withdrawn = await as(t.app, editor)('POST', `/api/admin/STHSM/children/${child.id}/withdraw`, { purpose: 'photos' });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      // The race is real: the job was still running when the withdrawal had done its part.
      const job = await t.db.selectFrom('media_jobs').select('state').where('ref', '=', photo.ref).executeTakeFirst();
      expect(job?.state, 'the variants were all made before the withdrawal; use a larger photo').toBe('running');
      await worker.idle();
    } finally {
      await worker.stop();
    }
    expect(await variantsMade(photo.ref)).toEqual([]);
    await expectServed(t.app, photo, false);
  }, 120_000);
});
