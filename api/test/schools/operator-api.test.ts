import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredAdminRoutes } from '../helpers.ts';
import { createAlbum, createMediaFile, createNews, createSchool, createSchoolProfile } from '../factories.ts';
import { NOW, startTestApp, type TestApp } from '../helpers.ts';
import { as, auditActions, countRows, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { SUSPENDED_TEXT } from '../../src/schools/words.ts';

// /api/admin/schools (issue 31): platform operators create schools, change their host names,
// invite a first administrator, suspend and lift; everyone else is refused and nothing changes.
// Runs on both engines (api-sqlite, api-postgres).

let t: TestApp;
let operator: Signed;
let admin: Signed;
let editor: Signed;
let otherAdmin: Signed;

beforeAll(async () => {
  // A clock that moves a second per reading: host names added later come later in a school's list.
  let clock = NOW.getTime();
  t = await startTestApp({}, () => new Date((clock += 1000)));
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  await createSchoolProfile(t.db, { school: 'STHSM' });
  operator = await signIn(t.app, await createStaff(t.db, { operator: true }));
  admin = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'admin' }));
  editor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'editor' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
});
afterAll(() => t.close());

const operatorRoutes = () =>
  [...registeredAdminRoutes]
    .filter(([, access]) => access?.kind === 'operator')
    .map(([key]) => key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string]);

const BODIES: Record<string, object> = {
  'POST /api/admin/schools': { code: 'SNEAK', name: 'Sneaky School', hosts: ['sneak.example'] },
  'POST /api/admin/schools/:code/hosts': { host: 'sneak.example' },
  'PUT /api/admin/schools/:code/suspension': { suspended: true },
  'POST /api/admin/schools/:code/administrators': { email: 'sneak@example.org' },
};

