import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRECTION_MAX_LENGTH } from '@sthsm/contract/message-check';
import { createSchool, createSchoolProfile } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { as, auditActions, createStaff, ORIGIN, signIn, type Signed } from './staff-helpers.ts';

// "Words on the site" (GET/PUT /api/admin/{code}/words/{locale}, GET /api/words/{locale}/{code}):
// administrators and operators only, one school only, CSRF and Origin checked, every text checked
// with the contract's rule (nothing written when one fails), audited, and shown by the public read
// at once though it is cached. Runs on both engines.

let t: TestApp;
let admin: Signed;
let editor: Signed;
let otherAdmin: Signed;
let operator: Signed;

beforeAll(async () => {
  t = await startTestApp({}, undefined, { responseCache: true });
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  await createSchoolProfile(t.db, { school: 'STHSM', languages: ['hi'] });
  await createSchoolProfile(t.db, { school: 'OTHER', name: 'Another School', languages: ['hi'] });
  admin = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'admin' }));
  editor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'editor' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
  operator = await signIn(t.app, await createStaff(t.db, { operator: true }));
});
afterAll(() => t.close());

const ADMIN_HI = '/api/admin/STHSM/words/hi';
const PUBLIC_HI = '/api/words/hi/STHSM';

const rows = (school = 'STHSM') => t.db.selectFrom('site_word_corrections').selectAll().where('school_code', '=', school).execute();
const publicWords = async (url = PUBLIC_HI) => (await t.app.inject({ method: 'GET', url })).json().words as Record<string, string>;

