import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepHiddenVariants } from '../../src/media/consent-variants.ts';
import { variantWorkers } from '../../src/media/variant-worker.ts';
import { createSchool } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { recordChild } from '../staff/children-support.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { phoneJpeg, upload } from './media-helpers.ts';
import { expectServed, FORMS, hiddenPathLinks, storedPhoto, type StoredPhoto } from './hidden-support.ts';

// One decision for every path form of a library photo (docs/decisions/0057, 0113), on both
// engines: a photo tagged with a child whose photo consent is not in effect is 404 by its file id,
// its storage path in any spelling, its made variants' paths and a seed-style file id, with ?w=,
// ?variant=og, HEAD and Range alike; while consent is in effect every form serves; an untagged
// photo keeps serving. The end date is used to hide it, so its made variants are still on disk
// (the hourly sweep has not run) and only the decision at serve time stands between them and a visitor.

let t: TestApp;
let editor: Signed;
let clock = NOW;
let tagged: StoredPhoto;
let untagged: StoredPhoto;
const AFTER_END = new Date('2025-10-01T10:00:00.000Z');

beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  const child = await recordChild(
    t.app,
    editor,
    { photos: { givenOn: '2025-06-01', endsOn: '2025-09-30' } },
    { name: 'Ira Menon', class: 'III-C' },
  );
  const mine = await upload(t.app, editor, await phoneJpeg(640, 480, '#225588'), 'Relay.jpg');
  expect(mine.statusCode, mine.body).toBe(201);
  tagged = await storedPhoto(t.db, mine.json().item.ref, 'seedfile0001');
  const res = await as(t.app, editor)('PUT', `/api/admin/media/${mine.json().item.id}/children`, { children: [child.id] });
  expect(res.json().children[0].photosConsent).toBe(true);
  await hiddenPathLinks(t.config.mediaRoot, tagged);
  const plain = await upload(t.app, editor, await phoneJpeg(640, 480, '#558822'), 'Garden.jpg');
  expect(plain.statusCode, plain.body).toBe(201);
  untagged = await storedPhoto(t.db, plain.json().item.ref, 'seedfile0002');
  await variantWorkers.get(t.app)?.idle();
}, 60_000);
afterAll(() => t.close());

describe(`every path form of a library photo is one decision (${engine})`, () => {
  it('serves every form, resized, as a share preview, HEAD and Range, while the tagged child has photo consent', async () => {
    await expectServed(t.app, tagged, true);
  });

  it('answers 404 to every form once the consent has ended, though the made variants are still stored', async () => {
    clock = AFTER_END;
    try {
      await expectServed(t.app, tagged, false);
    } finally {
      clock = NOW;
    }
  });

  it('keeps serving an untagged photo by its own forms meanwhile', async () => {
    clock = AFTER_END;
    try {
      await expectServed(
        t.app,
        untagged,
        true,
        FORMS.filter((f) => !f.alias),
      );
    } finally {
      clock = NOW;
    }
  });

  it('answers 404 to every form after the sweep too, and to spellings that name no stored file', async () => {
    clock = AFTER_END;
    try {
      expect(await sweepHiddenVariants(t.db, t.config, clock)).toBe(1);
      await expectServed(t.app, tagged, false);
    } finally {
      clock = NOW;
    }
    const [, school, xx, file] = tagged.path.split('/') as [string, string, string, string];
    for (const url of [
      `library/${school.toLowerCase()}/${xx}/${file}`,
      `library/${school}/${xx.toUpperCase()}/${file.toUpperCase()}`,
      `library/${school}/${xx}/${file}.0a1b2c3d4e5f.partial`,
      `library-variants/${tagged.ref}/321.webp`,
      `library-variants/${tagged.ref.toUpperCase()}/320.webp`,
    ]) {
      expect((await t.app.inject({ url: `/api/image/${url}` })).statusCode, url).toBe(404);
    }
    // Empty segments are no reference at all.
    expect((await t.app.inject({ url: `/api/image/library//${school}/${xx}/${file}` })).statusCode).toBe(400);
  });
});