async function schoolsCount(): Promise<number> {
  const row = await t.db
    .selectFrom('schools')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('operator routes', () => {
  it('are registered for operators only', () => {
    expect(
      operatorRoutes()
        .map((r) => r.join(' '))
        .sort(),
    ).toEqual([
      'DELETE /api/admin/schools/:code/hosts/:host',
      'GET /api/admin/schools',
      'POST /api/admin/alerts',
      'POST /api/admin/schools',
      'POST /api/admin/schools/:code/administrators',
      'POST /api/admin/schools/:code/hosts',
      'PUT /api/admin/schools/:code/suspension',
    ]);
  });

  it('answer 403 to an administrator, an editor and another school\u2019s administrator, and change nothing', async () => {
    await t.db
      .insertInto('school_hosts')
      .values({ host: 'sthsm.example', school_code: 'STHSM', created_at: '2025-01-01T00:00:00.000Z' })
      .execute();
    const before = [await schoolsCount(), await countRows(t.db, 'audit_log'), await countRows(t.db, 'staff_tokens')];
    for (const who of [admin, editor, otherAdmin]) {
      for (const [method, url] of operatorRoutes()) {
        for (const code of ['STHSM', 'OTHER']) {
          const res = await as(t.app, who)(
            method,
            url.replace(':code', code).replace(':host', 'sthsm.example'),
            BODIES[`${method} ${url}`],
          );
          expect(res.statusCode, `${method} ${url} ${code}`).toBe(403);
          expect(res.json()).toEqual({ error: 'Only platform operators can do this.' });
        }
      }
    }
    expect([await schoolsCount(), await countRows(t.db, 'audit_log'), await countRows(t.db, 'staff_tokens')]).toEqual(before);
    expect(await t.db.selectFrom('school_hosts').select('host').where('school_code', '=', 'STHSM').execute()).toEqual([
      { host: 'sthsm.example' },
    ]);
    expect(
      (await t.db.selectFrom('schools').select('suspended_at').where('code', '=', 'STHSM').executeTakeFirst())?.suspended_at,
    ).toBeNull();
  });
});

describe('creating a school', () => {
  it('creates it with no content, upper-cases the code and stores its host names; audited', async () => {
    const res = await as(t.app, operator)('POST', '/api/admin/schools', {
      code: 'green-1',
      name: '  Green Valley School ',
      hosts: ['WWW.Green.Example.', 'green.localhost:3000'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().school).toMatchObject({
      code: 'GREEN-1',
      name: 'Green Valley School',
      hosts: ['www.green.example', 'green.localhost'],
      staff: 0,
      storageBytes: 0,
      lastPublishedAt: null,
      suspendedAt: null,
    });
    // No profile, no page texts, no content: other parts render those as empty and unpublished.
    expect(await t.db.selectFrom('school_profiles').select('school_code').where('school_code', '=', 'GREEN-1').execute()).toEqual([]);
    expect(await t.db.selectFrom('school_pages').select('slug').where('school_code', '=', 'GREEN-1').execute()).toEqual([]);
    expect((await t.app.inject({ url: '/api/news/GREEN-1' })).json()).toEqual([]);
    expect(
      (await t.db.selectFrom('visitor_counts').select('visitor').where('school_code', '=', 'GREEN-1').executeTakeFirst())?.visitor,
    ).toBe(0);
    const entry = await t.db.selectFrom('audit_log').selectAll().where('school_code', '=', 'GREEN-1').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      action: 'school.created',
      target: 'Green Valley School',
      actor_email: expect.stringMatching(/@example\.org$/),
    });
  });

  it('refuses a malformed code or host, a code taken and a host already served with one line each, writing nothing', async () => {
    const before = [await schoolsCount(), await countRows(t.db, 'audit_log')];
    const cases: Array<[object, number, string]> = [
      [{ code: 'a b', name: 'X' }, 400, '"a b" is not a valid school code: use 2 to 32 letters, digits, _ or -.'],
      [{ code: 'X', name: 'X' }, 400, '"X" is not a valid school code: use 2 to 32 letters, digits, _ or -.'],
      [{ code: 'A'.repeat(33), name: 'X' }, 400, `"${'A'.repeat(33)}" is not a valid school code: use 2 to 32 letters, digits, _ or -.`],
      [{ code: 'NEW', name: '   ' }, 400, 'Enter the school\u2019s name.'],
      [{ code: 'NEW', name: 'X', hosts: ['bad_host.example'] }, 400, '"bad_host.example" is not a host name a school can be served on.'],
      [{ code: 'NEW', name: 'X', hosts: ['10.0.0.1'] }, 400, '"10.0.0.1" is not a host name a school can be served on.'],
      [{ code: 'green-1', name: 'X' }, 409, 'A school with the code GREEN-1 already exists.'],
      [{ code: 'NEW', name: 'X', hosts: ['ok.example', 'Green.Localhost'] }, 409, 'green.localhost is already a host name of GREEN-1.'],
    ];
    for (const [body, status, error] of cases) {
      const res = await as(t.app, operator)('POST', '/api/admin/schools', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toEqual({ error });
    }
    expect([await schoolsCount(), await countRows(t.db, 'audit_log')]).toEqual(before);
    expect(await t.db.selectFrom('school_hosts').select('host').where('host', '=', 'ok.example').execute()).toEqual([]);
  });
});

describe('host names', () => {
  it('are added and removed, each refusal with its own line; audited', async () => {
    const add = await as(t.app, operator)('POST', '/api/admin/schools/GREEN-1/hosts', { host: 'Green.Example.org' });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json().school.hosts).toEqual(['www.green.example', 'green.localhost', 'green.example.org']);
    const again = await as(t.app, operator)('POST', '/api/admin/schools/OTHER/hosts', { host: 'green.example.org' });
    expect([again.statusCode, again.json()]).toEqual([409, { error: 'green.example.org is already a host name of GREEN-1.' }]);
    const bad = await as(t.app, operator)('POST', '/api/admin/schools/GREEN-1/hosts', { host: 'localhost' });
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: '"localhost" is not a host name a school can be served on.' }]);
    const unknown = await as(t.app, operator)('POST', '/api/admin/schools/NOPE/hosts', { host: 'nope.example' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'Unknown school code "NOPE".' }]);

    const notTheirs = await as(t.app, operator)('DELETE', '/api/admin/schools/OTHER/hosts/green.example.org');
    expect([notTheirs.statusCode, notTheirs.json()]).toEqual([404, { error: 'green.example.org is not a host name of OTHER.' }]);
    const removed = await as(t.app, operator)('DELETE', '/api/admin/schools/green-1/hosts/green.example.org');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().school.hosts).toEqual(['www.green.example', 'green.localhost']);
    expect(await auditActions(t.db, 'GREEN-1')).toEqual(['school.created', 'school.host_added', 'school.host_removed']);
  });
});

