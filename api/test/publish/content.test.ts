import { CONTENT_TYPES, type ContentType } from '@sthsm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { as, auditActions, createStaff, signIn, type Signed, type StaffPerson } from '../staff/staff-helpers.ts';
import { publicValues, storeValidFiles, VALID } from './publish-helpers.ts';

// The staff content API through real HTTP on both engines (api-sqlite, api-postgres): drafts stay
// off the public API, publishing shows, unpublishing and deleting hide; the publish window with a
// pinned clock; roles; version conflicts; history, diff and restore; every write audited.

let t: TestApp;
let clock = NOW;
let editor: Signed;
let otherEditor: Signed;
let contributor: Signed;
let contributorPerson: StaffPerson;
let otherContributor: Signed;

beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  await storeValidFiles(t.config.mediaRoot);
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  otherEditor = await signIn(t.app, await createStaff(t.db, { role: 'admin' }));
  contributorPerson = await createStaff(t.db, { role: 'contributor' });
  contributor = await signIn(t.app, contributorPerson);
  otherContributor = await signIn(t.app, await createStaff(t.db, { role: 'contributor' }));
});
afterAll(() => t.close());

const base = (type: string) => `/api/admin/STHSM/content/${type}`;

async function create(who: Signed, type: ContentType, body: Record<string, unknown> = {}) {
  const res = await as(t.app, who)('POST', base(type), { ...VALID[type], ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().item as { id: string; version: number; status: string; displayStatus: string; fields: Record<string, unknown> };
}

describe(`the staff content API (${engine})`, () => {
  it.each(CONTENT_TYPES)('%s: a draft is not public; published it is; unpublished and deleted it is gone', async (type) => {
    const key = {
      news: 'title',
      announcements: 'description',
      events: 'title',
      albums: 'title',
      videos: 'title',
      toppers: 'name',
      birthdays: 'name',
      notifications: 'title',
      'principal-message': 'message',
    }[type];
    const value = VALID[type][key];
    const draft = await create(editor, type);
    expect(draft).toMatchObject({ status: 'draft', displayStatus: 'draft', version: 1 });
    expect(await publicValues(t.app, type)).not.toContain(value);

    const published = await as(t.app, editor)('POST', `${base(type)}/${draft.id}/publish`, { version: 1 });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().item).toMatchObject({ status: 'published', displayStatus: 'published', version: 2 });
    expect(await publicValues(t.app, type)).toContain(value);
    // Another school's public list never shows it.
    expect(await publicValues(t.app, type, 'OTHER')).not.toContain(value);

    const unpublished = await as(t.app, editor)('POST', `${base(type)}/${draft.id}/unpublish`, {});
    expect(unpublished.json().item).toMatchObject({ status: 'draft', version: 3 });
    expect(await publicValues(t.app, type)).not.toContain(value);

    // Without a body (a plain button post).
    expect((await as(t.app, editor)('POST', `${base(type)}/${draft.id}/publish`)).statusCode).toBe(200);
    expect(await publicValues(t.app, type)).toContain(value);
    const deleted = await as(t.app, editor)('DELETE', `${base(type)}/${draft.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await publicValues(t.app, type)).not.toContain(value);
    expect((await as(t.app, editor)('GET', `${base(type)}/${draft.id}`)).statusCode).toBe(404);
  });

  it('shows news with its version and updatedAt in the public JSON', async () => {
    const item = await create(editor, 'news', { title: 'Versioned news', intent: 'publish' });
    const news = (await t.app.inject({ url: '/api/news/STHSM' })).json() as Array<Record<string, unknown>>;
    expect(news.find((n) => n._id === item.id)).toMatchObject({ title: 'Versioned news', version: 1, updatedAt: NOW.toISOString() });
  });

  it('takes Publish at and Unpublish at in the school time zone and filters by the window with the clock', async () => {
    const res = await as(t.app, editor)('POST', base('news'), {
      ...VALID.news,
      title: 'Scheduled news',
      intent: 'publish',
      publishAt: '2025-08-14T12:00',
      unpublishAt: '2025-08-14T15:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().item;
    // Asia/Kolkata is UTC+5:30.
    expect(item).toMatchObject({
      publishAt: '2025-08-14T06:30:00.000Z',
      unpublishAt: '2025-08-14T09:30:00.000Z',
      publishAtLocal: '2025-08-14T12:00',
      unpublishAtLocal: '2025-08-14T15:00',
      displayStatus: 'scheduled',
    });
    try {
      expect(await publicValues(t.app, 'news')).not.toContain('Scheduled news');
      clock = new Date('2025-08-14T06:29:59.999Z');
      expect(await publicValues(t.app, 'news')).not.toContain('Scheduled news');
      clock = new Date('2025-08-14T06:30:00.000Z');
      expect(await publicValues(t.app, 'news')).toContain('Scheduled news');
      expect((await as(t.app, editor)('GET', `${base('news')}/${item.id}`)).json().item.displayStatus).toBe('published');
      clock = new Date('2025-08-14T09:30:00.000Z');
      expect(await publicValues(t.app, 'news')).not.toContain('Scheduled news');
      expect((await as(t.app, editor)('GET', `${base('news')}/${item.id}`)).json().item.displayStatus).toBe('expired');
      const expired = await as(t.app, editor)('GET', `${base('news')}?status=expired`);
      expect(expired.json().items.map((i: { id: string }) => i.id)).toContain(item.id);
    } finally {
      clock = NOW;
    }
  });

  it('refuses bad input with a message under each field, keeps what was sent, and writes nothing', async () => {
    const before = await auditActions(t.db, 'STHSM');
    const res = await as(t.app, editor)('POST', base('toppers'), {
      name: ' ',
      class: 'XI',
      division: 'ninety',
      sessionYear: '2024-2026',
      publishAt: '2025-08-20T10:00',
      unpublishAt: '2025-08-19T10:00',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Some fields need attention. Nothing was saved.',
      errors: {
        name: 'Name is required.',
        class: 'Class must be X or XII.',
        division: 'Percentage must be a number from 0 to 100, like 96.4.',
        sessionYear: 'Session year must be two consecutive years, like 2024-2025.',
        unpublishAt: 'Unpublish at must be after Publish at.',
      },
      submitted: expect.objectContaining({ division: 'ninety', class: 'XI' }),
    });
    expect((await as(t.app, editor)('POST', base('news'), { title: 'x', date: '2025-02-30' })).json().errors).toEqual({
      date: 'Date must be a date like 2025-08-14.',
    });
    expect((await as(t.app, editor)('POST', base('nonsense'), { title: 'x' })).statusCode).toBe(404);
    expect(await auditActions(t.db, 'STHSM')).toEqual(before);
  });

  it('accepts a plain form post (no JavaScript): file references one per line', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: base('albums'),
      headers: {
        origin: 'http://localhost:80',
        cookie: editor.cookie,
        'x-csrf-token': editor.csrf,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        title: 'Form album',
        description: '',
        date: '',
        attachments: 'STHSM/public/Images/p1.jpg\r\nSTHSM/public/Images/p2.jpg\n',
        intent: 'draft',
      }).toString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().item.fields).toMatchObject({
      title: 'Form album',
      date: null,
      category: 'PhotoGallery',
      attachments: ['STHSM/public/Images/p1.jpg', 'STHSM/public/Images/p2.jpg'],
    });
  });

  it('lists with search, status and year filters and pages', async () => {
    for (const [title, date] of [
      ['Alpha term news', '2024-05-01'],
      ['Beta term news', '2024-06-01'],
      ['Gamma term news', '2023-06-01'],
    ] as const) {
      await create(editor, 'news', { title, date, intent: 'publish' });
    }
    await create(editor, 'news', { title: 'Delta term draft', date: '2024-07-01' });
    const list = (q: string) => as(t.app, editor)('GET', `${base('news')}?${q}`).then((r) => r.json());
    expect((await list('q=TERM')).total).toBe(4);
    expect((await list('q=term&year=2024')).items.map((i: { fields: { title: string } }) => i.fields.title).toSorted()).toEqual([
      'Alpha term news',
      'Beta term news',
      'Delta term draft',
    ]);
    expect((await list('q=term&status=draft')).items.map((i: { fields: { title: string } }) => i.fields.title)).toEqual([
      'Delta term draft',
    ]);
    const page2 = await list('q=term&pageSize=3&page=2');
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.items).toHaveLength(1);
    expect((await list('q=100%25_')).total).toBe(0);
    expect((await list('')).years).toEqual(expect.arrayContaining(['2024', '2023']));
    expect((await as(t.app, editor)('GET', `${base('news')}?status=bogus`)).statusCode).toBe(400);
  });

  it('contributors create and edit their own drafts and submit them; they cannot publish, unpublish or delete published items', async () => {
    const own = await create(contributor, 'news', { title: 'Contributor draft' });
    expect((await as(t.app, contributor)('POST', base('news'), { ...VALID.news, intent: 'publish' })).statusCode).toBe(403);
    expect((await as(t.app, contributor)('POST', `${base('news')}/${own.id}/publish`, {})).json()).toEqual({
      error: 'Contributors cannot publish. Submit it for review instead.',
    });
    expect(
      (await as(t.app, contributor)('PUT', `${base('news')}/${own.id}`, { ...VALID.news, title: 'x', version: 1, intent: 'publish' }))
        .statusCode,
    ).toBe(403);
    // Another contributor cannot touch it.
    expect((await as(t.app, otherContributor)('PUT', `${base('news')}/${own.id}`, { ...VALID.news, version: 1 })).statusCode).toBe(403);
    expect((await as(t.app, otherContributor)('DELETE', `${base('news')}/${own.id}`)).statusCode).toBe(403);

    const edited = await as(t.app, contributor)('PUT', `${base('news')}/${own.id}`, {
      ...VALID.news,
      title: 'Contributor draft, edited',
      version: 1,
    });
    expect(edited.json().item).toMatchObject({ status: 'draft', version: 2 });
    const submitted = await as(t.app, contributor)('POST', `${base('news')}/${own.id}/submit`, { version: 2 });
    expect(submitted.json().item).toMatchObject({ status: 'review', displayStatus: 'review', version: 3 });
    expect(await publicValues(t.app, 'news')).not.toContain('Contributor draft, edited');

    // The editor returns it with a comment, the contributor fixes and resubmits, the editor publishes.
    expect((await as(t.app, editor)('POST', `${base('news')}/${own.id}/return`, {})).json().errors).toEqual({
      comment: 'Say what needs changing.',
    });
    const returned = await as(t.app, editor)('POST', `${base('news')}/${own.id}/return`, { comment: 'Add the date, please.' });
    expect(returned.json().item).toMatchObject({ status: 'draft', reviewNote: 'Add the date, please.' });
    await as(t.app, contributor)('POST', `${base('news')}/${own.id}/submit`, {});
    const published = await as(t.app, editor)('POST', `${base('news')}/${own.id}/publish`, {});
    expect(published.json().item).toMatchObject({ status: 'published', reviewNote: null });
    expect(await publicValues(t.app, 'news')).toContain('Contributor draft, edited');

    // Published now: the contributor can no longer change, unpublish or delete it.
    expect((await as(t.app, contributor)('PUT', `${base('news')}/${own.id}`, { ...VALID.news, version: 6 })).statusCode).toBe(403);
    expect((await as(t.app, contributor)('POST', `${base('news')}/${own.id}/unpublish`, {})).statusCode).toBe(403);
    expect((await as(t.app, contributor)('DELETE', `${base('news')}/${own.id}`)).statusCode).toBe(403);
    expect(await publicValues(t.app, 'news')).toContain('Contributor draft, edited');
    // Their own draft they may delete.
    const scrap = await create(contributor, 'news', { title: 'Scrap' });
    expect((await as(t.app, contributor)('DELETE', `${base('news')}/${scrap.id}`)).statusCode).toBe(200);
  });

  it('refuses a stale save with 409 and both texts; nothing is overwritten', async () => {
    const item = await create(editor, 'principal-message', { message: '<p>First text.</p>', intent: 'publish' });
    // Two people open version 1; the first saves.
    const first = await as(t.app, editor)('PUT', `${base('principal-message')}/${item.id}`, {
      message: '<p>Editor one text.</p>',
      version: 1,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await as(t.app, otherEditor)('PUT', `${base('principal-message')}/${item.id}`, {
      message: '<p>Editor two text.</p>',
      attachments: [],
      version: 1,
    });
    expect(second.statusCode).toBe(409);
    const body = second.json();
    expect(body.error).toMatch(/Someone else saved this item/);
    expect(body.current).toMatchObject({ version: 2, fields: { message: '<p>Editor one text.</p>' } });
    expect(body.submitted).toMatchObject({ message: '<p>Editor two text.</p>', version: 1 });
    const stored = (await as(t.app, editor)('GET', `${base('principal-message')}/${item.id}`)).json().item;
    expect(stored.fields.message).toBe('<p>Editor one text.</p>');
    // A save without the version edited is refused too.
    expect((await as(t.app, editor)('PUT', `${base('principal-message')}/${item.id}`, { message: '<p>x</p>' })).json().errors).toEqual({
      version: 'Reload the item: the version you edited is missing.',
    });
    // A stale delete and a stale publish are refused the same way.
    expect((await as(t.app, editor)('DELETE', `${base('principal-message')}/${item.id}?version=1`)).statusCode).toBe(409);
    expect((await as(t.app, editor)('POST', `${base('principal-message')}/${item.id}/unpublish`, { version: 1 })).statusCode).toBe(409);
  });

  it('keeps every version; diffs two; restores one as a new version, audited', async () => {
    const item = await create(editor, 'events', { title: 'Sports meet', description: 'On the main ground.' });
    await as(t.app, editor)('PUT', `${base('events')}/${item.id}`, {
      ...VALID.events,
      title: 'Sports meet 2025',
      description: 'On the new ground.',
      version: 1,
    });
    await as(t.app, editor)('POST', `${base('events')}/${item.id}/publish`, {});
    const versions = (await as(t.app, editor)('GET', `${base('events')}/${item.id}/versions`)).json().versions;
    expect(versions.map((v: { version: number; action: string }) => [v.version, v.action])).toEqual([
      [3, 'published'],
      [2, 'updated'],
      [1, 'created'],
    ]);
    expect(versions[2]).toMatchObject({
      savedBy: expect.any(String),
      savedByEmail: expect.stringContaining('@'),
      savedAt: NOW.toISOString(),
    });
    expect(versions[2].snapshot.fields).toMatchObject({ title: 'Sports meet', description: 'On the main ground.' });

    const diff = (await as(t.app, editor)('GET', `${base('events')}/${item.id}/diff?from=1&to=3`)).json();
    expect(diff.changes.map((c: { field: string }) => c.field).toSorted()).toEqual(['description', 'status', 'title']);
    const description = diff.changes.find((c: { field: string }) => c.field === 'description');
    expect(description).toMatchObject({ before: 'On the main ground.', after: 'On the new ground.' });
    expect(description.parts.filter((p: { removed: boolean }) => p.removed).map((p: { value: string }) => p.value)).toEqual(['main']);
    expect(description.parts.filter((p: { added: boolean }) => p.added).map((p: { value: string }) => p.value)).toEqual(['new']);

    const restored = await as(t.app, editor)('POST', `${base('events')}/${item.id}/versions/1/restore`, { version: 3 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().item).toMatchObject({ version: 4, status: 'published', fields: { title: 'Sports meet' } });
    expect(await publicValues(t.app, 'events')).toContain('Sports meet');
    expect(await publicValues(t.app, 'events')).not.toContain('Sports meet 2025');
    const after = (await as(t.app, editor)('GET', `${base('events')}/${item.id}/versions`)).json().versions;
    expect(after[0]).toMatchObject({ version: 4, action: 'restored' });
    expect(await auditActions(t.db, 'STHSM')).toEqual(
      expect.arrayContaining(['content.created', 'content.updated', 'content.published', 'content.restored']),
    );
  });

  it('audits every write with who, what and the versions', async () => {
    const item = await create(editor, 'videos', { title: 'Audited video' });
    await as(t.app, editor)('POST', `${base('videos')}/${item.id}/publish`, {});
    await as(t.app, editor)('POST', `${base('videos')}/${item.id}/unpublish`, {});
    await as(t.app, editor)('DELETE', `${base('videos')}/${item.id}`);
    const rows = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', 'video: Audited video')
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action).toSorted()).toEqual([
      'content.created',
      'content.deleted',
      'content.published',
      'content.unpublished',
    ]);
    for (const row of rows) expect(row).toMatchObject({ school_code: 'STHSM', actor_email: expect.stringContaining('@'), ip: '10.9.0.2' });
  });

  it('keeps another school\u2019s items out of reach', async () => {
    const item = await create(editor, 'news', { title: 'Ours only' });
    const otherAdmin = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
    expect((await as(t.app, otherAdmin)('GET', `${base('news')}/${item.id}`)).statusCode).toBe(403);
    // Through their own school's path the id does not exist.
    expect((await as(t.app, otherAdmin)('GET', `/api/admin/OTHER/content/news/${item.id}`)).statusCode).toBe(404);
    expect((await as(t.app, otherAdmin)('POST', `/api/admin/OTHER/content/news/${item.id}/publish`, {})).statusCode).toBe(404);
    expect(contributorPerson.email).toContain('@');
  });
});
