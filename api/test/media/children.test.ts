import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepHiddenVariants } from '../../src/media/consent-variants.ts';
import { LIBRARY_FORMATS, LIBRARY_WIDTHS, mediaStores, variantFile } from '../../src/media/library.ts';
import { variantWorkers } from '../../src/media/variant-worker.ts';
import { createSchool } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { recordChild } from '../staff/children-support.ts';
import { as, createStaff, ORIGIN, signIn, type Signed } from '../staff/staff-helpers.ts';
import { finish, pdfBytes, phoneJpeg, tusUpload, upload } from './media-helpers.ts';

// Photos tagged with children (issue 16 item 1–2, docs/decisions/0057) through real routes on both
// engines, caches on: the attacks first; publishing an album with a photo of a child without photo
// consent is refused naming the child and the photo; withdrawal and an end date (clock pinned) take
// the photo out of every public album answer and stop serving its file in every size, and its
// made copies are deleted; renewed consent brings it back and has the copies made again.

let t: TestApp;
let editor: Signed;
let contributor: Signed;
let otherSchool: Signed;
let clock = NOW;

type Item = { id: string; ref: string; name: string; version: number };

beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  contributor = await signIn(t.app, await createStaff(t.db, { role: 'contributor' }));
  otherSchool = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
});
afterAll(() => t.close());

const api = (who: Signed) => as(t.app, who);

/** A library photo with alt text, its variants made. */
async function photo(name: string, colour: string): Promise<Item> {
  const res = await upload(t.app, editor, await phoneJpeg(640, 480, colour), name);
  expect(res.statusCode, res.body).toBe(201);
  const item = res.json().item as Item;
  const alt = await api(editor)('PATCH', `/api/admin/media/${item.id}`, { alt: `Sports day: ${name}`, version: item.version });
  expect(alt.statusCode, alt.body).toBe(200);
  await variantWorkers.get(t.app)?.idle();
  return alt.json().item as Item;
}

const tag = (who: Signed, item: Item, children: string[]) => api(who)('PUT', `/api/admin/media/${item.id}/children`, { children });

async function publishedAlbum(title: string, refs: string[]) {
  return api(editor)('POST', '/api/admin/STHSM/content/albums', {
    title,
    description: 'Races and prizes.',
    category: 'PhotoGallery',
    date: '2025-08-01',
    attachments: refs,
    intent: 'publish',
  });
}

/** What the public sees of a photo: in the album answer, in the album list, and its file (original and a width). */
async function publicly(albumId: string, ref: string) {
  const album = (await t.app.inject({ url: `/api/subGallery?id=${albumId}` })).json() as {
    attachments: string[];
    photos?: Array<{ ref: string }>;
  };
  const list = (await t.app.inject({ url: '/api/gallery/all/STHSM' })).json() as Array<{ _id: string; attachments: string[] }>;
  const original = await t.app.inject({ url: `/api/image/${ref}` });
  const small = await t.app.inject({ url: `/api/image/${ref}?w=320`, headers: { accept: 'image/avif,image/webp,*/*' } });
  return {
    inAlbum: album.attachments.includes(ref),
    inPhotos: (album.photos ?? []).some((p) => p.ref === ref),
    inList: list.find((a) => a._id === albumId)?.attachments.includes(ref) ?? false,
    original: original.statusCode,
    small: small.statusCode,
  };
}

const SHOWN = { inAlbum: true, inPhotos: true, inList: true, original: 200, small: 200 };
const HIDDEN = { inAlbum: false, inPhotos: false, inList: false, original: 404, small: 404 };

async function variantsMade(ref: string): Promise<number> {
  const { media } = mediaStores(t.config);
  let made = 0;
  for (const w of LIBRARY_WIDTHS) for (const f of LIBRARY_FORMATS) if (await media.stat(variantFile(ref, w, f))) made++;
  return made;
}

