import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, createSchool } from './factories.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  await createSchool(t.db, { code: 'OTHER' });
  for (const [title, date, category] of [
    ['Sports day', '2025-02-01', 'PhotoGallery'],
    ['Annual day', '2025-07-20', 'PhotoGallery'],
    ['Press cuttings', '2025-08-01', 'NewsPaper'],
    ['Science fair', '2024-10-11', 'PhotoGallery'],
    ['Picnic', '2024-01-05', 'PhotoGallery'],
    ['Founders day', '2023-12-01', 'PhotoGallery'],
  ] as const) {
    ids[title] = (await createAlbum(t.db, { title, date, category }))._id;
  }
  const album = await createAlbum(t.db, { title: 'Undated', date: null, attachments: ['p1', 'p2', 'p3'], updatedOn: '2025-08-10' });
  ids.Undated = album._id;
  ids.Other = (await createAlbum(t.db, { school: 'OTHER', title: 'Other album', date: '2025-08-05' }))._id;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const titles = (body: Array<{ title: string }>) => body.map((x) => x.title);

describe('GET /api/gallery/{code}', () => {
  it('gives the home teaser the four newest photo albums', async () => {
    const body = (await get('/api/gallery/STHSM')).json();
    expect(titles(body)).toEqual(['Annual day', 'Sports day', 'Science fair', 'Picnic']);
    expect(body[0]).toEqual({
      _id: expect.any(String),
      title: 'Annual day',
      description: expect.any(String),
      category: 'PhotoGallery',
      date: '2025-07-20',
      attachments: ['a1', 'a2'],
      version: 1,
      updatedAt: expect.any(String),
    });
  });
});

describe('GET /api/gallery/all/{code}', () => {
  it('lists all albums of every category newest first, undated last, this school only', async () => {
    const body = (await get('/api/gallery/all/STHSM')).json();
    expect(titles(body)).toEqual(['Press cuttings', 'Annual day', 'Sports day', 'Science fair', 'Picnic', 'Founders day', 'Undated']);
    expect((await get('/api/gallery/all/NOPE')).statusCode).toBe(404);
  });
});

describe('GET /api/subGallery?id=', () => {
  it('answers one album with updatedOn', async () => {
    const res = await get(`/api/subGallery?id=${ids.Undated}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: ids.Undated,
      title: 'Undated',
      description: expect.any(String),
      date: null,
      updatedOn: '2025-08-10',
      attachments: ['p1', 'p2', 'p3'],
      version: 1,
      updatedAt: expect.any(String),
    });
  });

  it('answers 404 JSON for an unknown id and 400 JSON without one', async () => {
    const missing = await get('/api/subGallery?id=000000000000000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: expect.any(String) });
    const bad = await get('/api/subGallery');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/query string/);
  });
});
