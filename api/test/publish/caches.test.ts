import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createContentWatch } from '../../src/content/watch.ts';
import { createPageCache } from '../../src/page-cache.ts';
import { mountSite } from '../../src/site.ts';
import { createSchool } from '../factories.ts';
import { engine, NOW, otherServer, startTestApp, type TestApp } from '../helpers.ts';
import { standInSite } from '../site-stand-in.ts';
import { as, createStaff, ORIGIN, signIn, type Signed } from '../staff/staff-helpers.ts';
import { VALID } from './publish-helpers.ts';

// Cache invalidation that is right (docs/decisions/0061), on both engines, through real HTTP:
// only a committed write of published content empties the caches, and only its school's; a second
// server process on the same database sees the write through the school's counter; 1,000 junk
// requests leave the page cache's hit rate as it was.

let t: TestApp;
let editor: Signed;
const pages = createPageCache({ ttlMs: 30_000 });
let other: FastifyInstance;

beforeAll(async () => {
  const site = standInSite();
  t = await startTestApp({}, () => NOW, {
    responseCache: true,
    mount: async (app, config) => {
      await mountSite(app, {
        siteOrigin: config.siteOrigin,
        allowedOrigins: config.allowedOrigins,
        build: site.build,
        pages,
        buildDir: config.webBuildDir,
        pageCacheTtlMs: config.pageCacheTtlMs,
        schools: { schoolOf: () => config.schoolCode, isMapped: () => false },
      });
    },
  });
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  // A second server process on the same database, with its own caches; it reads the counters on every request.
  other = await otherServer(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const titles = async (app: FastifyInstance, school = 'STHSM') =>
  ((await app.inject({ url: `/api/news/${school}` })).json() as Array<{ title: string }>).map((n) => n.title);
const news = '/api/admin/STHSM/content/news';

describe(`cache invalidation (${engine})`, () => {
  it('a draft save leaves the caches; publishing shows at once here and in the other process; unpublishing hides in both', async () => {
    const before = await t.app.inject({ url: '/api/news/STHSM' });
    await titles(other);
    const draft = (await as(t.app, editor)('POST', news, { ...VALID.news, title: 'Cache news' })).json().item;
    const same = await t.app.inject({ url: '/api/news/STHSM' });
    expect(same.headers.etag).toBe(before.headers.etag);

    await as(t.app, editor)('POST', `${news}/${draft.id}/publish`, {});
    expect(await titles(t.app)).toContain('Cache news');
    expect(await titles(other)).toContain('Cache news');

    await as(t.app, editor)('PUT', `${news}/${draft.id}`, { ...VALID.news, title: 'Cache news, corrected', version: 2 });
    expect(await titles(t.app)).toEqual(['Cache news, corrected']);
    expect(await titles(other)).toEqual(['Cache news, corrected']);

    await as(t.app, editor)('POST', `${news}/${draft.id}/unpublish`, {});
    expect(await titles(t.app)).toEqual([]);
    expect(await titles(other)).toEqual([]);
  });

  it("a publish in one school leaves the other school's cached answers alone", async () => {
    const otherBefore = await t.app.inject({ url: '/api/news/OTHER' });
    const ours = (await as(t.app, editor)('POST', news, { ...VALID.news, title: 'Only ours', intent: 'publish' })).json().item;
    const otherAfter = await t.app.inject({ url: '/api/news/OTHER' });
    expect(otherAfter.headers.etag).toBe(otherBefore.headers.etag);
    const counters = await t.db.selectFrom('school_content_state').selectAll().execute();
    expect(counters.map((c) => c.school_code)).toEqual(['STHSM']);
    await as(t.app, editor)('DELETE', `${news}/${ours.id}`);
    expect(await titles(t.app)).not.toContain('Only ours');
    expect(await titles(other)).not.toContain('Only ours');
  });

  it('1,000 invalid POSTs to /api/... leave the page cache hit rate unchanged', async () => {
    const read = async (n: number) => {
      const start = pages.stats();
      for (let i = 0; i < n; i++) expect((await t.app.inject({ url: '/news' })).statusCode).toBe(200);
      const end = pages.stats();
      return (end.hits - start.hits) / (end.hits - start.hits + end.misses - start.misses);
    };
    await t.app.inject({ url: '/news' });
    const before = await read(100);
    const jsonBefore = (await t.app.inject({ url: '/api/news/STHSM' })).headers.etag;
    const junk = [
      () => t.app.inject({ method: 'POST', url: '/api/news/STHSM', payload: {} }),
      () => t.app.inject({ method: 'POST', url: '/api/form/STHSM/alumni', payload: { name: '' }, headers: { origin: ORIGIN } }),
      () => t.app.inject({ method: 'POST', url: news, payload: VALID.news, headers: { origin: ORIGIN } }),
      () =>
        t.app.inject({
          method: 'POST',
          url: news,
          payload: VALID.news,
          headers: { origin: 'https://evil.example', cookie: editor.cookie },
        }),
      () => as(t.app, editor)('POST', news, { title: '' }),
      () => as(t.app, editor)('POST', `${news}/no-such-item/publish`, {}),
      () => t.app.inject({ method: 'DELETE', url: '/api/visitor/STHSM' }),
      () => t.app.inject({ method: 'PUT', url: '/api/admin/STHSM/content/unknown/x', payload: {}, headers: { origin: ORIGIN } }),
    ];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const res = await junk[i % junk.length]!();
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    expect([...statuses.keys()].every((s) => s >= 400 && s < 500)).toBe(true);
    const after = await read(100);
    console.log(
      `page cache hit rate: ${(before * 100).toFixed(1)}% before, ${(after * 100).toFixed(1)}% after 1,000 invalid POSTs (statuses ${JSON.stringify(Object.fromEntries(statuses))})`,
    );
    expect(before).toBe(1);
    expect(after).toBe(before);
    expect((await t.app.inject({ url: '/api/news/STHSM' })).headers.etag).toBe(jsonBefore);
  });

  it('a publish empties the page cache of its school', async () => {
    await t.app.inject({ url: '/news' });
    const start = pages.stats();
    await t.app.inject({ url: '/news' });
    expect(pages.stats().hits).toBe(start.hits + 1);
    await as(t.app, editor)('POST', news, { ...VALID.news, title: 'Page cache news', intent: 'publish' });
    await t.app.inject({ url: '/news' });
    expect(pages.stats().misses).toBe(start.misses + 1);
  });

  it("a cached answer's lifetime follows the school's next publish or unpublish moment, as the clock passes each and after a write", async () => {
    await createSchool(t.db, { code: 'WATCH', name: 'Watch School' });
    const watcher = await signIn(t.app, await createStaff(t.db, { school: 'WATCH', role: 'editor' }));
    let clock = NOW;
    const watch = createContentWatch(t.db, { now: () => clock, intervalMs: 0 });
    const hour = 3_600_000;
    const stampThen = async (iso: string) => {
      clock = new Date(iso);
      await watch.stamp('WATCH');
      return watch.msUntilTransition('WATCH');
    };
    expect(await stampThen(NOW.toISOString())).toBeNull();
    // 12:00 to 15:00 in the school's time zone (IST): 06:30Z to 09:30Z; the clock stands at 05:30Z.
    const window = { ...VALID.news, title: 'Watched news', publishAt: '2025-08-14T12:00', unpublishAt: '2025-08-14T15:00' };
    const created = await as(t.app, watcher)('POST', '/api/admin/WATCH/content/news', { ...window, intent: 'publish' });
    expect(created.statusCode).toBe(201);
    watch.changed();
    expect(await stampThen(NOW.toISOString())).toBe(hour);
    expect(await stampThen('2025-08-14T07:00:00.000Z')).toBe(2.5 * hour);
    expect(await stampThen('2025-08-14T10:00:00.000Z')).toBeNull();
    // A write moves the counter: a new window is seen without waiting for any moment to pass.
    const later = { ...window, title: 'Watched news, later', publishAt: '2025-08-14T18:00', unpublishAt: '' };
    expect((await as(t.app, watcher)('POST', '/api/admin/WATCH/content/news', { ...later, intent: 'publish' })).statusCode).toBe(201);
    expect(await stampThen('2025-08-14T10:00:00.000Z')).toBe(2.5 * hour);
  });

  it("a write in this process makes the caches' counter view current at once, not after its refresh interval", async () => {
    const watch = createContentWatch(t.db, { now: () => NOW, intervalMs: 3_600_000 });
    createPageCache({ ttlMs: 30_000, watch });
    const before = await watch.stamp('STHSM');
    const created = await as(t.app, editor)('POST', news, { ...VALID.news, title: 'Counter view news', intent: 'publish' });
    expect(created.statusCode).toBe(201);
    expect(await watch.stamp('STHSM')).toBe(before + 1);
  });

  it("another process's write: read in the background past half the interval, waited for past the whole of it", async () => {
    let clock = 0;
    // Nothing tells this watch about the writes (no cache of it listens): it sees them only by reading.
    const watch = createContentWatch(t.db, { now: () => NOW, intervalMs: 1_000, clockMs: () => clock });
    const before = await watch.stamp('STHSM');
    const publish = (title: string) => as(t.app, editor)('POST', news, { ...VALID.news, title, intent: 'publish' });
    expect((await publish('Background read news')).statusCode).toBe(201);
    clock = 400;
    expect(await watch.stamp('STHSM')).toBe(before);
    clock = 600;
    await expect.poll(() => watch.stamp('STHSM')).toBe(before + 1);
    expect((await publish('Waited read news')).statusCode).toBe(201);
    clock = 1_600;
    expect(await watch.stamp('STHSM')).toBe(before + 2);
  });
});