describe('attacks on the words of a school', () => {
  it('refuses another school\u2019s administrator reading or writing them (403), and writes nothing', async () => {
    await as(t.app, admin)('PUT', ADMIN_HI, { words: { 'page.news.title': 'ख़बरें' } });
    expect((await as(t.app, otherAdmin)('GET', ADMIN_HI)).statusCode).toBe(403);
    const write = await as(t.app, otherAdmin)('PUT', ADMIN_HI, { words: { 'page.news.title': 'Hacked', 'shell.link.alumni': null } });
    expect(write.statusCode).toBe(403);
    // Their own school's words are theirs, and apart.
    expect((await as(t.app, otherAdmin)('PUT', '/api/admin/OTHER/words/hi', { words: { 'page.news.title': 'न्यूज़' } })).statusCode).toBe(200);
    expect((await rows()).map((r) => [r.key, r.text])).toEqual([['page.news.title', 'ख़बरें']]);
    expect(await publicWords()).toEqual({ 'page.news.title': 'ख़बरें' });
    expect(await publicWords('/api/words/hi/OTHER')).toEqual({ 'page.news.title': 'न्यूज़' });
  });

  it('refuses editors (403) and signed-out requests (401)', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const body = method === 'PUT' ? { words: { 'page.news.title': 'Editor' } } : undefined;
      expect((await as(t.app, editor)(method, ADMIN_HI, body)).statusCode).toBe(403);
      expect((await as(t.app, null)(method, ADMIN_HI, body)).statusCode).toBe(401);
    }
    expect((await rows()).map((r) => r.text)).toEqual(['ख़बरें']);
  });

  it('refuses a save without the CSRF token, with another session\u2019s, or from a foreign Origin (403)', async () => {
    const body = { words: { 'page.news.title': 'Forged' } };
    const noToken = await t.app.inject({ method: 'PUT', url: ADMIN_HI, payload: body, headers: { origin: ORIGIN, cookie: admin.cookie } });
    expect(noToken.statusCode).toBe(403);
    expect((await as(t.app, { cookie: admin.cookie, csrf: editor.csrf })('PUT', ADMIN_HI, body)).statusCode).toBe(403);
    expect((await as(t.app, admin)('PUT', ADMIN_HI, body, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await rows()).map((r) => r.text)).toEqual(['ख़बरें']);
  });

  it('refuses bad wording with a message per key, and writes nothing of the save', async () => {
    const before = await rows();
    const audits = (await auditActions(t.db, 'STHSM')).length;
    const cases: Array<[string, string, RegExp]> = [
      ['lists.news.count', '{count, plural, one {# ख़बर} other {# ख़बरें}', /curly and angle brackets/],
      ['lists.news.count', '{total, plural, one {{n} ख़बर} other {{n} ख़बरें}}', /Keep \{count\} as it is: the site puts the number there\./],
      ['shell.link.alumni', 'Old {students}', /Take out \{students\}/],
      ['forms.alumni.lead', 'Studied at {school}? See our privacy notice.', /Keep <privacy>…<\/privacy>/],
      ['no.such.key', 'Words', /no such message/],
      ['shell.link.alumni', 'x'.repeat(CORRECTION_MAX_LENGTH + 1), /at most 1,000 characters/],
      ['shell.link.alumni', '   ', /Write the wording/],
    ];
    for (const [key, text, message] of cases) {
      // A good text beside the bad one is not saved either: all or nothing.
      const res = await as(t.app, admin)('PUT', ADMIN_HI, { words: { 'shell.quickLinks': 'त्वरित कड़ियाँ', [key]: text } });
      expect(res.statusCode, `${key}: ${text.slice(0, 40)}`).toBe(400);
      expect(res.json().errors[key], key).toMatch(message);
      expect(res.json().error).toMatch(/Nothing was saved/);
    }
    expect(await rows()).toEqual(before);
    expect((await auditActions(t.db, 'STHSM')).length).toBe(audits);
  });

  it('refuses a language the school does not offer, and one that does not exist', async () => {
    const res = await as(t.app, admin)('PUT', '/api/admin/STHSM/words/ur', { words: { 'shell.link.alumni': 'پرانے طلبہ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/not offered in Urdu/);
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/words/xx')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/words/xx/STHSM' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/words/hi/NOPE' })).statusCode).toBe(404);
  });
});

describe('setting, listing and clearing', () => {
  it('sets several at once, lists them, shows them on the public read at once, and audits the change', async () => {
    // The public read is cached before the save.
    expect(await publicWords('/api/words/en/STHSM')).toEqual({});
    const res = await as(t.app, admin)('PUT', '/api/admin/STHSM/words/en', {
      words: { 'shell.link.alumni': 'Old Students', 'lists.news.count': '{count, plural, one {{n} story} other {{n} stories}}' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().changed.sort()).toEqual(['lists.news.count', 'shell.link.alumni']);
    const list = await as(t.app, admin)('GET', '/api/admin/STHSM/words/en');
    expect(list.json()).toMatchObject({ locale: 'en', offered: true });
    expect(list.json().words.map((w: { key: string }) => w.key)).toEqual(['lists.news.count', 'shell.link.alumni']);
    expect(await publicWords('/api/words/en/STHSM')).toMatchObject({ 'shell.link.alumni': 'Old Students' });
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'words.updated')
      .orderBy('at', 'desc')
      .executeTakeFirst();
    expect(entry?.target).toBe('Words on the site, English (2 messages)');
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ 'shell.link.alumni': 'Old Students' });
    expect(JSON.parse(entry?.before ?? '{}')).toMatchObject({ 'shell.link.alumni': null });
  });

  it('lets the operator correct a school\u2019s words too', async () => {
    const res = await as(t.app, operator)('PUT', '/api/admin/STHSM/words/en', { words: { 'shell.link.careers': 'Work with us' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(t.app, operator)('GET', '/api/admin/STHSM/words/en')).statusCode).toBe(200);
  });

  it('clears one with null (back to the standard wording), and the same save again changes nothing', async () => {
    const audits = (await auditActions(t.db, 'STHSM')).length;
    const res = await as(t.app, admin)('PUT', '/api/admin/STHSM/words/en', { words: { 'shell.link.alumni': null } });
    expect(res.json().changed).toEqual(['shell.link.alumni']);
    expect(await publicWords('/api/words/en/STHSM')).not.toHaveProperty('shell.link.alumni');
    const again = await as(t.app, admin)('PUT', '/api/admin/STHSM/words/en', { words: { 'shell.link.alumni': null } });
    expect(again.json().changed).toEqual([]);
    expect((await auditActions(t.db, 'STHSM')).length).toBe(audits + 1);
  });
});

describe('the OpenAPI document', () => {
  it('documents the staff calls and the public read', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const staff = doc.paths['/api/admin/{code}/words/{locale}'];
    expect(staff.get.responses['200']).toBeDefined();
    expect(staff.put.requestBody).toBeDefined();
    for (const status of ['200', '400', '401', '403']) expect(staff.put.responses[status], status).toBeDefined();
    expect(doc.paths['/api/words/{locale}/{code}'].get.responses['200']).toBeDefined();
  });
});
