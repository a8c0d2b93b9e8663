import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredAdminRoutes } from '../helpers.ts';
import { createNews, createSchool, createSchoolProfile } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { createUpload } from '../media/media-helpers.ts';
import { as, createStaff, ORIGIN, signIn, type Signed, type StaffPerson } from './staff-helpers.ts';

// The access matrix's query-string row (docs/security.md): every /api/admin route, found from the
// routes as registered, acts on the resource its path names — never on one a query string names. Each
// school route is asked by St. Thomas's administrator for the school's own resources (its own upload,
// its own news item, its own staff member), with a query string naming others: another school's news
// item and staff member, a colleague's unfinished upload. Nothing of theirs may change or show, in
// the body or the headers, and no answer is readable by another origin (CORS). Every path is asked
// with HEAD too. Runs on both engines.

let t: TestApp;
let admin: Signed;
let colleague: Signed;
let target: StaffPerson;
let stranger: StaffPerson;
let ownNews = '';
let otherNews = { _id: '', title: '' };
let upload = '';
const SECRET_FILE = 'colleague-secret-scan.jpg';

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  await createSchoolProfile(t.db, { school: 'STHSM' });
  admin = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'admin' }));
  colleague = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'contributor' }));
  target = await createStaff(t.db, { school: 'STHSM', role: 'contributor' });
  stranger = await createStaff(t.db, { school: 'OTHER', role: 'editor', email: 'stranger@other.example' });
  ownNews = (await createNews(t.db, { title: 'Our own news item' }))._id;
  otherNews = await createNews(t.db, { school: 'OTHER', title: 'A news item of another school' });
  const created = await createUpload(t.app, colleague, 64, SECRET_FILE);
  expect(created.res.statusCode).toBe(201);
  upload = created.id;
});
afterAll(() => t.close());

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The route's path on the school's own resources (an upload of the admin's own, made afresh for each request). */
async function ownPath(url: string): Promise<string> {
  const id = url.includes('/uploads/') ? (await createUpload(t.app, admin, 32, 'own.jpg')).id : ownNews;
  return url
    .replace(':code', 'STHSM')
    .replace(':userId', target.id)
    .replace(':token', 'A'.repeat(43))
    .replace(':submissionId', 'f'.repeat(24))
    .replace(':type', 'news')
    .replace(/:id\b/, id)
    .replace(':slug', 'no-such-page')
    .replace(':version', '1')
    .replace(':locale', 'hi');
}

/**
 * Names of real resources the route must not reach, in the spellings a handler might read: as
 * parameters, and as the URL's last `/` segment (what a handler that parses the whole URL takes).
 */
const lure = () =>
  `?id=${otherNews._id}&userId=${stranger.id}&code=OTHER&school=OTHER&next=/api/admin/OTHER/content/news/${otherNews._id}&u=/${stranger.id}&x=/${upload}`;

/** Everything of theirs that a misled route could change. */
async function theirs() {
  const head = await t.app.inject({
    method: 'HEAD',
    url: `/api/admin/media/uploads/${upload}`,
    headers: { origin: ORIGIN, 'tus-resumable': '1.0.0', cookie: colleague.cookie },
  });
  const news = await t.db.selectFrom('news').selectAll().where('_id', '=', otherNews._id).executeTakeFirst();
  const membership = await t.db.selectFrom('staff_memberships').selectAll().where('user_id', '=', stranger.id).execute();
  return { upload: [head.statusCode, head.headers['upload-offset'], head.headers['upload-length']], news, membership };
}

describe('a query string never points a route elsewhere', () => {
  it('every school route acts on its own path and leaves what the query names alone', async () => {
    const before = await theirs();
    expect(before.upload[0]).toBe(200);
    const secrets = [otherNews.title, stranger.email, Buffer.from(SECRET_FILE).toString('base64'), upload];
    const asked = new Set<string>();
    for (const [key, access] of registeredAdminRoutes) {
      if (access?.kind !== 'school') continue;
      const [method, url] = key.split(' ') as [Method, string];
      for (const m of asked.has(url) ? [method] : [method, 'HEAD' as const]) {
        const tus = url.includes('/uploads');
        const body = m === 'GET' || m === 'HEAD' || m === 'DELETE' || tus ? undefined : {};
        // An upload's routes are asked as a tus client asks them (a PATCH of no bytes at offset 0).
        const extra: Record<string, string> = tus
          ? { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }
          : {};
        const res = await as(t.app, admin)(m as 'GET', `${await ownPath(url)}${lure()}`, body, extra);
        const shown = `${JSON.stringify(res.headers)}\n${res.body}`;
        for (const secret of secrets) expect(shown, `${m} ${url} shows ${secret}`).not.toContain(secret);
        // Staff answers are for the site's own pages: none invites another origin to read it.
        expect(res.headers['access-control-allow-origin'], `${m} ${url}`).toBeUndefined();
        expect(await theirs(), `${m} ${url}`).toEqual(before);
      }
      asked.add(url);
    }
    expect(asked.size).toBeGreaterThanOrEqual(30);
  });

  it('no staff answer lets another origin read it (the resumable uploads\u2019 server included)', async () => {
    const own = (await createUpload(t.app, admin, 32, 'own.jpg')).id;
    for (const origin of [ORIGIN, 'https://evil.example']) {
      const head = await t.app.inject({
        method: 'HEAD',
        url: `/api/admin/media/uploads/${own}`,
        headers: { origin, 'tus-resumable': '1.0.0', cookie: admin.cookie },
      });
      expect(head.statusCode).toBe(200);
      expect(head.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });
});
