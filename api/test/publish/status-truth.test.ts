import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALBUM_WITHOUT_DATE } from '../../src/content/not-shown.ts';
import { ALBUM_NEEDS_DATE } from '../../src/content/publish-checks.ts';
import { createAlbum, createSchool } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { recordChild } from '../staff/children-support.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { VALID } from './publish-helpers.ts';

// A status that tells the truth (issue 30, item 10), on both engines through real HTTP: a Published
// topper whose child's consent was withdrawn is listed and opened with why it is not on the website;
// an album goes live only with its Date, and one already live without a date says where it is missing.

let t: TestApp;
let editor: Signed;

beforeAll(async () => {
  t = await startTestApp({}, () => NOW);
  await createSchool(t.db, { code: 'STHSM' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
});
afterAll(() => t.close());

const content = (type: string) => `/api/admin/STHSM/content/${type}`;
interface Row {
  id: string;
  displayStatus: string;
  notShown?: { short: string; message: string } | null;
}
const listed = async (type: string, id: string) =>
  ((await as(t.app, editor)('GET', `${content(type)}?pageSize=100`)).json().items as Row[]).find((i) => i.id === id);

describe(`status that tells the truth (${engine})`, () => {
  it('a published topper whose consent was withdrawn is "Published · Hidden: no guardian consent", and says why when opened', async () => {
    const child = await recordChild(t.app, editor, { results: {} }, { name: 'Nilima Rao', class: 'X-A' });
    const made = await as(t.app, editor)('POST', content('toppers'), { ...VALID.toppers, child: child.id, intent: 'publish' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().item.id as string;
    expect(await listed('toppers', id)).toMatchObject({ displayStatus: 'published', notShown: null });

    const withdrawn = await as(t.app, editor)('POST', `/api/admin/STHSM/children/${child.id}/withdraw`, { purpose: 'all' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const row = await listed('toppers', id);
    expect(row?.displayStatus).toBe('published');
    expect(row?.notShown?.short).toBe('Hidden: no guardian consent');
    const opened = (await as(t.app, editor)('GET', `${content('toppers')}/${id}`)).json().item as Row;
    expect(opened.notShown?.message).toContain('no current guardian consent for “Results on the site”');
  });

  it('an album is not published without its Date (400 under Date, nothing saved); a draft may lack it', async () => {
    const body = { ...VALID.albums, date: '', attachments: [] };
    const refused = await as(t.app, editor)('POST', content('albums'), { ...body, intent: 'publish' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.date).toBe(ALBUM_NEEDS_DATE);
    const draft = await as(t.app, editor)('POST', content('albums'), body);
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().item.id as string;
    const publish = await as(t.app, editor)('POST', `${content('albums')}/${id}/publish`, { version: 1 });
    expect(publish.statusCode).toBe(400);
    expect(publish.json().errors.date).toBe(ALBUM_NEEDS_DATE);
    expect(await listed('albums', id)).toMatchObject({ displayStatus: 'draft', notShown: null });
  });

  it('an album already live without a date (moved in that way) says it is missing from the gallery’s year view', async () => {
    const album = await createAlbum(t.db, { title: 'Moved in without a date', date: null, updatedOn: null });
    const row = await listed('albums', album._id);
    expect(row?.displayStatus).toBe('published');
    expect(row?.notShown).toEqual(ALBUM_WITHOUT_DATE);
  });
});
