import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_CONFLICT, type SettingsBody } from '@sthsm/contract/settings';
import { createPageCache } from '../../src/page-cache.ts';
import { findSchoolProfile } from '../../src/repositories/school-profiles.ts';
import { createSchool, createSchoolProfile } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, ORIGIN, signIn, type Signed } from './staff-helpers.ts';

// The school's settings (GET/PUT /api/admin/{code}/settings): administrators only, one school
// only, CSRF and Origin checked, every field validated with a message, an optimistic version
// check (409 with the current values), an audit row with the changed fields before and after,
// and only that school's cached JSON and pages dropped. Runs on both engines.

let t: TestApp;
let admin: Signed;
let editor: Signed;
let contributor: Signed;
let otherAdmin: Signed;
let operator: Signed;

beforeAll(async () => {
  t = await startTestApp({}, undefined, { responseCache: true });
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  await createSchoolProfile(t.db, { school: 'STHSM' });
  await createSchoolProfile(t.db, { school: 'OTHER', name: 'Another School', shortName: 'Another' });
  admin = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'admin' }));
  editor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'editor' }));
  contributor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'contributor' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
  operator = await signIn(t.app, await createStaff(t.db, { operator: true }));
});
afterAll(() => t.close());

const URL = '/api/admin/STHSM/settings';

async function stored(code = 'STHSM') {
  const record = await findSchoolProfile(t.db, code);
  if (!record) throw new Error(`no profile for ${code}`);
  return record;
}

async function auditRows(action: string) {
  return t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at').orderBy('id').execute();
}

/** The stored profile with one phone number changed, as a PUT body. */
async function withPhone(number: string, version?: number): Promise<SettingsBody> {
  const current = await stored();
  const profile = structuredClone(current.profile);
  profile.phones![0] = { ...profile.phones![0]!, number };
  return { version: version ?? current.version, profile };
}

describe('GET /api/admin/{code}/settings', () => {
  it('answers the whole profile and its version to the school\u2019s administrator and the operator', async () => {
    for (const who of [admin, operator]) {
      const res = await as(t.app, who)('GET', URL);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body).toMatchObject({ code: 'STHSM', version: (await stored()).version });
      expect(body.profile).toEqual((await stored()).profile);
    }
  });

  it('refuses editors and contributors (403), another school\u2019s administrator (403) and the signed-out (401)', async () => {
    expect((await as(t.app, editor)('GET', URL)).statusCode).toBe(403);
    expect((await as(t.app, contributor)('GET', URL)).statusCode).toBe(403);
    expect((await as(t.app, otherAdmin)('GET', URL)).statusCode).toBe(403);
    expect((await as(t.app, null)('GET', URL)).statusCode).toBe(401);
    expect((await as(t.app, operator)('GET', '/api/admin/NOPE/settings')).statusCode).toBe(404);
    // The other school's administrator reads their own.
    const own = await as(t.app, otherAdmin)('GET', '/api/admin/OTHER/settings');
    expect(own.statusCode).toBe(200);
    expect(own.json().profile.name).toBe('Another School');
  });
});

