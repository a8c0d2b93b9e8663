import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSchemas, schoolFileSchema } from '@sthsm/contract';
import { saveSchoolProfile } from '../src/repositories/school-profiles.ts';
import { exportSchoolFile } from '../src/school-file/export.ts';
import { createSchool, createSchoolPage, createSchoolProfile, profileOf } from './factories.ts';
import { startTestApp, type TestApp } from './helpers.ts';

// The school as data: GET /api/school/{code} and GET /api/pages/{code}/{slug}, per school, and the
// repository's saves (versions, conflicts, schema checks) that the staff settings form will use.
let t: TestApp;

const CONTACT = {
  description: 'Contact the school.',
  lead: 'Write to us.',
  officeHours: 'School office: 8 AM - 2 PM.',
  directions: 'Next to the church.',
};

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  await createSchool(t.db, { code: 'OTHER', name: 'Other School' });
  await createSchool(t.db, { code: 'EMPTY', name: 'No Profile School' });
  await createSchoolProfile(t.db);
  await createSchoolProfile(t.db, {
    school: 'OTHER',
    name: 'Other School',
    phones: [{ label: 'Office', number: '+91 00000 00901', whatsapp: false }],
  });
  await createSchoolPage(t.db, 'STHSM', 'contact-us', CONTACT);
  await createSchoolPage(t.db, 'OTHER', 'contact-us', { ...CONTACT, lead: 'The other school.' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/school/{code}', () => {
  it("answers the school's profile with its code and version", async () => {
    const res = await get('/api/school/STHSM');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'STHSM', version: 1, updatedAt: expect.any(String), profile: profileOf() });
  });

  it("never answers another school's profile", async () => {
    const other = (await get('/api/school/OTHER')).json();
    expect(other.profile.name).toBe('Other School');
    expect(other.profile.phones).toEqual([{ label: 'Office', number: '+91 00000 00901', whatsapp: false }]);
    expect(JSON.stringify((await get('/api/school/STHSM')).json())).not.toContain('00901');
  });

  it('answers 404 for an unknown code (matched exactly)', async () => {
    for (const url of ['/api/school/NOPE', '/api/school/sthsm']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: expect.stringContaining('Unknown school code') });
    }
  });

  it('answers a school with no profile yet as its name alone, at version 0 (docs/decisions/0132)', async () => {
    const empty = await get('/api/school/EMPTY');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ code: 'EMPTY', version: 0, updatedAt: '', profile: { name: 'No Profile School' } });
  });
});

describe('GET /api/pages/{code}/{slug}', () => {
  it("answers one page's record for the school", async () => {
    const res = await get('/api/pages/STHSM/contact-us');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'STHSM', slug: 'contact-us', version: 1, updatedAt: expect.any(String), content: CONTACT });
    expect((await get('/api/pages/OTHER/contact-us')).json().content.lead).toBe('The other school.');
  });

  it('answers 400 for a slug that is no page, 404 for a page not stored and for an unknown school', async () => {
    const bad = await get('/api/pages/STHSM/admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/slug/);
    expect((await get('/api/pages/STHSM/timings')).json()).toEqual({ error: 'School "STHSM" has no "timings" page yet.' });
    expect((await get('/api/pages/NOPE/contact-us')).statusCode).toBe(404);
  });

  it('is documented in the OpenAPI document with every slug', async () => {
    const doc = (await get('/api/openapi.json')).json();
    expect(doc.paths['/api/school/{code}'].get.responses['200']).toBeDefined();
    const slugParam = doc.paths['/api/pages/{code}/{slug}'].get.parameters.find((p: { name: string }) => p.name === 'slug');
    expect(slugParam.schema.enum).toEqual(Object.keys(pageSchemas));
  });
});

