import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNews, createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { VALID } from './publish-helpers.ts';

// GET /api/sections/{code} (decision 0134): the kinds of content a school has started. A new school
// has none (its home page hides those sections); an item of a kind, even deleted since, starts it
// (the section then shows SPEC §8's placeholder when empty). Per school.

let t: TestApp;
let editor: Signed;
const started = async (code: string) => (await t.app.inject({ url: `/api/sections/${code}` })).json() as Array<{ type: string }>;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  await createSchool(t.db, { code: 'NEWSC', name: 'New School' });
  await createNews(t.db, { school: 'STHSM' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor', school: 'NEWSC' }));
});
afterAll(() => t.close());

describe(`started sections (${engine})`, () => {
  it('are none for a new school, and what it has for another', async () => {
    expect(await started('NEWSC')).toEqual([]);
    expect(await started('STHSM')).toEqual([{ type: 'news' }]);
    expect((await t.app.inject({ url: '/api/sections/NOPE' })).statusCode).toBe(404);
  });

  it('start with an item of the kind and stay started once it is deleted', async () => {
    const created = await as(t.app, editor)('POST', '/api/admin/NEWSC/content/events', { ...VALID.events, images: [] });
    expect(created.statusCode, created.body).toBe(201);
    expect(await started('NEWSC')).toEqual([{ type: 'events' }]);
    const { id, version } = created.json().item as { id: string; version: number };
    const deleted = await as(t.app, editor)('DELETE', `/api/admin/NEWSC/content/events/${id}?version=${version}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await t.app.inject({ url: '/api/events/All/NEWSC' })).json()).toEqual([]);
    expect(await started('NEWSC')).toEqual([{ type: 'events' }]);
  });
});
