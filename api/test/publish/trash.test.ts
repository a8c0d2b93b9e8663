import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention } from '../../src/privacy/retention.ts';
import { createSchool } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { as, auditActions, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { publicValues, storeValidFiles, VALID } from './publish-helpers.ts';

// Recently deleted content (docs/decisions/0123) through the staff API on both engines: a deleted
// item leaves the public site at once and waits 30 days in the trash; bringing it back restores the
// same id, fields and status as the next version, audited; another school never sees our trash;
// a contributor neither deletes nor brings back a published item.

let t: TestApp;
let clock = NOW;
let editor: Signed;
let contributor: Signed;
let otherContributor: Signed;
let otherAdmin: Signed;

beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  await storeValidFiles(t.config.mediaRoot);
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  contributor = await signIn(t.app, await createStaff(t.db, { role: 'contributor' }));
  otherContributor = await signIn(t.app, await createStaff(t.db, { role: 'contributor' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
});
afterAll(() => t.close());

const base = '/api/admin/STHSM/content/news';
const trash = '/api/admin/STHSM/content-trash/news';

async function create(who: Signed, body: Record<string, unknown>) {
  const res = await as(t.app, who)('POST', base, { ...VALID.news, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().item as { id: string; version: number };
}

describe(`recently deleted content (${engine})`, () => {
  it('deletes a published item into the trash and brings it back published, same id and fields', async () => {
    const item = await create(editor, { title: 'Sports day moved', intent: 'publish' });
    expect(await publicValues(t.app, 'news')).toContain('Sports day moved');

    const deleted = await as(t.app, editor)('DELETE', `${base}/${item.id}?version=1`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true, title: 'Sports day moved' });
    expect(await publicValues(t.app, 'news')).not.toContain('Sports day moved');
    expect((await as(t.app, editor)('GET', `${base}/${item.id}`)).statusCode).toBe(404);
    // Nor does the list of items show it.
    expect((await as(t.app, editor)('GET', base)).json().items.map((i: { id: string }) => i.id)).not.toContain(item.id);

    const listed = await as(t.app, editor)('GET', trash);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().keptDays).toBe(30);
    expect(listed.json().items).toContainEqual(
      expect.objectContaining({
        id: item.id,
        title: 'Sports day moved',
        status: 'published',
        deletedAt: clock.toISOString(),
        keptUntil: new Date(clock.getTime() + 30 * 86_400_000).toISOString(),
      }),
    );

    const restored = await as(t.app, editor)('POST', `${trash}/${item.id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().item).toMatchObject({
      id: item.id,
      status: 'published',
      version: 3,
      fields: expect.objectContaining({ title: 'Sports day moved', description: VALID.news.description }),
    });
    expect(await publicValues(t.app, 'news')).toContain('Sports day moved');
    expect((await as(t.app, editor)('GET', trash)).json().items.map((i: { id: string }) => i.id)).not.toContain(item.id);
    // A second restore finds nothing.
    expect((await as(t.app, editor)('POST', `${trash}/${item.id}/restore`, {})).statusCode).toBe(404);

    // The history is kept: created, deleted, brought back.
    const versions = (await as(t.app, editor)('GET', `${base}/${item.id}/versions`)).json().versions as Array<{
      action: string;
      version: number;
    }>;
    expect(versions.map((v) => [v.version, v.action])).toEqual([
      [3, 'undeleted'],
      [2, 'deleted'],
      [1, 'created'],
    ]);
    const actions = await auditActions(t.db, 'STHSM');
    expect(actions).toEqual(expect.arrayContaining(['content.deleted', 'content.undeleted']));
    // Saving it again works on the restored version.
    const saved = await as(t.app, editor)('PUT', `${base}/${item.id}`, { ...VALID.news, title: 'Sports day moved again', version: 3 });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("another school's administrator can neither list nor bring back our deleted items", async () => {
    const item = await create(editor, { title: 'Ours only', intent: 'publish' });
    expect((await as(t.app, editor)('DELETE', `${base}/${item.id}`)).statusCode).toBe(200);
    expect((await as(t.app, otherAdmin)('GET', trash)).statusCode).toBe(403);
    expect((await as(t.app, otherAdmin)('POST', `${trash}/${item.id}/restore`)).statusCode).toBe(403);
    // Through their own school's address it is not there either.
    const theirs = await as(t.app, otherAdmin)('GET', '/api/admin/OTHER/content-trash/news');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().items).toEqual([]);
    expect((await as(t.app, otherAdmin)('POST', `/api/admin/OTHER/content-trash/news/${item.id}/restore`)).statusCode).toBe(404);
    expect(await publicValues(t.app, 'news')).not.toContain('Ours only');
    // Without the CSRF token nothing is restored.
    const forged = await as(t.app, editor)('POST', `${trash}/${item.id}/restore`, {}, { 'x-csrf-token': 'forged' });
    expect(forged.statusCode).toBe(403);
    expect(await publicValues(t.app, 'news')).not.toContain('Ours only');
    // Signed out: 401.
    expect((await as(t.app, null)('GET', trash)).statusCode).toBe(401);
  });

  it('a contributor deletes and brings back their own draft, never a published item or a colleague’s', async () => {
    const own = await create(contributor, { title: 'My own draft' });
    expect((await as(t.app, otherContributor)('DELETE', `${base}/${own.id}`)).statusCode).toBe(403);
    expect((await as(t.app, contributor)('DELETE', `${base}/${own.id}`)).statusCode).toBe(200);
    // Another contributor neither sees nor restores it.
    expect((await as(t.app, otherContributor)('GET', trash)).json().items.map((i: { id: string }) => i.id)).not.toContain(own.id);
    expect((await as(t.app, otherContributor)('POST', `${trash}/${own.id}/restore`)).statusCode).toBe(403);
    expect((await as(t.app, contributor)('GET', trash)).json().items.map((i: { id: string }) => i.id)).toContain(own.id);
    expect((await as(t.app, contributor)('POST', `${trash}/${own.id}/restore`)).json().item).toMatchObject({ id: own.id, status: 'draft' });

    // Published by an editor: the contributor can neither delete it nor bring it back once deleted.
    const published = await as(t.app, editor)('POST', `${base}/${own.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect((await as(t.app, contributor)('DELETE', `${base}/${own.id}`)).statusCode).toBe(403);
    expect((await as(t.app, editor)('DELETE', `${base}/${own.id}`)).statusCode).toBe(200);
    expect((await as(t.app, contributor)('GET', trash)).json().items.map((i: { id: string }) => i.id)).not.toContain(own.id);
    expect((await as(t.app, contributor)('POST', `${trash}/${own.id}/restore`)).statusCode).toBe(403);
    expect(await publicValues(t.app, 'news')).not.toContain('My own draft');
  });

  it('refuses an unknown type', async () => {
    expect((await as(t.app, editor)('GET', '/api/admin/STHSM/content-trash/nonsense')).statusCode).toBe(404);
  });
  // Last: it moves the clock a month on, past every session above.
  it('brings a draft back as a draft, and forgets items deleted more than 30 days ago', async () => {
    const item = await create(editor, { title: 'Old draft' });
    expect((await as(t.app, editor)('DELETE', `${base}/${item.id}`)).statusCode).toBe(200);
    const back = await as(t.app, editor)('POST', `${trash}/${item.id}/restore`);
    expect(back.json().item).toMatchObject({ id: item.id, status: 'draft' });
    expect(await publicValues(t.app, 'news')).not.toContain('Old draft');

    expect((await as(t.app, editor)('DELETE', `${base}/${item.id}`)).statusCode).toBe(200);
    const start = clock;
    try {
      clock = new Date(start.getTime() + 31 * 86_400_000);
      // Sessions end after 7 days: a fresh one, a month later.
      const later = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
      expect((await as(t.app, later)('GET', trash)).json().items.map((i: { id: string }) => i.id)).not.toContain(item.id);
      expect((await as(t.app, later)('POST', `${trash}/${item.id}/restore`)).statusCode).toBe(404);
      // Listing only reads; the hourly retention run removes the entry itself.
      expect(await t.db.selectFrom('content_trash').select('id').where('item_id', '=', item.id).execute()).toHaveLength(1);
      await runRetention({ db: t.db, backupDir: t.config.backupDir, now: () => clock });
      expect(await t.db.selectFrom('content_trash').select('id').where('item_id', '=', item.id).execute()).toEqual([]);
    } finally {
      clock = start;
    }
  });
});
