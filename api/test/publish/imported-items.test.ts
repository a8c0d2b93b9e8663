import { CONTENT_TYPES } from '@sthsm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/seed/seed.ts';
import { demoMediaCache, engine, NOW, startTestApp, TODAY, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';

// Content that was on the site before anyone saved it through the staff area (the demo seed, an
// import, an older release) has no version rows. Every such item of every type opens — the item and
// its history answer — shows one "imported" version, can be saved, and its imported text can then
// be compared and restored (issue 30, item 1). Through real HTTP on both engines.

let t: TestApp;
let editor: Signed;
let otherAdmin: Signed;

beforeAll(async () => {
  t = await startTestApp({}, () => NOW);
  await seedDemo(t.db, t.config.mediaRoot, new Date(`${TODAY}T00:00:00Z`), t.config.cacheDir, demoMediaCache);
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { role: 'admin', school: 'DEMO2' }));
}, 120_000);
afterAll(() => t.close());

interface Listed {
  items: Array<{ id: string }>;
}
interface Version {
  version: number;
  action: string;
  savedByEmail: string | null;
}

const base = (type: string) => `/api/admin/STHSM/content/${type}`;

describe(`seeded items open, save and keep their first text (${engine})`, () => {
  it.each(CONTENT_TYPES)('%s: every seeded item opens with its history, the first save keeps the imported version', async (type) => {
    const list = await as(t.app, editor)('GET', `${base(type)}?pageSize=100`);
    expect(list.statusCode, list.body).toBe(200);
    const { items } = list.json() as Listed;
    expect(items.length, `the demo school has ${type}`).toBeGreaterThan(0);
    for (const { id } of items) {
      const opened = await as(t.app, editor)('GET', `${base(type)}/${id}`);
      expect(opened.statusCode, `${type} ${id}: ${opened.body}`).toBe(200);
      const history = await as(t.app, editor)('GET', `${base(type)}/${id}/versions`);
      expect(history.statusCode, `${type} ${id} history: ${history.body}`).toBe(200);
      const versions = (history.json() as { versions: Version[] }).versions;
      expect(versions).toHaveLength(1);
      expect(versions[0]).toMatchObject({ version: opened.json().item.version, action: 'imported', savedByEmail: null });
    }

    // Save the first one (its fields unchanged but for the window) and see both versions.
    const id = items[0]?.id ?? '';
    const before = (await as(t.app, editor)('GET', `${base(type)}/${id}`)).json().item;
    const saved = await as(t.app, editor)('POST', `${base(type)}/${id}/unpublish`, { version: before.version });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await as(t.app, editor)('GET', `${base(type)}/${id}/versions`)).json().versions as Version[];
    expect(after.map((v) => [v.version, v.action])).toEqual([
      [before.version + 1, 'unpublished'],
      [before.version, 'imported'],
    ]);
    const diff = await as(t.app, editor)('GET', `${base(type)}/${id}/diff?from=${before.version}&to=${before.version + 1}`);
    expect(diff.statusCode, diff.body).toBe(200);
    expect(diff.json().changes).toContainEqual(expect.objectContaining({ field: 'status', before: before.status, after: 'draft' }));
    const restored = await as(t.app, editor)('POST', `${base(type)}/${id}/versions/${before.version}/restore`, {
      version: before.version + 1,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().item.fields).toEqual(before.fields);
  });

  it("another school's administrator gets no item and no history of a seeded item", async () => {
    const { items } = (await as(t.app, editor)('GET', `${base('news')}?pageSize=1`)).json() as Listed;
    const id = items[0]?.id ?? '';
    for (const path of [`${base('news')}/${id}`, `${base('news')}/${id}/versions`, `/api/admin/DEMO2/content/news/${id}/versions`]) {
      const res = await as(t.app, otherAdmin)('GET', path);
      expect([403, 404], `${path}: ${res.statusCode}`).toContain(res.statusCode);
    }
  });

  it('an id that is no item is still "No news item with that id in this school."', async () => {
    const res = await as(t.app, editor)('GET', `${base('news')}/0123456789abcdef01234567/versions`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('No news item with that id in this school.');
  });
});