describe(`tagging photos with children is the school's staff's alone (${engine})`, () => {
  let item: Item;
  let child: { id: string };
  beforeAll(async () => {
    item = await photo('Relay.jpg', '#225588');
    child = await recordChild(t.app, editor, { photos: {} }, { name: 'Kavya Rao', class: 'IV-B' });
  });

  it('refuses signed out (401), without the CSRF token or from another origin (403), and changes nothing', async () => {
    const url = `/api/admin/media/${item.id}/children`;
    const payload = { children: [child.id] };
    expect((await t.app.inject({ method: 'PUT', url, payload, headers: { origin: ORIGIN } })).statusCode).toBe(401);
    const noToken = await t.app.inject({ method: 'PUT', url, payload, headers: { origin: ORIGIN, cookie: editor.cookie } });
    expect(noToken.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'PUT',
      url,
      payload,
      headers: { origin: 'https://evil.example', cookie: editor.cookie, 'x-csrf-token': editor.csrf },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await api(editor)('GET', `/api/admin/media/${item.id}`)).json().children).toEqual([]);
  });

  it("refuses another school's staff (403: not a member of this school) and another school's child", async () => {
    expect((await tag(otherSchool, item, [child.id])).statusCode).toBe(403);
    const theirs = await recordChild(t.app, otherSchool, { photos: {} }, { name: 'Dev Iyer', class: 'II-A' }, 'OTHER');
    const refused = await tag(editor, item, [theirs.id]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/consent register/);
    expect((await api(editor)('GET', `/api/admin/media/${item.id}`)).json().children).toEqual([]);
  });

  it("refuses a contributor on someone else's photo, and a PDF", async () => {
    expect((await tag(contributor, item, [child.id])).statusCode).toBe(403);
    const pdf = (await upload(t.app, editor, pdfBytes('syllabus'), 'Syllabus.pdf', 'application/pdf')).json().item as Item;
    const res = await tag(editor, pdf, [child.id]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Only photos can show children.');
  });

  it('tags and untags, audited by count without the child\u2019s name', async () => {
    const res = await tag(editor, item, [child.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().children).toEqual([{ id: child.id, name: 'Kavya Rao', class: 'IV-B', photosConsent: true }]);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'media.children_tagged').execute();
    expect(audit.length).toBe(1);
    expect(JSON.stringify(audit)).not.toContain('Kavya');
    expect((await tag(editor, item, [])).json().children).toEqual([]);
  });
});

