import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, createSchool, createSchoolProfile } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { insertPublishedTranslation } from '../../src/content/translations.ts';
import { as, createStaff, ORIGIN, signIn, type Signed } from '../staff/staff-helpers.ts';
import { VALID } from './publish-helpers.ts';

// Issue 35: a content item's version in another language has its own status, window and history.
// What every peer with translation gets wrong (Payload #14672, Strapi #24780) is tested both ways:
// publishing the Hindi text of a notice leaves the English item exactly as it was, and publishing,
// editing or unpublishing the English one leaves the Hindi version exactly as it was. The public
// answer asked with ?lang=hi has the Hindi text where it is live and the English elsewhere. Both
// engines, through the HTTP routes.

let t: TestApp;
let editor: Signed;
let contributor: Signed;
let otherAdmin: Signed;
const NEWS = '/api/admin/STHSM/content/news';

beforeAll(async () => {
  t = await startTestApp({}, () => NOW);
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  await createSchoolProfile(t.db, { school: 'STHSM', languages: ['hi'] });
  await createSchoolProfile(t.db, { school: 'OTHER', languages: ['hi'] });
  editor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'editor' }));
  contributor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'contributor' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
});
afterAll(() => t.close());

const HINDI = { title: 'खेल दिवस के परिणाम', description: 'लाल सदन विजयी रहा।' };

async function publishedNews(title: string) {
  const res = await as(t.app, editor)('POST', NEWS, { ...VALID.news, title, intent: 'publish' });
  expect(res.statusCode).toBe(201);
  return res.json().item as { id: string; version: number };
}

type Listed = { _id: string; title: string; description: string; lang?: string };
const publicNews = async (query = '') => (await t.app.inject({ url: `/api/news/STHSM${query}` })).json() as Listed[];
const englishRow = (id: string) => t.db.selectFrom('news').selectAll().where('_id', '=', id).executeTakeFirstOrThrow();
const hindiRow = (id: string) =>
  t.db.selectFrom('content_translations').selectAll().where('item_id', '=', id).where('locale', '=', 'hi').executeTakeFirst();

