import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, createSchoolPage } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { VALID } from '../publish/publish-helpers.ts';
import { recordChild } from '../staff/children-support.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { pdfBytes, phoneJpeg, upload } from './media-helpers.ts';

// What a contributor may change of their own library files (STAFF.md: contributors edit their own
// drafts; editors publish): everything while a file is used only in drafts, nothing once it is in
// published content — a published or scheduled item of any type, an information page, settings —
// since the change would show on the site at once; and never untagging a child, which can make a
// photo hidden for consent public again. Adding a child hides the photo, so contributors may.
// Through real routes on both engines.

let t: TestApp;
let editor: Signed;
let contributor: Signed;
let colours = 0;

type Item = { id: string; ref: string; name: string; version: number; caption: string; alt: string };

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: 'STHSM' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  contributor = await signIn(t.app, await createStaff(t.db, { role: 'contributor' }));
});
afterAll(() => t.close());

const api = (who: Signed) => as(t.app, who);
const content = (type: string) => `/api/admin/STHSM/content/${type}`;

const EDITOR_MUST = /^An editor or administrator must make this change: this file is used in published content \(.+\)\.$/;
const UNTAG_EDITORS = 'Only an editor or administrator can untag a child: untagging can put the photo on the website.';

/** A contributor's own photo, with alt text. */
async function contributorsPhoto(name: string): Promise<Item> {
  colours++;
  const res = await upload(t.app, contributor, await phoneJpeg(320, 240, `#${(0x203040 + colours * 0x0a0703).toString(16)}`), name);
  expect(res.statusCode, res.body).toBe(201);
  const item = res.json().item as Item;
  const alt = await api(contributor)('PATCH', `/api/admin/media/${item.id}`, { alt: `Alt of ${name}`, version: item.version });
  expect(alt.statusCode, alt.body).toBe(200);
  return alt.json().item as Item;
}

