import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredAdminRoutes } from '../helpers.ts';
import type { Access } from '../../src/staff/guard.ts';
import { findSchoolProfile } from '../../src/repositories/school-profiles.ts';
import { ACCESS_ACTIONS } from '../../src/privacy/access-log.ts';
import { createNews, createSchool, createSchoolPage, createSchoolProfile, profileOf } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { as, countRows, createStaff, ORIGIN, signIn, type Signed, type StaffPerson } from './staff-helpers.ts';

// Every /api/admin route, found from the routes as registered (a new route cannot be missed):
// signed out → 401; another school's administrator → 403; a role without the right → 403; a
// write without the CSRF token or from a foreign Origin → 403 with no row changed anywhere.
// Runs on both engines (api-sqlite, api-postgres).

let t: TestApp;
let admin: Signed;
let editor: Signed;
let otherAdmin: Signed;
let operator: Signed;
let target: StaffPerson;
/** A content item of STHSM: the content routes are tried on a real id. */
let newsId: string;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  await createSchoolProfile(t.db, { school: 'STHSM' });
  admin = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'admin' }));
  editor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'editor' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
  operator = await signIn(t.app, await createStaff(t.db, { operator: true }));
  target = await createStaff(t.db, { school: 'STHSM', role: 'contributor' });
  newsId = (await createNews(t.db, { title: 'Access test news' }))._id;
  await createSchoolPage(t.db, 'STHSM', 'contact-us', { description: 'd', lead: 'l', officeHours: 'o', directions: 'r' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const routes = () =>
  [...registeredAdminRoutes].map(([key, access]) => {
    const [method, url] = key.split(' ') as [Method, string];
    return { method, url, access };
  });

/**
 * A concrete URL for a route pattern: the school in the path, an existing staff member, a
 * well-formed token, and for the content routes a content type, an existing item and its version.
 */
function concrete(url: string, school: string, id = newsId): string {
  return url
    .replace(':code', school)
    .replace(':userId', target.id)
    .replace(':token', 'A'.repeat(43))
    .replace(':submissionId', 'a'.repeat(24))
    .replace(':type', 'news')
    .replace(':id', id)
    .replace(':slug', id === newsId ? 'contact-us' : 'no-such-page')
    .replace(':version', '1')
    .replace(':locale', 'hi')
    .replace(/\/diff$/, '/diff?from=1&to=1');
}

/** Plausible bodies, so a refusal cannot be a validation error in disguise. */
const BODIES: Record<string, object> = {
  'POST /api/admin/session': { email: 'a@example.org', password: 'whatever password' },
  'POST /api/admin/:code/staff': { email: 'new.person@example.org', role: 'editor' },
  'PATCH /api/admin/:code/staff/:userId': { role: 'editor' },
  'PUT /api/admin/:code/security': { requireAdminTwoFactor: false },
  'PUT /api/admin/:code/settings': { version: 1, profile: profileOf({ motto: 'A changed motto' }) },
  'PUT /api/admin/:code/words/:locale': { words: { 'shell.link.alumni': 'Old Students' } },
  'POST /api/admin/me/password': { currentPassword: 'x', newPassword: 'a new long password' },
  'POST /api/admin/me/two-factor/enable': { code: '123456' },
  'POST /api/admin/me/two-factor/disable': { password: 'x' },
  'PUT /api/admin/:code/submissions/:submissionId/handled': { handled: true },
  'POST /api/admin/:code/submissions/erase': { ids: ['a'.repeat(24)] },
  'PUT /api/admin/:code/privacy': { retentionMonths: 12 },
  'POST /api/admin/:code/person/erase': { email: 'someone@example.org' },
  'POST /api/admin/:code/requests/:id/correct': { submissionId: 'a'.repeat(24), changes: { location: 'Testville' } },
  'POST /api/admin/:code/requests/:id/close': { outcome: 'done' },
  'POST /api/admin/:code/content/:type': { title: 'A news item', description: 'Text.' },
  'PUT /api/admin/:code/content/:type/:id': { title: 'A news item', description: 'Text.', version: 1 },
  'POST /api/admin/:code/content/:type/:id/return': { comment: 'Please check.' },
  'PUT /api/admin/:code/content/:type/:id/translations/:locale': { title: 'एक समाचार', description: 'पाठ।', version: 0 },
  'POST /api/admin/:code/children': { name: 'A child', class: 'I' },
  'PUT /api/admin/:code/children/:id': { name: 'A child', class: 'I' },
  'POST /api/admin/:code/children/:id/withdraw': { purpose: 'all' },
  'POST /api/admin/:code/children/:id/consent-requests': {
    guardianName: 'A guardian',
    guardianEmail: 'guardian@example.org',
    endsOn: '2026-03-31',
    askBirthday: 'on',
  },
  'PUT /api/admin/:code/children-settings': { birthdayNames: 'full' },
  'PATCH /api/admin/media/:id': { alt: 'A photo', version: 1 },
  'PUT /api/admin/media/:id/children': { children: [] },
  'POST /api/admin/:code/import': { from: 'https://provider.example/api', dryRun: true },
  'POST /api/admin/:code/breaches': { whatHappened: 'A list was sent to the wrong group.', awareAt: '2025-08-14T09:00' },
  'PUT /api/admin/:code/breaches/:id': { whatHappened: 'A list was sent to the wrong group.', awareAt: '2025-08-14T09:00', version: 1 },
  'POST /api/admin/:code/breaches/:id/close': { version: 1 },
  'PUT /api/admin/:code/pages/:slug': { content: { description: 'd', lead: 'l', officeHours: 'o', directions: 'r' }, version: 1 },
};

const isWrite = (method: string) => method !== 'GET';
const schoolRoute = (access: Access | null): access is Extract<Access, { kind: 'school' }> => access?.kind === 'school';

/** Audit entries that record a read of personal data (an allowed read writes one: decision 0152). */
const reads = async () =>
  Number(
    (
      await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('action', 'in', ACCESS_ACTIONS)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function snapshot(): Promise<number[]> {
  return Promise.all([
    ...(['audit_log', 'staff_users', 'staff_memberships', 'staff_sessions', 'staff_tokens'] as const).map((table) =>
      countRows(t.db, table),
    ),
    reads(),
    // The school's settings: a refused save leaves its version where it was.
    findSchoolProfile(t.db, 'STHSM').then((r) => r?.version ?? 0),
    // Its corrections of the site's words (a refused save writes none).
    t.db
      .selectFrom('site_word_corrections')
      .select('key')
      .execute()
      .then((r) => r.length),
  ]);
}

describe('every /api/admin route', () => {
  it('is registered with a guard, and the table covers the staff, audit and session routes', () => {
    const all = routes();
    expect(all.length).toBeGreaterThanOrEqual(20);
    expect(all.filter((r) => r.access === null).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    for (const key of [
      'GET /api/admin/:code/staff',
      'GET /api/admin/:code/audit',
      'GET /api/admin/:code/audit.csv',
      'GET /api/admin/:code/submissions',
      'GET /api/admin/:code/submissions.csv',
      'GET /api/admin/:code/submissions/:submissionId',
      'PUT /api/admin/:code/submissions/:submissionId/handled',
      'POST /api/admin/:code/submissions/erase',
      'GET /api/admin/:code/privacy',
      'PUT /api/admin/:code/privacy',
      'GET /api/admin/:code/person',
      'GET /api/admin/:code/person/export',
      'POST /api/admin/:code/person/erase',
      'GET /api/admin/:code/requests',
      'GET /api/admin/:code/requests/:id',
      'GET /api/admin/:code/requests/:id/export',
      'POST /api/admin/:code/requests/:id/erase',
      'POST /api/admin/:code/requests/:id/correct',
      'POST /api/admin/:code/requests/:id/close',
      'DELETE /api/admin/session',
      'GET /api/admin/me',
      'GET /api/admin/:code/settings',
      'PUT /api/admin/:code/settings',
      'GET /api/admin/:code/words/:locale',
      'PUT /api/admin/:code/words/:locale',
      'GET /api/admin/:code/breaches',
      'POST /api/admin/:code/breaches',
      'GET /api/admin/:code/breaches/:id',
      'PUT /api/admin/:code/breaches/:id',
      'POST /api/admin/:code/breaches/:id/close',
    ]) {
      expect(registeredAdminRoutes.has(key), key).toBe(true);
    }
  });

  it('answers 401 when signed out (except the routes for getting in)', async () => {
    const checked: string[] = [];
    for (const { method, url, access } of routes()) {
      if (access?.kind === 'anyone') continue;
      const res = await as(t.app, null)(method, concrete(url, 'STHSM'), BODIES[`${method} ${url}`]);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json(), `${method} ${url}`).toEqual({ error: expect.any(String) });
      expect(res.headers['cache-control']).toBe('no-store');
      checked.push(url);
    }
    expect(checked.length).toBeGreaterThanOrEqual(15);
  });

  it('answers 403 to another school\u2019s administrator on every school route, and changes nothing', async () => {
    const before = await snapshot();
    for (const { method, url, access } of routes()) {
      if (!schoolRoute(access)) continue;
      const res = await as(t.app, otherAdmin)(method, concrete(url, 'STHSM'), BODIES[`${method} ${url}`]);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      // An unknown school is refused the same way (no hint that it exists or not).
      expect(
        (await as(t.app, otherAdmin)(method, concrete(url, 'NOPE'), BODIES[`${method} ${url}`])).statusCode,
        `${method} ${url} NOPE`,
      ).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 403 to an editor on every administrators-only route, and lets them read their school', async () => {
    const before = await snapshot();
    for (const { method, url, access } of routes()) {
      if (!schoolRoute(access)) continue;
      // Item routes are tried on an id that does not exist (so an allowed write changes nothing: 404),
      // and creating content with a body that misses its fields (400).
      const itemRoute = url.includes(':id') || url.includes(':slug');
      // Creating (content, a child, an emergency alert) is tried with a body that misses its fields: 400, nothing written.
      const creates =
        (url.includes('/content/') ||
          (url.endsWith('/children') && !itemRoute) ||
          /\/media(\/uploads)?$/.test(url) ||
          url.endsWith('/toppers/batch') ||
          url.endsWith('/alerts')) &&
        method !== 'GET';
      const res = await as(t.app, editor)(
        method,
        concrete(url, 'STHSM', itemRoute ? 'no-such-item' : newsId),
        creates || (url.includes('/pages') && method !== 'GET') ? {} : BODIES[`${method} ${url}`],
      );
      const allowed = itemRoute ? 404 : creates ? 400 : 200;
      expect(res.statusCode, `${method} ${url}`).toBe(access.roles.includes('editor') ? allowed : 403);
    }
    // An editor's allowed reads of the consent register are in the access log (and nothing else is written).
    const after = await snapshot();
    const grown = after[5]! - before[5]!;
    expect(grown).toBeGreaterThan(0);
    expect(after.map((n, k) => (k === 0 ? n - grown : k === 5 ? before[5] : n))).toEqual(before);
  });

  it('answers 403 to a write without the CSRF token, with a wrong one, or from a foreign Origin, and changes nothing', async () => {
    const before = await snapshot();
    let writes = 0;
    for (const { method, url, access } of routes()) {
      if (!isWrite(method) || access?.kind === 'anyone') continue;
      writes++;
      const body = BODIES[`${method} ${url}`];
      const path = concrete(url, 'STHSM');
      const noToken = await t.app.inject({
        method,
        url: path,
        ...(body ? { payload: body } : {}),
        headers: { origin: ORIGIN, cookie: admin.cookie },
      });
      expect(noToken.statusCode, `${method} ${url} without token`).toBe(403);
      const wrong = await as(t.app, { cookie: admin.cookie, csrf: editor.csrf })(method, path, body);
      expect(wrong.statusCode, `${method} ${url} with another session's token`).toBe(403);
      const foreign = await as(t.app, admin)(method, path, body, { origin: 'https://evil.example' });
      expect(foreign.statusCode, `${method} ${url} from a foreign Origin`).toBe(403);
      const noOrigin = await t.app.inject({
        method,
        url: path,
        ...(body ? { payload: body } : {}),
        headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'sec-fetch-site': 'cross-site' },
      });
      expect(noOrigin.statusCode, `${method} ${url} cross-site without Origin`).toBe(403);
    }
    expect(writes).toBeGreaterThanOrEqual(9);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the getting-in writes from a foreign Origin', async () => {
    for (const { method, url, access } of routes()) {
      if (access?.kind !== 'anyone' || !isWrite(method)) continue;
      const res = await as(t.app, null)(method, concrete(url, 'STHSM'), BODIES[`${method} ${url}`], { origin: 'https://evil.example' });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lets the school\u2019s administrator and the operator through', async () => {
    for (const who of [admin, operator]) {
      expect((await as(t.app, who)('GET', '/api/admin/STHSM/staff')).statusCode).toBe(200);
      expect((await as(t.app, who)('GET', '/api/admin/STHSM/audit')).statusCode).toBe(200);
    }
    expect((await as(t.app, otherAdmin)('GET', '/api/admin/OTHER/staff')).statusCode).toBe(200);
    expect((await as(t.app, operator)('GET', '/api/admin/NOPE/staff')).statusCode).toBe(404);
  });
});