describe('saving a profile through the repository', () => {
  it('increases the version and shows the change on the next read', async () => {
    const before = (await get('/api/school/OTHER')).json();
    const saved = await saveSchoolProfile(t.db, 'OTHER', { ...before.profile, motto: 'Always learning' });
    expect(saved).toMatchObject({ ok: true, record: { version: before.version + 1 } });
    expect((await get('/api/school/OTHER')).json()).toMatchObject({ version: before.version + 1, profile: { motto: 'Always learning' } });
  });

  it('refuses an edit based on an older version, keeping the newer save', async () => {
    const current = (await get('/api/school/OTHER')).json();
    await saveSchoolProfile(t.db, 'OTHER', { ...current.profile, vacation: 'All of May' }, { expectedVersion: current.version });
    const stale = await saveSchoolProfile(
      t.db,
      'OTHER',
      { ...current.profile, vacation: 'All of June' },
      { expectedVersion: current.version },
    );
    expect(stale).toMatchObject({
      ok: false,
      reason: 'conflict',
      current: { version: current.version + 1, profile: { vacation: 'All of May' } },
    });
    expect((await get('/api/school/OTHER')).json().profile.vacation).toBe('All of May');
  });

  it('creates a first profile only when told nothing is stored yet (version 0), and never for an unknown school', async () => {
    expect(await saveSchoolProfile(t.db, 'EMPTY', profileOf(), { expectedVersion: 3 })).toMatchObject({ ok: false, reason: 'conflict' });
    expect((await get('/api/school/EMPTY')).json()).toMatchObject({ version: 0 });
    expect(await saveSchoolProfile(t.db, 'NOPE', profileOf())).toEqual({ ok: false, reason: 'unknown-school' });
  });

  it('checks the profile against the contract schema and stores nothing bad', async () => {
    const before = (await get('/api/school/STHSM')).json();
    const bad = [
      profileOf({ email: 'not an address' }),
      profileOf({ website: 'javascript:alert(1)' }),
      profileOf({ phones: [{ label: 'Office', number: '12', whatsapp: false }] }),
      profileOf({ name: '   ' }),
      profileOf({ map: { ...profileOf().map, embedUrl: 'https://maps.example.org/embed' } }),
    ];
    for (const profile of bad) await expect(saveSchoolProfile(t.db, 'STHSM', profile)).rejects.toThrow();
    expect((await get('/api/school/STHSM')).json()).toEqual(before);
  });
});

describe('the school file (npm run school:export)', () => {
  it("holds each school's profile and stored pages, in the contract's file format", async () => {
    const file = schoolFileSchema.parse(await exportSchoolFile(t.db, ['STHSM', 'OTHER'], new Date('2026-11-23T00:00:00Z')));
    expect(file.exportedAt).toBe('2026-11-23T00:00:00.000Z');
    expect(file.schools.map((s) => s.code)).toEqual(['STHSM', 'OTHER']);
    expect(file.schools[0]?.profile).toEqual((await get('/api/school/STHSM')).json().profile);
    expect(file.schools[0]?.pages).toEqual({ 'contact-us': CONTACT });
  });

  it('refuses a school without a profile', async () => {
    await expect(exportSchoolFile(t.db, ['EMPTY'])).rejects.toThrow('School "EMPTY" has no profile to export.');
  });
});

describe('cached like the other public reads', () => {
  it('answers from the response cache until its life ends, then the saved change', async () => {
    const clock = { now: 1_000_000 };
    const cached = await startTestApp({ RESPONSE_CACHE_TTL_MS: '15000' }, undefined, { responseCache: { now: () => clock.now } });
    try {
      await createSchool(cached.db);
      await createSchoolProfile(cached.db);
      expect((await cached.app.inject({ url: '/api/school/STHSM' })).json().profile.motto).toBe(profileOf().motto);
      await saveSchoolProfile(cached.db, 'STHSM', profileOf({ motto: 'Changed by the repository' }));
      clock.now += 14_999;
      expect((await cached.app.inject({ url: '/api/school/STHSM' })).json().profile.motto).toBe(profileOf().motto);
      clock.now += 1;
      expect((await cached.app.inject({ url: '/api/school/STHSM' })).json().profile.motto).toBe('Changed by the repository');
    } finally {
      await cached.close();
    }
  });
});