describe('PUT /api/admin/{code}/settings', () => {
  it('saves, answers the new version and the changed fields, and audits them before and after', async () => {
    const before = await stored();
    const body = await withPhone('+91 98765 11111');
    body.profile.social = { ...body.profile.social, x: 'https://x.example.org/school' };
    const res = await as(t.app, admin)('PUT', URL, body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.version).toBe(before.version + 1);
    expect(answer.changed.sort()).toEqual(['phones.0.number', 'social.x']);
    const after = await stored();
    expect(after.version).toBe(before.version + 1);
    expect(after.profile.phones?.[0]?.number).toBe('+91 98765 11111');
    expect(after.profile.name).toBe(before.profile.name);

    const rows = await auditRows('settings.updated');
    const row = rows.at(-1);
    expect(row).toMatchObject({ school_code: 'STHSM', ip: '10.9.0.2', target: 'School settings (2 fields)' });
    expect(JSON.parse(row?.before ?? 'null')).toEqual({
      'phones.0.number': before.profile.phones?.[0]?.number,
      'social.x': before.profile.social?.x ?? null,
    });
    expect(JSON.parse(row?.after ?? 'null')).toEqual({ 'phones.0.number': '+91 98765 11111', 'social.x': 'https://x.example.org/school' });
  });

  it('lets the operator save, and a save with nothing different changes no version and writes no audit row', async () => {
    const res = await as(t.app, operator)('PUT', URL, await withPhone('+91 98765 22222'));
    expect(res.statusCode).toBe(200);
    const version = (await stored()).version;
    const count = (await auditRows('settings.updated')).length;
    const same = await as(t.app, admin)('PUT', URL, { version, profile: (await stored()).profile });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ version, changed: [] });
    expect((await stored()).version).toBe(version);
    expect(await auditRows('settings.updated')).toHaveLength(count);
  });

  it('answers 409 with the current values when someone saved in between, and overwrites nothing', async () => {
    const opened = await stored();
    const first = await as(t.app, admin)('PUT', URL, await withPhone('+91 98765 33333', opened.version));
    expect(first.statusCode).toBe(200);
    const count = (await auditRows('settings.updated')).length;
    const late = await withPhone('+91 98765 44444', opened.version);
    const res = await as(t.app, admin)('PUT', URL, late);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(SETTINGS_CONFLICT);
    expect(res.json().current.version).toBe(opened.version + 1);
    expect(res.json().current.profile.phones[0].number).toBe('+91 98765 33333');
    expect((await stored()).profile.phones?.[0]?.number).toBe('+91 98765 33333');
    expect(await auditRows('settings.updated')).toHaveLength(count);
  });

  it('answers 400 with a message per field and changes nothing', async () => {
    const before = await stored();
    const body = structuredClone({ version: before.version, profile: before.profile }) as {
      version: number;
      profile: Record<string, unknown>;
    };
    const profile = body.profile as { phones: { number: string }[]; email: string; website: string; name: string; established: number };
    profile.phones[0]!.number = 'call us';
    profile.email = 'not-an-address';
    profile.website = 'javascript:alert(1)';
    profile.name = '   ';
    profile.established = 3000;
    const res = await as(t.app, admin)('PUT', URL, body);
    expect(res.statusCode).toBe(400);
    const { error, fields } = res.json();
    expect(error).toMatch(/^Please correct the highlighted fields\./);
    expect(fields).toMatchObject({
      'phones.0.number': 'Phone number must be a telephone number of 7 to 15 digits, like +91 98765 43210.',
      email: 'E-mail must be an e-mail address, like office@school.org.',
      website: 'Website must be a web address starting with https:// or http://.',
      name: 'School name is required.',
      established: 'Year of establishment must be 2100 or earlier.',
    });
    const missing = await as(t.app, admin)('PUT', URL, { profile: before.profile });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.version).toMatch(/version/);
    expect(await stored()).toEqual(before);
  });

  it('saves the languages beside English, and refuses a language twice, more than two or one not on the list (issue 35)', async () => {
    const before = await stored();
    const put = (languages: unknown) =>
      as(t.app, admin)('PUT', URL, { version: before.version, profile: { ...before.profile, languages } });
    for (const [languages, message] of [
      [['hi', 'hi'], 'Choose each language once.'],
      [['hi', 'bn', 'ta'], 'Choose at most 2 languages beside English.'],
      [['xx'], /^Choose a language from the list: Hindi, Bengali/],
      [['en'], /^Choose a language from the list/],
    ] as const) {
      const res = await put(languages);
      expect(res.statusCode, JSON.stringify(languages)).toBe(400);
      const fields = res.json().fields as Record<string, string>;
      expect(Object.values(fields).join(' '), JSON.stringify(languages)).toMatch(message);
    }
    expect(await stored()).toEqual(before);
    const saved = await put(['hi', 'ur']);
    expect(saved.statusCode).toBe(200);
    expect((await stored()).profile.languages).toEqual(['hi', 'ur']);
    const publicProfile = await t.app.inject({ method: 'GET', url: '/api/school/STHSM' });
    expect(publicProfile.json().profile.languages).toEqual(['hi', 'ur']);
  });

  it('refuses editors, contributors and another school\u2019s administrator (403), and changes nothing', async () => {
    const before = await stored();
    const body = await withPhone('+91 98765 55555');
    for (const who of [editor, contributor, otherAdmin]) {
      const res = await as(t.app, who)('PUT', URL, body);
      expect(res.statusCode).toBe(403);
    }
    expect((await as(t.app, otherAdmin)('PUT', '/api/admin/NOPE/settings', body)).statusCode).toBe(403);
    expect((await as(t.app, null)('PUT', URL, body)).statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it('refuses a save without the CSRF token or from a foreign Origin (403), and changes nothing', async () => {
    const before = await stored();
    const body = await withPhone('+91 98765 66666');
    const noToken = await t.app.inject({ method: 'PUT', url: URL, payload: body, headers: { origin: ORIGIN, cookie: admin.cookie } });
    expect(noToken.statusCode).toBe(403);
    const wrongToken = await as(t.app, { cookie: admin.cookie, csrf: editor.csrf })('PUT', URL, body);
    expect(wrongToken.statusCode).toBe(403);
    const foreign = await as(t.app, admin)('PUT', URL, body, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
    expect((await auditRows('settings.updated')).every((r) => !String(r.after).includes('66666'))).toBe(true);
  });
});

describe('the OpenAPI document', () => {
  it('documents both settings calls with the body schema and the 400 and 409 answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const path = doc.paths['/api/admin/{code}/settings'];
    expect(path.get.responses['200']).toBeDefined();
    expect(path.put.requestBody).toBeDefined();
    for (const status of ['200', '400', '401', '403', '409']) expect(path.put.responses[status], status).toBeDefined();
  });
});

const pageRequest = (url: string) => ({ method: 'GET', url, headers: {} }) as unknown as FastifyRequest;

describe('a settings save and the caches', () => {
  it('drops that school\u2019s cached JSON and pages only', async () => {
    const pages = createPageCache();
    const page = (school: string, url: string) =>
      pages.lookup(
        pages.keyOf(pageRequest(url), `${school} http://localhost`) ?? '',
        async () => new Response(`<p>${school} ${url}</p>`, { headers: { 'content-type': 'text/html' } }),
        school,
      );
    await page('STHSM', '/contactUs');
    await page('OTHER', '/contactUs');
    // The JSON cache holds both schools' profiles (and a list of each).
    for (const url of ['/api/school/STHSM', '/api/school/OTHER', '/api/news/STHSM', '/api/news/OTHER'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    const json = () => t.app.inject({ method: 'GET', url: '/api/admin/STHSM/settings', headers: { origin: ORIGIN, cookie: admin.cookie } });
    expect((await json()).statusCode).toBe(200);
    const { responseCacheOf } = await import('../../src/cache.ts');
    const cached = () => responseCacheOf(t.app)?.keys().sort();
    expect(cached()).toEqual(['/api/news/OTHER', '/api/news/STHSM', '/api/school/OTHER', '/api/school/STHSM']);
    expect(pages.keys().sort()).toEqual(['OTHER http://localhost /contactUs', 'STHSM http://localhost /contactUs']);

    // A refused save (409) drops nothing.
    const stale = await as(t.app, admin)('PUT', URL, await withPhone('+91 98765 77777', 1));
    expect(stale.statusCode).toBe(409);
    expect(cached()).toHaveLength(4);
    expect(pages.size).toBe(2);

    const res = await as(t.app, admin)('PUT', URL, await withPhone('+91 98765 77777'));
    expect(res.statusCode).toBe(200);
    expect(cached()).toEqual(['/api/news/OTHER', '/api/school/OTHER']);
    expect(pages.keys()).toEqual(['OTHER http://localhost /contactUs']);
    const fresh = await t.app.inject({ method: 'GET', url: '/api/school/STHSM' });
    expect(fresh.json().profile.phones[0].number).toBe('+91 98765 77777');
  });
});