describe(`versions in other languages (${engine})`, () => {
  it('publishing the Hindi version leaves the English item as it was; the public Hindi list has it, the English list does not', async () => {
    const item = await publishedNews('Sports day results');
    const before = await englishRow(item.id);
    const url = `${NEWS}/${item.id}/translations/hi`;

    const draft = await as(t.app, editor)('PUT', url, { ...HINDI, version: 0 });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().translation).toMatchObject({ status: 'draft', version: 1, fields: HINDI });
    // A draft is nobody's business but the staff's.
    expect((await publicNews('?lang=hi')).find((n) => n._id === item.id)).toMatchObject({ title: 'Sports day results' });
    expect((await publicNews('?lang=hi')).find((n) => n._id === item.id)?.lang).toBeUndefined();

    const published = await as(t.app, editor)('PUT', url, { ...HINDI, version: 1, intent: 'publish' });
    expect(published.statusCode).toBe(200);
    expect(published.json().translation).toMatchObject({ status: 'published', displayStatus: 'published', version: 2 });

    expect(await englishRow(item.id)).toEqual(before);
    expect((await publicNews('?lang=hi')).find((n) => n._id === item.id)).toMatchObject({ ...HINDI, lang: 'hi' });
    const english = (await publicNews()).find((n) => n._id === item.id);
    expect(english).toMatchObject({ title: 'Sports day results', description: VALID.news.description });
    expect(english?.lang).toBeUndefined();
  });

  it('saving, publishing and unpublishing the English item leaves the Hindi version as it was', async () => {
    const item = await publishedNews('Annual day');
    await as(t.app, editor)('PUT', `${NEWS}/${item.id}/translations/hi`, { ...HINDI, version: 0, intent: 'publish' });
    const before = await hindiRow(item.id);

    const edited = await as(t.app, editor)('PUT', `${NEWS}/${item.id}`, { ...VALID.news, title: 'Annual day, corrected', version: 1 });
    expect(edited.statusCode).toBe(200);
    expect(await hindiRow(item.id)).toEqual(before);
    // The Hindi site keeps the Hindi text; the shared fields (the date) are the item's.
    expect((await publicNews('?lang=hi')).find((n) => n._id === item.id)).toMatchObject({ title: HINDI.title, lang: 'hi' });

    const unpublished = await as(t.app, editor)('POST', `${NEWS}/${item.id}/unpublish`, {});
    expect(unpublished.statusCode).toBe(200);
    expect(await hindiRow(item.id)).toEqual(before);
    // Without its item a translation shows nowhere: the item decides whether there is anything to show.
    expect((await publicNews('?lang=hi')).find((n) => n._id === item.id)).toBeUndefined();

    await as(t.app, editor)('POST', `${NEWS}/${item.id}/publish`, {});
    expect(await hindiRow(item.id)).toEqual(before);
    expect((await publicNews('?lang=hi')).find((n) => n._id === item.id)).toMatchObject({ title: HINDI.title, lang: 'hi' });
  });

  it('unpublishing the Hindi version brings back the English text on the Hindi site, and the English item stays', async () => {
    const item = await publishedNews('Library week');
    const url = `${NEWS}/${item.id}/translations/hi`;
    await as(t.app, editor)('PUT', url, { ...HINDI, version: 0, intent: 'publish' });
    const before = await englishRow(item.id);
    const res = await as(t.app, editor)('POST', `${url}/unpublish`, { version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().translation).toMatchObject({ status: 'draft', version: 2 });
    expect(await englishRow(item.id)).toEqual(before);
    const shown = (await publicNews('?lang=hi')).find((n) => n._id === item.id);
    expect(shown).toMatchObject({ title: 'Library week' });
    expect(shown?.lang).toBeUndefined();
  });

  it('says when the English text changed after the Hindi version was saved, and which fields', async () => {
    const item = await publishedNews('Book fair');
    const url = `${NEWS}/${item.id}/translations/hi`;
    await as(t.app, editor)('PUT', url, { ...HINDI, version: 0, intent: 'publish' });
    const languages = async () => (await as(t.app, editor)('GET', `${NEWS}/${item.id}`)).json().item.translations;
    expect(await languages()).toEqual([
      { locale: 'hi', language: 'Hindi', offered: true, displayStatus: 'published', version: 1, englishChanged: false },
    ]);
    // Publishing or unpublishing the English item changes no text: nothing to check.
    await as(t.app, editor)('POST', `${NEWS}/${item.id}/unpublish`, {});
    await as(t.app, editor)('POST', `${NEWS}/${item.id}/publish`, {});
    expect((await as(t.app, editor)('GET', url)).json().englishChanged).toEqual([]);
    await as(t.app, editor)('PUT', `${NEWS}/${item.id}`, { ...VALID.news, title: 'Book fair moved to Friday', version: 3 });
    expect((await languages())[0].englishChanged).toBe(true);
    const page = (await as(t.app, editor)('GET', url)).json();
    expect(page.englishChanged.map((c: { field: string }) => c.field)).toEqual(['title']);
    // Saving the Hindi beside the new English settles it.
    await as(t.app, editor)('PUT', url, { ...HINDI, title: 'पुस्तक मेला शुक्रवार को', version: 1 });
    expect((await languages())[0].englishChanged).toBe(false);
  });

  it('a scheduled Hindi version waits for its own time', async () => {
    const item = await publishedNews('Founders day');
    const res = await as(t.app, editor)('PUT', `${NEWS}/${item.id}/translations/hi`, {
      ...HINDI,
      version: 0,
      intent: 'publish',
      publishAt: '2025-08-20T09:00',
    });
    expect(res.json().translation).toMatchObject({ displayStatus: 'scheduled', publishAtLocal: '2025-08-20T09:00' });
    expect((await publicNews('?lang=hi')).find((n) => n._id === item.id)?.title).toBe('Founders day');
  });

  it('keeps each language’s history apart from the item’s', async () => {
    const item = await publishedNews('Sports meet');
    const url = `${NEWS}/${item.id}/translations/hi`;
    await as(t.app, editor)('PUT', url, { ...HINDI, version: 0 });
    await as(t.app, editor)('PUT', url, { ...HINDI, title: 'खेल प्रतियोगिता', version: 1, intent: 'publish' });
    const page = (await as(t.app, editor)('GET', url)).json();
    const versions = (await as(t.app, editor)('GET', `${url}/versions`)).json().versions as Array<{ action: string }>;
    expect(versions.map((v) => v.action)).toEqual(['published', 'created']);
    expect(page.item.fields).toEqual({ title: 'Sports meet', description: VALID.news.description });
    expect(page.translatable).toEqual(['title', 'description']);
    expect(page.shared).toEqual(['date', 'fromDate', 'attachments']);
    const diff = (await as(t.app, editor)('GET', `${url}/diff?from=1&to=2`)).json().changes as Array<{ field: string }>;
    expect(diff.map((c) => c.field).sort()).toEqual(['status', 'title']);
    // Restoring the first text keeps the language published, as its version 3; the item is untouched.
    const before = await englishRow(item.id);
    const restored = await as(t.app, editor)('POST', `${url}/versions/1/restore`, { version: 2 });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().translation).toMatchObject({ version: 3, status: 'published', fields: HINDI });
    expect(await englishRow(item.id)).toEqual(before);
    const english = (await as(t.app, editor)('GET', `${NEWS}/${item.id}/versions`)).json();
    expect(JSON.stringify(english)).not.toContain('खेल');
  });

  it('a version already there (the seed, an import) shows as imported, and the first save keeps it as version 1', async () => {
    const item = await publishedNews('School reopens');
    await insertPublishedTranslation(t.db, 'STHSM', { type: 'news', id: item.id, locale: 'hi', fields: HINDI }, NOW.toISOString());
    const url = `${NEWS}/${item.id}/translations/hi`;
    const first = (await as(t.app, editor)('GET', `${url}/versions`)).json().versions as Array<{ action: string; version: number }>;
    expect(first.map((v) => [v.version, v.action])).toEqual([[1, 'imported']]);
    const saved = await as(t.app, editor)('PUT', url, { ...HINDI, title: 'विद्यालय फिर से खुला', version: 1 });
    expect(saved.json().translation).toMatchObject({ version: 2, status: 'published' });
    const after = (await as(t.app, editor)('GET', `${url}/versions`)).json().versions as Array<{ action: string; version: number }>;
    expect(after.map((v) => [v.version, v.action])).toEqual([
      [2, 'updated'],
      [1, 'imported'],
    ]);
  });

  it('refuses bad text with every message and writes nothing; a stale version is 409 with both texts', async () => {
    const item = await publishedNews('Science fair');
    const url = `${NEWS}/${item.id}/translations/hi`;
    const bad = await as(t.app, editor)('PUT', url, { title: '', description: HINDI.description, version: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.title).toBeTruthy();
    expect(bad.json().submitted).toMatchObject({ description: HINDI.description });
    expect(await hindiRow(item.id)).toBeUndefined();

    await as(t.app, editor)('PUT', url, { ...HINDI, version: 0 });
    const stale = await as(t.app, editor)('PUT', url, { ...HINDI, title: 'पुराना', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ version: 1, fields: HINDI });
    expect(stale.json().submitted).toMatchObject({ title: 'पुराना' });
  });

  it('a language the school does not offer, and a type without text to translate, are refused', async () => {
    const item = await publishedNews('Exam timetable');
    const off = await as(t.app, editor)('PUT', `${NEWS}/${item.id}/translations/bn`, { ...HINDI, version: 0 });
    expect(off.statusCode).toBe(422);
    expect(off.json().error).toBe("This school's site is not in Bengali. Turn Bengali on in Settings first.");
    const topper = (await as(t.app, editor)('POST', '/api/admin/STHSM/content/toppers', VALID.toppers)).json().item;
    const none = await as(t.app, editor)('GET', `/api/admin/STHSM/content/toppers/${topper.id}/translations/hi`);
    expect(none.statusCode).toBe(404);
  });

  it('contributors write drafts of their own and cannot publish or unpublish', async () => {
    const item = await publishedNews('Parents meeting');
    const url = `${NEWS}/${item.id}/translations/hi`;
    expect((await as(t.app, contributor)('PUT', url, { ...HINDI, version: 0, intent: 'publish' })).statusCode).toBe(403);
    const own = await as(t.app, contributor)('PUT', url, { ...HINDI, version: 0, intent: 'review' });
    expect(own.statusCode).toBe(200);
    expect(own.json().translation.status).toBe('review');
    await as(t.app, editor)('PUT', url, { ...HINDI, version: 1, intent: 'publish' });
    expect((await as(t.app, contributor)('PUT', url, { ...HINDI, version: 2 })).statusCode).toBe(403);
    expect((await as(t.app, contributor)('POST', `${url}/unpublish`, {})).statusCode).toBe(403);
  });

  it("another school's administrator reaches neither the item's translations nor the item through their own school", async () => {
    const item = await publishedNews('Only ours');
    await as(t.app, editor)('PUT', `${NEWS}/${item.id}/translations/hi`, { ...HINDI, version: 0, intent: 'publish' });
    const before = await hindiRow(item.id);
    // Through our school's address: not a member.
    expect((await as(t.app, otherAdmin)('GET', `${NEWS}/${item.id}/translations/hi`)).statusCode).toBe(403);
    expect((await as(t.app, otherAdmin)('PUT', `${NEWS}/${item.id}/translations/hi`, { ...HINDI, version: 1 })).statusCode).toBe(403);
    // Through their own school's address with our item's id: no such item there.
    const own = `/api/admin/OTHER/content/news/${item.id}/translations/hi`;
    expect((await as(t.app, otherAdmin)('GET', own)).statusCode).toBe(404);
    expect((await as(t.app, otherAdmin)('PUT', own, { ...HINDI, title: 'हमारा', version: 1, intent: 'publish' })).statusCode).toBe(404);
    expect((await as(t.app, otherAdmin)('POST', `${own}/unpublish`, {})).statusCode).toBe(404);
    expect(await hindiRow(item.id)).toEqual(before);
    const rows = await t.db.selectFrom('content_translations').select('school_code').where('item_id', '=', item.id).execute();
    expect(rows.map((r) => r.school_code)).toEqual(['STHSM']);
  });

  it('a write without the Origin or the CSRF token is refused', async () => {
    const item = await publishedNews('Holiday list');
    const url = `${NEWS}/${item.id}/translations/hi`;
    const noOrigin = await t.app.inject({
      method: 'PUT',
      url,
      payload: { ...HINDI, version: 0 },
      headers: { cookie: editor.cookie, 'x-csrf-token': editor.csrf },
    });
    expect(noOrigin.statusCode).toBe(403);
    const noToken = await t.app.inject({
      method: 'PUT',
      url,
      payload: { ...HINDI, version: 0 },
      headers: { cookie: editor.cookie, origin: ORIGIN },
    });
    expect(noToken.statusCode).toBe(403);
    expect(await hindiRow(item.id)).toBeUndefined();
  });

  it('an album page and the other lists read ?lang= the same way; an unknown language is 400', async () => {
    const album = { id: (await createAlbum(t.db, { title: 'Investiture ceremony', attachments: ['STHSM/public/Images/p1.jpg'] }))._id };
    await as(t.app, editor)('PUT', `/api/admin/STHSM/content/albums/${album.id}/translations/hi`, {
      title: 'अलंकरण समारोह',
      description: 'चित्र।',
      version: 0,
      intent: 'publish',
    });
    const one = (await t.app.inject({ url: `/api/subGallery?id=${album.id}&lang=hi` })).json();
    expect(one).toMatchObject({ title: 'अलंकरण समारोह', lang: 'hi', attachments: ['STHSM/public/Images/p1.jpg'] });
    const all = (await t.app.inject({ url: '/api/gallery/all/STHSM?lang=hi' })).json() as Listed[];
    expect(all.find((a) => a._id === album.id)).toMatchObject({ title: 'अलंकरण समारोह', lang: 'hi' });
    expect((await t.app.inject({ url: '/api/news/STHSM?lang=xx' })).statusCode).toBe(400);
  });
});
