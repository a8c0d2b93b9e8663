import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHighlight, createNews, createPrincipalMessage, createSchool, createTopper, createVideo } from './factories.ts';
import { startTestApp, type TestApp } from './helpers.ts';

// News, highlights, toppers, the principal's message and videos: CONTRACT shapes, order, tenancy.
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  await createSchool(t.db, { code: 'OTHER', name: 'Other School' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/news/{code}', () => {
  beforeAll(async () => {
    await createNews(t.db, { title: 'Older', date: '2024-01-10' });
    await createNews(t.db, { title: 'Newest', date: '2025-07-01T00:00:00.000Z', attachments: ['STHSM/public/Images/n.pdf'] });
    await createNews(t.db, { title: 'Undated', date: null });
    await createNews(t.db, { school: 'OTHER', title: 'Other school news' });
  });

  it('lists the school’s news newest first with undated items last, in the CONTRACT shape', async () => {
    const res = await get('/api/news/STHSM');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json();
    expect(body.map((n: { title: string }) => n.title)).toEqual(['Newest', 'Older', 'Undated']);
    expect(body[0]).toEqual({
      _id: expect.any(String),
      date: '2025-07-01T00:00:00.000Z',
      fromDate: null,
      title: 'Newest',
      description: expect.any(String),
      attachments: ['STHSM/public/Images/n.pdf'],
      version: 1,
      updatedAt: expect.any(String),
    });
  });

  it('ignores an Authorization header', async () => {
    const res = await get('/api/news/STHSM', { authorization: 'Bearer anything-at-all' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(3);
  });

  it('never shows another school’s news', async () => {
    const titles = (await get('/api/news/STHSM')).json().map((n: { title: string }) => n.title);
    expect(titles).not.toContain('Other school news');
    expect((await get('/api/news/OTHER')).json().map((n: { title: string }) => n.title)).toEqual(['Other school news']);
  });

  it('answers 404 JSON for an unknown school code, and codes are matched exactly', async () => {
    for (const url of ['/api/news/NOPE', '/api/news/sthsm']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: expect.stringContaining('Unknown school code') });
    }
  });
});

describe('GET /api/highlight/{code}', () => {
  it('lists highlights, newest first', async () => {
    await createHighlight(t.db, { description: 'First posted' });
    await new Promise((r) => setTimeout(r, 5));
    await createHighlight(t.db, { description: 'Latest', attachments: ['abc123def456'] });
    await createHighlight(t.db, { school: 'OTHER', description: 'Other highlight' });
    const body = (await get('/api/highlight/STHSM')).json();
    expect(body.map((h: { description: string }) => h.description)).toEqual(['Latest', 'First posted']);
    expect(body[0]).toEqual({ _id: expect.any(String), description: 'Latest', attachments: ['abc123def456'] });
    expect((await get('/api/highlight/NOPE')).statusCode).toBe(404);
  });
});

describe('GET /api/topper/{code}', () => {
  it('lists toppers newest session first, then by percentage', async () => {
    await createTopper(t.db, { name: 'Asha', sessionYear: '2023-2024', division: '97.0%' });
    await createTopper(t.db, { name: 'Bina', sessionYear: '2024-2025', division: '91.5%', class: 'XII', stream: 'Science' });
    await createTopper(t.db, { name: 'Chand', sessionYear: '2024-2025', division: '98.4%', attachments: ['STHSM/public/Images/c.jpg'] });
    await createTopper(t.db, { school: 'OTHER', name: 'Outsider' });
    const res = await get('/api/topper/STHSM', { authorization: 'Bearer x' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((x: { name: string }) => x.name)).toEqual(['Chand', 'Bina', 'Asha']);
    expect(body[1]).toEqual({
      _id: expect.any(String),
      name: 'Bina',
      class: 'XII',
      division: '91.5%',
      stream: 'Science',
      sessionYear: '2024-2025',
      attachments: [],
    });
    expect((await get('/api/topper/NOPE')).statusCode).toBe(404);
  });
});

describe('GET /api/PrincipalMessage/{code}', () => {
  it('answers a list whose first item is the message in HTML', async () => {
    await createPrincipalMessage(t.db, { message: '<p>Dear parents,</p>' });
    await createPrincipalMessage(t.db, { school: 'OTHER', message: '<p>Other principal</p>' });
    const body = (await get('/api/PrincipalMessage/STHSM')).json();
    expect(body).toEqual([
      { _id: expect.any(String), message: '<p>Dear parents,</p>', attachments: ['STHSM/public/Images/principal.jpg'] },
    ]);
    expect((await get('/api/PrincipalMessage/NOPE')).statusCode).toBe(404);
  });
});

describe('GET /api/video/all/{code}', () => {
  it('lists videos newest first with the thumbnail as attachments[0]', async () => {
    await createVideo(t.db, { title: 'Sports day', date: '2024-12-01' });
    await createVideo(t.db, { title: 'Annual day', date: '2025-02-01', attachments: ['thumbid123'] });
    await createVideo(t.db, { school: 'OTHER', title: 'Other video' });
    const body = (await get('/api/video/all/STHSM')).json();
    expect(body.map((v: { title: string }) => v.title)).toEqual(['Annual day', 'Sports day']);
    expect(body[0]).toEqual({
      _id: expect.any(String),
      title: 'Annual day',
      date: '2025-02-01',
      videoUrl: expect.stringMatching(/^https:/),
      attachments: ['thumbid123'],
    });
    expect((await get('/api/video/all/NOPE')).statusCode).toBe(404);
  });

  it('answers [] for a school with no videos', async () => {
    await createSchool(t.db, { code: 'EMPTY' });
    expect((await get('/api/video/all/EMPTY')).json()).toEqual([]);
  });
});