describe(`an album photo showing a child needs photo consent (${engine})`, () => {
  let item: Item;
  let child: { id: string };
  let albumId: string;
  let madeAtUpload = 0;

  beforeAll(async () => {
    item = await photo('Prize giving.jpg', '#882255');
    madeAtUpload = await variantsMade(item.ref);
    expect(madeAtUpload).toBeGreaterThan(0);
    child = await recordChild(t.app, editor, { results: {} }, { name: 'Nikhil Verma', class: 'VI-A' });
    expect((await tag(editor, item, [child.id])).json().children[0].photosConsent).toBe(false);
  });

  it('refuses to publish the album, naming the child and the photo; publishes once consent is recorded', async () => {
    // A draft saved first, then published through its form (PUT with the version) and its Publish action.
    const draft = await api(editor)('POST', '/api/admin/STHSM/content/albums', {
      title: 'Prize giving draft',
      description: 'Prizes.',
      category: 'PhotoGallery',
      date: '2025-08-01',
      attachments: [item.ref],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const saved = draft.json().item as { id: string; version: number; fields: Record<string, unknown> };
    const viaForm = await api(editor)('PUT', `/api/admin/STHSM/content/albums/${saved.id}`, {
      title: 'Prize giving draft',
      description: 'Prizes.',
      category: 'PhotoGallery',
      date: '2025-08-01',
      attachments: item.ref,
      intent: 'publish',
      version: String(saved.version),
    });
    expect(viaForm.statusCode, viaForm.body).toBe(422);
    expect(viaForm.json().error).toContain('Nikhil Verma (VI-A) in Prize giving.jpg');
    const viaAction = await api(editor)('POST', `/api/admin/STHSM/content/albums/${saved.id}/publish`, { version: saved.version });
    expect(viaAction.statusCode, viaAction.body).toBe(422);

    const refused = await publishedAlbum('Prize giving', [item.ref]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(
      'These photos show children without current guardian consent for “Photos on the site”: Nikhil Verma (VI-A) in Prize giving.jpg. Record the consent under Children, untag the child, or remove the photo. Nothing was published.',
    );
    // Tagged without consent, the photo is not served and has no made copies.
    expect((await t.app.inject({ url: `/api/image/${item.ref}` })).statusCode).toBe(404);
    expect(await variantsMade(item.ref)).toBe(0);

    const consent = await api(editor)('PUT', `/api/admin/STHSM/children/${child.id}`, {
      name: 'Nikhil Verma',
      class: 'VI-A',
      photosGivenOn: '2025-08-01',
      photosEndsOn: '2026-03-31',
    });
    expect(consent.statusCode, consent.body).toBe(200);
    await variantWorkers.get(t.app)?.idle();
    expect(await variantsMade(item.ref)).toBeGreaterThan(0);
    const published = await publishedAlbum('Prize giving', [item.ref]);
    expect(published.statusCode, published.body).toBe(201);
    albumId = published.json().item.id;
    expect(await publicly(albumId, item.ref)).toEqual(SHOWN);
  });

  it('withdrawal takes the photo out of every public answer at once, stops its file in every size and deletes its copies', async () => {
    const res = await api(editor)('POST', `/api/admin/STHSM/children/${child.id}/withdraw`, { purpose: 'photos' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await publicly(albumId, item.ref)).toEqual(HIDDEN);
    expect(await variantsMade(item.ref)).toBe(0);
    const audit = await t.db.selectFrom('audit_log').select('after').where('action', '=', 'consent.withdrawn').execute();
    expect(audit.map((a) => JSON.parse(String(a.after)))).toContainEqual({ purposes: ['photos'], photos: 1 });
    // The album stays published for staff; the other photos (none here) still show.
    expect((await t.app.inject({ url: `/api/subGallery?id=${albumId}` })).statusCode).toBe(200);
  });

  it('renewed consent brings the photo back and has its copies made again', async () => {
    await api(editor)('PUT', `/api/admin/STHSM/children/${child.id}`, {
      name: 'Nikhil Verma',
      class: 'VI-A',
      photosGivenOn: '2025-08-14',
      photosEndsOn: '2026-03-31',
    });
    expect(await publicly(albumId, item.ref)).toEqual(SHOWN);
    await variantWorkers.get(t.app)?.idle();
    expect(await variantsMade(item.ref)).toBe(madeAtUpload);
  });
});

describe(`a photo consent's end date hides the photo with no job (${engine})`, () => {
  it('at the end date the photo leaves the album and its file; the hourly sweep deletes its copies', async () => {
    const item = await photo('Annual day.jpg', '#557722');
    const child = await recordChild(
      t.app,
      editor,
      { photos: { givenOn: '2025-06-01', endsOn: '2025-09-30' } },
      { name: 'Ira Menon', class: 'III-C' },
    );
    await tag(editor, item, [child.id]);
    const published = await publishedAlbum('Annual day', [item.ref]);
    expect(published.statusCode, published.body).toBe(201);
    const albumId = published.json().item.id as string;
    expect(await publicly(albumId, item.ref)).toEqual(SHOWN);

    clock = new Date('2025-10-01T10:00:00.000Z');
    try {
      expect(await publicly(albumId, item.ref)).toEqual(HIDDEN);
      expect(await variantsMade(item.ref)).toBeGreaterThan(0);
      expect(await sweepHiddenVariants(t.db, t.config, clock)).toBeGreaterThanOrEqual(1);
      expect(await variantsMade(item.ref)).toBe(0);
    } finally {
      clock = NOW;
    }
  });
});

describe(`a photo uploaded straight into an album is a version of the album (${engine})`, () => {
  it('keeps the addition in the album\u2019s history', async () => {
    const draft = await api(editor)('POST', '/api/admin/STHSM/content/albums', {
      title: 'Science fair',
      description: 'Projects.',
      category: 'PhotoGallery',
      date: '2025-08-02',
      attachments: [],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const albumId = draft.json().item.id as string;
    const id = await tusUpload(t.app, editor, await phoneJpeg(320, 240, '#335577'), 'Volcano.jpg');
    const res = await finish(t.app, editor, id, {}, { album: albumId });
    expect(res.statusCode, res.body).toBe(201);
    const ref = res.json().item.ref as string;
    const versions = (await api(editor)('GET', `/api/admin/STHSM/content/albums/${albumId}/versions`)).json().versions as Array<{
      version: number;
      action: string;
      snapshot: { fields: { attachments: string[] } };
    }>;
    expect(versions.map((v) => [v.version, v.action])).toEqual([
      [2, 'photo_added'],
      [1, 'created'],
    ]);
    expect(versions[0]?.snapshot.fields.attachments).toEqual([ref]);
    const item = (await api(editor)('GET', `/api/admin/STHSM/content/albums/${albumId}`)).json().item as { version: number };
    expect(item.version).toBe(2);
  });
});
