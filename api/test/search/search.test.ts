import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { SearchAnswer } from '@sthsm/contract/search';
import { createAlbum, createSchool, createSchoolPage, createVideo } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { recordChild } from '../staff/children-support.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { VALID } from '../publish/publish-helpers.ts';
import { prepareSearch } from '../../src/search/prepare.ts';
import { reindexSchool, SEARCH_INDEX_VERSION } from '../../src/search/entries.ts';
import { insertMedia, updateMedia } from '../../src/repositories/media.ts';
import { setChildrenInPhoto } from '../../src/repositories/media-children.ts';
import { syllabusPage } from './search-support.ts';

// Search (issue 36, docs/search.md) on both engines through real HTTP: English, Hindi and Bengali
// words find what the public may see now and nothing else (drafts, scheduled, expired, another
// school's, a topper without consent); an unpublish, a deletion or a withdrawn consent takes a
// result away at once; title matches come first, then the most recent; words are marked; a
// misspelt Latin word is offered its nearest spelling; the index is rebuilt when it is behind.

let t: TestApp;
let editor: Signed;
let clock = NOW;

beforeAll(async () => {
  // Far more searches than a minute's limit run here from one address: the limit has its own test below.
  t = await startTestApp({ SEARCH_RATE_LIMIT_PER_MINUTE: '100000' }, () => clock);
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
});
afterAll(() => t.close());