async function publishedAlbum(title: string, refs: string[]): Promise<string> {
  const res = await api(editor)('POST', content('albums'), { ...VALID.albums, title, attachments: refs, intent: 'publish' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().item.id as string;
}

const current = async (item: Item) => (await api(editor)('GET', `/api/admin/media/${item.id}`)).json().item as Item;
const publicPhoto = async (albumId: string, ref: string) =>
  ((await t.app.inject({ url: `/api/subGallery?id=${albumId}` })).json().photos as Array<{ ref: string; caption: string }>).find(
    (p) => p.ref === ref,
  );
const tag = (who: Signed, item: Item, children: string[]) => api(who)('PUT', `/api/admin/media/${item.id}/children`, { children });

/** The syllabus page's content linking `file`. */
const syllabus = (file: string) => ({
  description: 'The syllabus.',
  lead: 'Download it.',
  documents: [{ label: 'Nursery', title: 'Syllabus, Nursery', file, summary: 'Rhymes and numbers.' }],
  note: 'Books are listed in each PDF.',
});

describe(`a contributor keeps full control of files used only in their own drafts (${engine})`, () => {
  it('changes alt text and caption of a photo in their own draft album, and tags a child in it', async () => {
    const photo = await contributorsPhoto('Draft photo.jpg');
    const draft = await api(contributor)('POST', content('albums'), { ...VALID.albums, title: 'My draft', attachments: [photo.ref] });
    expect(draft.statusCode, draft.body).toBe(201);
    const saved = await api(contributor)('PATCH', `/api/admin/media/${photo.id}`, { caption: 'Relay', version: photo.version });
    expect(saved.statusCode, saved.body).toBe(200);
    const child = await recordChild(t.app, editor, { photos: {} }, { name: 'Anu Das', class: 'III-A' });
    expect((await tag(contributor, photo, [child.id])).statusCode).toBe(200);
    const read = await api(contributor)('GET', `/api/admin/media/${photo.id}`);
    expect(read.json().permissions).toEqual({ editWords: true, tag: true, untag: false, delete: false, reason: null });
  });
});

describe(`once a file is in published content, a contributor's change is refused (${engine})`, () => {
  it('refuses alt text and caption of a photo in a published album (403, one and in bulk); the public album keeps its words; an editor may', async () => {
    const photo = await contributorsPhoto('Published photo.jpg');
    const albumId = await publishedAlbum('Sports day', [photo.ref]);

    const one = await api(contributor)('PATCH', `/api/admin/media/${photo.id}`, { caption: 'Changed', version: photo.version });
    expect(one.statusCode).toBe(403);
    expect(one.json().error).toMatch(EDITOR_MUST);
    expect(one.json().error).toContain('album “Sports day”');
    const bulk = await api(contributor)('PATCH', '/api/admin/media', { items: [{ id: photo.id, alt: 'Changed' }] });
    expect(bulk.statusCode).toBe(403);
    expect(bulk.json().error).toMatch(/^An editor or administrator must make this change: .+\. Nothing was saved\.$/);
    expect(await current(photo)).toMatchObject({ alt: photo.alt, caption: '', version: photo.version });
    expect((await publicPhoto(albumId, photo.ref))?.caption).toBe('');

    const read = await api(contributor)('GET', `/api/admin/media/${photo.id}`);
    expect(read.json().permissions).toMatchObject({ editWords: false, tag: true, untag: false, delete: false });
    expect(read.json().permissions.reason).toMatch(EDITOR_MUST);

    const byEditor = await api(editor)('PATCH', `/api/admin/media/${photo.id}`, { caption: 'Finish line', version: photo.version });
    expect(byEditor.statusCode, byEditor.body).toBe(200);
    expect((await publicPhoto(albumId, photo.ref))?.caption).toBe('Finish line');
    expect((await api(editor)('GET', `/api/admin/media/${photo.id}`)).json().permissions).toEqual({
      editWords: true,
      tag: true,
      untag: true,
      delete: true,
      reason: null,
    });
  });

  it('refuses it for a scheduled item of another type (news, published later)', async () => {
    const photo = await contributorsPhoto('Scheduled photo.jpg');
    const news = await api(editor)('POST', content('news'), {
      ...VALID.news,
      title: 'Prize day',
      attachments: [photo.ref],
      intent: 'publish',
      publishAt: '2030-01-01T10:00',
    });
    expect(news.statusCode, news.body).toBe(201);
    expect(news.json().item.displayStatus).toBe('scheduled');
    const res = await api(contributor)('PATCH', `/api/admin/media/${photo.id}`, { alt: 'Changed', version: photo.version });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(EDITOR_MUST);
  });

  it('refuses it for a PDF linked from an information page', async () => {
    const res = await upload(t.app, contributor, pdfBytes('nursery syllabus'), 'Syllabus.pdf', 'application/pdf');
    expect(res.statusCode, res.body).toBe(201);
    const pdf = res.json().item as Item;
    await createSchoolPage(t.db, 'STHSM', 'syllabus', syllabus('STHSM/public/Images/s.pdf'));
    const saved = await api(editor)('PUT', '/api/admin/STHSM/pages/syllabus', {
      content: syllabus(pdf.ref),
      version: 1,
      intent: 'publish',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await api(contributor)('PATCH', `/api/admin/media/${pdf.id}`, { caption: 'Changed', version: pdf.version });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(EDITOR_MUST);
  });
});

describe(`untagging a child is for editors and administrators (${engine})`, () => {
  it('refuses a contributor any list that drops a tagged child (403), so a photo hidden for consent stays hidden; adding a child is allowed', async () => {
    const photo = await contributorsPhoto('Hidden photo.jpg');
    const withoutConsent = await recordChild(t.app, editor, { results: {} }, { name: 'Nikhil Verma', class: 'VI-A' });
    const another = await recordChild(t.app, editor, { photos: {} }, { name: 'Ira Menon', class: 'III-C' });
    expect((await tag(editor, photo, [withoutConsent.id])).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/image/${photo.ref}` })).statusCode).toBe(404);

    for (const children of [[], [another.id]]) {
      const res = await tag(contributor, photo, children);
      expect(res.statusCode, JSON.stringify(children)).toBe(403);
      expect(res.json().error).toBe(UNTAG_EDITORS);
    }
    expect((await t.app.inject({ url: `/api/image/${photo.ref}` })).statusCode).toBe(404);
    const tagged = (await api(editor)('GET', `/api/admin/media/${photo.id}`)).json().children as Array<{ id: string }>;
    expect(tagged.map((c) => c.id)).toEqual([withoutConsent.id]);

    const added = await tag(contributor, photo, [withoutConsent.id, another.id]);
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json().children as Array<{ id: string }>).map((c) => c.id).toSorted()).toEqual(
      [withoutConsent.id, another.id].toSorted(),
    );

    // An editor may untag.
    const untagged = await tag(editor, photo, [another.id]);
    expect(untagged.statusCode, untagged.body).toBe(200);
    expect((await t.app.inject({ url: `/api/image/${photo.ref}` })).statusCode).toBe(200);
  });
});