describe('the first administrator', () => {
  it('is invited as administrator through the invitation flow: a link to pass on without e-mail, accepted by the person', async () => {
    const res = await as(t.app, operator)('POST', '/api/admin/schools/GREEN-1/administrators', {
      email: 'Head@Green.example',
      name: 'Head',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { link } = res.json();
    // The school's own origin: its first host name (decision 0130).
    expect(link).toMatch(/^http:\/\/www\.green\.example(:\d+)?\/admin\/set-password\/[A-Za-z0-9_-]{43}$/);
    const again = await as(t.app, operator)('POST', '/api/admin/schools/GREEN-1/administrators', { email: 'head@green.example' });
    expect(again.statusCode).toBe(409);
    const bad = await as(t.app, operator)('POST', '/api/admin/schools/GREEN-1/administrators', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    const token = link.split('/').pop();
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/set-password',
      payload: { token, password: 'a long green password' },
      headers: { origin: 'http://localhost:80' },
    });
    expect(accepted.json()).toMatchObject({ signedIn: true });
    const list = (await as(t.app, operator)('GET', '/api/admin/schools')).json().schools;
    expect(list.find((s: { code: string }) => s.code === 'GREEN-1').staff).toBe(1);
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('school_code', '=', 'GREEN-1')
      .where('action', '=', 'staff.invited')
      .executeTakeFirstOrThrow();
    expect(entry.target).toBe('head@green.example');
    expect(JSON.parse(entry.after ?? '{}')).toEqual({ role: 'admin' });
  });
});

describe('the list', () => {
  it('shows every school with its host names, staff count, storage used and last publish', async () => {
    const at = '2025-08-10T10:00:00.000Z';
    for (const [id, bytes] of [
      ['a'.repeat(24), 12345],
      ['b'.repeat(24), 55],
    ] as const) {
      await t.db
        .insertInto('media')
        .values({
          school_code: 'OTHER',
          _id: id,
          ref: `lib/${id}.jpg`,
          path: `lib/${id}.jpg`,
          kind: 'image',
          content_type: 'image/jpeg',
          name: 'x.jpg',
          bytes,
          width: 10,
          height: 10,
          camera: null,
          created_at: at,
          created_by: null,
          updated_at: at,
        })
        .execute();
    }
    for (const [version, action, savedAt] of [
      [1, 'created', '2025-08-11T09:00:00.000Z'],
      [2, 'published', '2025-08-12T09:00:00.000Z'],
      [3, 'unpublished', '2025-08-13T09:00:00.000Z'],
    ] as const) {
      await t.db
        .insertInto('content_versions')
        .values({
          id: `v${version}`,
          school_code: 'OTHER',
          content_type: 'news',
          item_id: 'n1',
          version,
          action,
          snapshot: '{}',
          saved_at: savedAt,
          saved_by: null,
          saved_by_email: null,
        })
        .execute();
    }
    const res = await as(t.app, operator)('GET', '/api/admin/schools');
    expect(res.statusCode).toBe(200);
    const schools = res.json().schools as Array<{ code: string; staff: number; hosts: string[] }>;
    expect(schools.map((s) => s.code)).toEqual(['GREEN-1', 'OTHER', 'STHSM']);
    expect(schools.find((s) => s.code === 'STHSM')).toMatchObject({
      staff: 2,
      hosts: ['sthsm.example'],
      storageBytes: 0,
      lastPublishedAt: null,
    });
    expect(schools.find((s) => s.code === 'OTHER')).toMatchObject({
      staff: 1,
      hosts: [],
      storageBytes: 12400,
      lastPublishedAt: '2025-08-12T09:00:00.000Z',
    });
  });
});

describe('suspending a school', () => {
  it('answers its public API with 503 and Retry-After while its staff still sign in and work; lifting serves it again; audited', async () => {
    await createNews(t.db, { school: 'OTHER', title: 'Other news' });
    // Answers found by id or path belong to a school too: an album, a file by path and by id.
    const album = await createAlbum(t.db, { school: 'OTHER', attachments: [] });
    const ours = await createAlbum(t.db, { school: 'STHSM', attachments: [] });
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    await createMediaFile(t.db, t.config.mediaRoot, 'OTHER/public/Images/gate.png', png, {
      fileId: 'otherGateFile',
      contentType: 'image/png',
    });
    await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/public/Images/gate.png', png);
    const byIdOrPath = [`/api/subGallery?id=${album._id}`, '/api/image/OTHER/public/Images/gate.png', '/api/image/otherGateFile'];
    for (const url of byIdOrPath) expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    const suspend = await as(t.app, operator)('PUT', '/api/admin/schools/OTHER/suspension', { suspended: true });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect(suspend.json()).toMatchObject({ changed: true, school: { code: 'OTHER', suspendedAt: expect.any(String) } });
    for (const url of ['/api/news/OTHER', '/api/school/OTHER', '/api/pages/OTHER/about-us', '/api/visitor/OTHER', ...byIdOrPath]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('3600');
      expect(res.json()).toEqual({ error: SUSPENDED_TEXT });
    }
    // Other schools are untouched.
    for (const url of ['/api/news/STHSM', `/api/subGallery?id=${ours._id}`, '/api/image/STHSM/public/Images/gate.png'])
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    // Its staff sign in and work.
    const person = await createStaff(t.db, { school: 'OTHER', role: 'admin' });
    const signed = await signIn(t.app, person);
    expect((await as(t.app, signed)('GET', '/api/admin/OTHER/staff')).statusCode).toBe(200);
    expect((await as(t.app, otherAdmin)('GET', '/api/admin/OTHER/content/news')).statusCode).toBe(200);
    // Asking again changes nothing.
    expect((await as(t.app, operator)('PUT', '/api/admin/schools/OTHER/suspension', { suspended: true })).json().changed).toBe(false);

    const lift = await as(t.app, operator)('PUT', '/api/admin/schools/OTHER/suspension', { suspended: false });
    expect(lift.json()).toMatchObject({ changed: true, school: { suspendedAt: null } });
    const news = await t.app.inject({ url: '/api/news/OTHER' });
    expect(news.statusCode).toBe(200);
    expect(news.json().map((n: { title: string }) => n.title)).toContain('Other news');
    for (const url of byIdOrPath) expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    const actions = await auditActions(t.db, 'OTHER');
    expect(actions.filter((a) => a.startsWith('school.'))).toEqual(['school.suspended', 'school.suspension_lifted']);
  });
});