const content = (type: string, school = 'STHSM') => `/api/admin/${school}/content/${type}`;
const search = async (q: string, extra = '', school = 'STHSM') => {
  const res = await t.app.inject({ url: `/api/search/${school}?q=${encodeURIComponent(q)}${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchAnswer;
};
const titles = async (q: string, extra = '') => (await search(q, extra)).results.map((r) => r.title);
const found = async (q: string) => (await search(q)).results.map((r) => [r.kind, r.path]);
async function publish(type: string, fields: Record<string, unknown>, more: Record<string, unknown> = {}) {
  const res = await as(t.app, editor)('POST', content(type), {
    ...VALID[type as keyof typeof VALID],
    ...fields,
    intent: 'publish',
    ...more,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().item as { id: string; version: number };
}

describe(`search (${engine})`, () => {
  it('finds English, Hindi and Bengali words in titles and texts, and only what the public sees now', async () => {
    await publish('news', {
      title: 'Annual examination schedule',
      description: '<p>The <strong>examination</strong> timetable for classes VI to XII.</p>',
    });
    await publish('news', { title: 'वार्षिक परीक्षा की समय-सारणी', description: '<p>कक्षा छह से बारह तक की परीक्षा दस मार्च से शुरू होगी।</p>' });
    await publish('news', { title: 'বার্ষিক ক্রীড়া প্রতিযোগিতা', description: '<p>স্কুলের মাঠে সকাল নয়টায় শুরু।</p>' });
    // Not public now: a draft, a scheduled item, an expired one; and another school's.
    const draft = await as(t.app, editor)('POST', content('news'), { ...VALID.news, title: 'Draft examination notes' });
    expect(draft.statusCode).toBe(201);
    await publish('news', { title: 'Scheduled examination results' }, { publishAt: '2025-08-20T10:00' });
    await publish('news', { title: 'Expired examination circular' }, { publishAt: '2025-08-01T10:00', unpublishAt: '2025-08-10T10:00' });
    const otherEditor = await signIn(t.app, await createStaff(t.db, { role: 'editor', school: 'OTHER' }));
    const other = await as(t.app, otherEditor)('POST', content('news', 'OTHER'), {
      ...VALID.news,
      title: 'Other school examination',
      intent: 'publish',
    });
    expect(other.statusCode, other.body).toBe(201);

    expect(await titles('examination')).toEqual(['Annual examination schedule']);
    expect(await titles('EXAMINATION schedule')).toEqual(['Annual examination schedule']);
    expect(await titles('परीक्षा')).toEqual(['वार्षिक परीक्षा की समय-सारणी']);
    // A word found only in the text, with its vowel signs and virama as written.
    expect(await titles('शुरू')).toEqual(['वार्षिक परीक्षा की समय-सारणी']);
    expect(await titles('ক্রীড়া')).toEqual(['বার্ষিক ক্রীড়া প্রতিযোগিতা']);
    expect(await titles('মাঠে')).toEqual(['বার্ষিক ক্রীড়া প্রতিযোগিতা']);
    // Every word must be there.
    expect(await titles('परीक्षा ক্রীড়া')).toEqual([]);
    // The other school finds its own item and not ours.
    const theirs = await search('examination', '', 'OTHER');
    expect(theirs.results.map((r) => r.title)).toEqual(['Other school examination']);

    // The scheduled one shows at its time; the expired one never again.
    clock = new Date('2025-08-20T04:30:00.000Z');
    try {
      expect(await titles('examination')).toEqual(['Annual examination schedule', 'Scheduled examination results']);
    } finally {
      clock = NOW;
    }
  });

  it('marks the words in the title and a snippet of the text, and links to the item', async () => {
    const item = await publish('news', {
      title: 'Library week',
      description: `<p>${'Reading is a habit we build every day in every class. '.repeat(8)}This year the library opens a new corner for comics and graphic novels.</p>`,
    });
    const answer = await search('graphic novels');
    expect(answer.total).toBe(1);
    const [r] = answer.results;
    expect(r).toMatchObject({ kind: 'news', id: item.id, title: 'Library week', path: `/news/item?id=${item.id}`, titleMatch: false });
    expect(r?.snippet.filter((s) => s.mark).map((s) => s.text)).toEqual(['graphic', 'novels']);
    expect(r?.snippet[0]?.text).toBe('…');
    const text = r?.snippet.map((s) => s.text).join('') ?? '';
    expect(text.length).toBeLessThanOrEqual(205);
    expect(text).not.toContain('<');
    const titled = await search('LIBRARY');
    expect(titled.results[0]?.titleParts).toEqual([
      { text: 'Library', mark: true },
      { text: ' week', mark: false },
    ]);
  });

  it('takes a text with a word longer than any index keeps (a pasted run of 3,000 letters) and still finds it', async () => {
    await publish('news', { title: 'Pasted circular', description: `<p>${'क'.repeat(3000)} ${'abc'.repeat(1000)}</p>` });
    expect(await titles('ककक')).toEqual(['Pasted circular']);
    expect(await titles('abcabc')).toEqual(['Pasted circular']);
  });

  it('puts title matches first, then the most recent', async () => {
    await publish('news', { title: 'Cricket practice', date: '2025-08-01', description: 'Nets after school.' });
    await publish('news', { title: 'Sports news', date: '2025-08-12', description: 'Cricket and football trials.' });
    await publish('news', { title: 'Cricket final', date: '2025-07-01', description: 'Under-14 final.' });
    await publish('news', { title: 'House meeting', date: '2025-08-13', description: 'Cricket captains chosen.' });
    expect(await titles('cricket')).toEqual(['Cricket practice', 'Cricket final', 'House meeting', 'Sports news']);
  });

  it('finds events, notices, announcements, albums with their captions, videos, toppers, pages and syllabus documents', async () => {
    const event = await publish('events', { title: 'Inter-house quiz', images: [], description: 'Held in the auditorium.' });
    await publish('notifications', { title: 'Uniform reminder', description: 'Winter uniform from Monday.', url: '/news' });
    await publish('announcements', { description: 'Holiday on account of Durga Puja.' });
    const album = await createAlbum(t.db, { title: 'Nature walk', attachments: [] });
    await createVideo(t.db, { title: 'Choir performance', videoUrl: 'https://www.youtube.com/embed/xyz' });
    await publish('toppers', { name: 'Kavya Iyer', class: 'X' });
    await createSchoolPage(t.db, 'STHSM', 'syllabus', syllabusPage());

    expect(await found('auditorium')).toEqual([['events', `/Events/item?id=${event.id}`]]);
    expect(await found('winter uniform')).toEqual([['notifications', '/news']]);
    expect(await found('durga')).toEqual([['announcements', '/']]);
    expect(await found('nature walk')).toEqual([['albums', `/SubGallery?id=${album._id}`]]);
    expect(await found('choir')).toEqual([['videos', 'https://www.youtube.com/embed/xyz']]);
    expect(await found('kavya')).toEqual([['toppers', '/Toppers?q=Kavya%20Iyer']]);
    expect(await found('photosynthesis')).toEqual([['syllabus', '/syllabus']]);
    expect(await found('middle school syllabus')).toEqual([['syllabus', '/syllabus']]);
    expect(await found('printed copy')).toEqual([['pages', '/syllabus']]);
  });

  it('takes a result away at once when it is unpublished, deleted, or its child’s consent is withdrawn', async () => {
    const item = await publish('news', { title: 'Debate competition' });
    expect(await titles('debate')).toEqual(['Debate competition']);
    const off = await as(t.app, editor)('POST', `${content('news')}/${item.id}/unpublish`, {});
    expect(off.statusCode, off.body).toBe(200);
    expect(await titles('debate')).toEqual([]);

    const gone = await publish('news', { title: 'Chess club' });
    expect(await titles('chess')).toEqual(['Chess club']);
    const del = await as(t.app, editor)('DELETE', `${content('news')}/${gone.id}?version=${gone.version}`);
    expect(del.statusCode, del.body).toBeLessThan(300);
    expect(await titles('chess')).toEqual([]);

    const child = await recordChild(t.app, editor, { results: {} }, { name: 'Ishaan Roy', class: 'X' });
    await publish('toppers', { name: 'Ishaan Roy', class: 'X', child: child.id });
    expect(await titles('ishaan')).toEqual(['Ishaan Roy']);
    const withdrawn = await as(t.app, editor)('POST', `/api/admin/STHSM/children/${child.id}/withdraw`, { purpose: 'all' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await titles('ishaan')).toEqual([]);
  });

  it('offers the nearest spelling of a misspelt word, only when it finds something', async () => {
    await publish('news', { title: 'Science exhibition winners' });
    const answer = await search('exhibtion');
    expect(answer.total).toBe(0);
    expect(answer.suggestions).toEqual(['exhibition']);
    expect((await search('zzqxv')).suggestions).toEqual([]);
    expect((await search('परीक्षाा')).suggestions).toEqual([]);
  });

  it('pages by ten and refuses an empty or too long query with a message, and an unknown school', async () => {
    for (let i = 1; i <= 12; i++) await publish('news', { title: `Bulletin number ${i}`, date: `2025-06-${String(i).padStart(2, '0')}` });
    const first = await search('bulletin');
    expect(first.total).toBe(12);
    expect(first.results).toHaveLength(10);
    const second = await search('bulletin', '&page=2');
    expect(second.results.map((r) => r.title)).toEqual(['Bulletin number 2', 'Bulletin number 1']);
    const empty = await t.app.inject({ url: '/api/search/STHSM?q=%20%20' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'Type a word to search for.', errors: { q: 'Type a word to search for.' } });
    const long = await t.app.inject({ url: `/api/search/STHSM?q=${'a'.repeat(101)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.q).toBe('Search for at most 100 characters.');
    expect((await t.app.inject({ url: '/api/search/STHSM' })).json().errors.q).toBe('Type a word to search for.');
    expect((await t.app.inject({ url: '/api/search/STHSM?q=x&page=0' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/search/NOPE?q=x' })).statusCode).toBe(404);
  });

  it("finds an album by its photos' captions, but never by the caption of a photo that shows a named child", async () => {
    const photo = async (n: number, caption: string) => {
      const ref = `/library/STHSM/aa/${String(n).repeat(64)}.jpg`;
      const id = `photo${n}`;
      await insertMedia(t.db, {
        school: 'STHSM',
        id,
        ref,
        path: `library/STHSM/aa/${String(n).repeat(64)}.jpg`,
        kind: 'image',
        contentType: 'image/jpeg',
        name: `photo-${n}.jpg`,
        bytes: 100,
        width: 800,
        height: 600,
        camera: null,
        createdBy: 'test',
        at: '2025-08-01T00:00:00.000Z',
      });
      expect(await updateMedia(t.db, 'STHSM', id, { caption }, undefined, '2025-08-01T00:00:00.000Z')).toBeDefined();
      return ref;
    };
    const kite = await photo(1, 'Kite flying on the terrace');
    const relay = await photo(2, 'Relay race finish');
    const album = await createAlbum(t.db, { title: 'Winter carnival', attachments: [kite, relay] });
    expect((await search('kite')).results.map((r) => r.id)).toEqual([album._id]);
    expect((await search('relay')).results.map((r) => r.id)).toEqual([album._id]);
    // A caption edited later is found by its new words.
    await updateMedia(t.db, 'STHSM', 'photo1', { caption: 'Kites and paper lanterns' }, undefined, '2025-08-02T00:00:00.000Z');
    expect((await search('lanterns')).results.map((r) => r.id)).toEqual([album._id]);
    // Tagging a child in the relay photo takes its caption out of search, consent or not.
    const child = await recordChild(t.app, editor, { photos: {} }, { name: 'Tara Sen', class: 'VII' });
    await setChildrenInPhoto(t.db, 'STHSM', relay, [child.id], '2025-08-03T00:00:00.000Z', null);
    expect((await search('relay')).results).toEqual([]);
    expect((await search('carnival')).results.map((r) => r.id)).toEqual([album._id]);
  });

  it('searches the staff lists the same way, drafts included', async () => {
    const draft = await as(t.app, editor)('POST', content('news'), { ...VALID.news, title: 'विज्ञान प्रदर्शनी की तैयारी' });
    expect(draft.statusCode).toBe(201);
    const list = await as(t.app, editor)('GET', `${content('news')}?q=${encodeURIComponent('प्रदर्शनी')}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([draft.json().item.id]);
    // Words in any order, found in the text as well as the title.
    const both = await as(t.app, editor)('GET', `${content('news')}?q=${encodeURIComponent('football cricket')}`);
    expect(both.json().items.map((i: { fields: { title: string } }) => i.fields.title)).toEqual(['Sports news']);
    expect((await search('प्रदर्शनी')).results).toEqual([]);
  });

  it('holds, after every write above, exactly what a rebuild from the content makes', async () => {
    const snapshot = async () =>
      (
        await t.db
          .selectFrom('search_entries')
          .innerJoin('search_texts', 'search_texts.id', 'search_entries.id')
          .select([
            'school_code',
            'lang',
            'kind',
            'item_id',
            'title',
            'body',
            'folded',
            'folded_title',
            'path',
            'date',
            'status',
            'publish_at',
            'unpublish_at',
            'shown_from',
            'shown_until',
            'child_id',
            'consent_purpose',
          ])
          .execute()
      )
        .map((r) => JSON.stringify(r))
        .toSorted();
    const incremental = await snapshot();
    expect(incremental.length).toBeGreaterThan(30);
    // SQLite: the FTS5 index holds exactly the texts' words (it throws when it does not).
    if (engine === 'sqlite') await sql`insert into search_fts(search_fts, rank) values ('integrity-check', 1)`.execute(t.db);
    for (const code of ['STHSM', 'OTHER']) await t.db.transaction().execute((trx) => reindexSchool(trx, code));
    expect(await snapshot()).toEqual(incremental);
  });

  it('rebuilds a school whose entries an older builder made', async () => {
    await publish('news', { title: 'Rebuilt gardening club' });
    await t.db.deleteFrom('search_entries').where('school_code', '=', 'STHSM').execute();
    await t.db
      .updateTable('search_state')
      .set({ built_version: SEARCH_INDEX_VERSION - 1 })
      .where('school_code', '=', 'STHSM')
      .execute();
    expect(await titles('gardening')).toEqual([]);
    // Three servers starting together (three connections here): each school is rebuilt once, none fails.
    await Promise.all([prepareSearch(t.db), prepareSearch(t.db), prepareSearch(t.db)]);
    expect(await titles('gardening')).toEqual(['Rebuilt gardening club']);
    const built = await t.db.selectFrom('search_state').select(['school_code', 'built_version']).orderBy('school_code').execute();
    expect(built.map((b) => [b.school_code, Number(b.built_version)])).toEqual([
      ['OTHER', SEARCH_INDEX_VERSION],
      ['STHSM', SEARCH_INDEX_VERSION],
    ]);
  });
});

describe(`search's per-address limit (${engine})`, () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ SEARCH_RATE_LIMIT_PER_MINUTE: '3' });
    await createSchool(limited.db, { code: 'STHSM' });
  });
  afterAll(() => limited.close());

  const from = (ip: string) => limited.app.inject({ url: '/api/search/STHSM?q=exam', remoteAddress: ip });

  it('answers 429 with Retry-After past SEARCH_RATE_LIMIT_PER_MINUTE from one address, and serves another', async () => {
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.7')).statusCode).toBe(200);
    const refused = await from('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.8')).statusCode).toBe(200);
  });
});
