import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemo } from '@sthsm/content/demo';
import type { DemoData } from '@sthsm/content/types';
import { seedData } from '../src/seed/seed.ts';
import { schoolToday } from '../src/school-day.ts';
import { demoMediaCache, startTestApp, type TestApp } from './helpers.ts';

// The demo school end to end: every SPEC §7 call answers for STHSM from seeded data, and the
// second demo school never leaks into it. The clock is the real one, as on a fresh `npm start`.
let t: TestApp;
let demo: DemoData;
const now = new Date();

beforeAll(async () => {
  t = await startTestApp({}, () => now);
  demo = await buildDemo({ today: schoolToday(t.config.timeZone, now), mediaCache: demoMediaCache });
  await seedData(t.db, t.config.mediaRoot, demo, t.config.cacheDir);
}, 120_000);
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};

describe('the seeded demo', () => {
  it('answers every list of SPEC §7 for STHSM with content', async () => {
    for (const path of [
      'news',
      'highlight',
      'topper',
      'PrincipalMessage',
      'events',
      'events/All',
      'gallery',
      'gallery/all',
      'video/all',
      'notification',
      'birthdays',
    ]) {
      const body = await get(`/api/${path}/STHSM`);
      expect(Array.isArray(body), path).toBe(true);
      expect(body.length, path).toBeGreaterThan(0);
    }
    expect((await get('/api/news/STHSM')).length).toBeGreaterThanOrEqual(30);
    expect((await get('/api/events/All/STHSM')).length).toBeGreaterThanOrEqual(20);
    expect((await get('/api/visitor/STHSM'))[0].visitor).toBeGreaterThan(0);
  });

  it('serves the albums, their photos and every referenced file', async () => {
    const albums = await get('/api/gallery/all/STHSM');
    expect(albums.some((a: { category: string }) => a.category !== 'PhotoGallery')).toBe(true);
    const album = await get(`/api/subGallery?id=${albums[0]._id}`);
    expect(album.attachments.length).toBeGreaterThan(0);
    const refs = new Set<string>();
    for (const path of ['news', 'events/All', 'gallery/all', 'video/all', 'topper', 'PrincipalMessage', 'highlight']) {
      for (const item of await get(`/api/${path}/STHSM`)) {
        for (const r of [...(item.attachments ?? []), ...(item.images ?? [])]) refs.add(r);
      }
    }
    for (const ref of refs) {
      const res = await t.app.inject({ method: 'HEAD', url: `/api/image/${ref}` });
      expect(res.statusCode, ref).toBe(200);
    }
  });

  it('keeps the second school to itself', async () => {
    const sthsm = JSON.stringify(
      await Promise.all(['news', 'events/All', 'gallery/all', 'video/all', 'topper'].map((p) => get(`/api/${p}/STHSM`))),
    );
    const other = await get('/api/news/DEMO2');
    expect(other.length).toBeGreaterThan(0);
    for (const item of other) expect(sthsm).not.toContain(item._id);
  });

  it('rebuilds idempotently, keeping alumni submissions', async () => {
    const before = (await get('/api/news/STHSM')).length;
    await seedData(t.db, t.config.mediaRoot, demo, t.config.cacheDir);
    expect((await get('/api/news/STHSM')).length).toBe(before);
  }, 120_000);
});
