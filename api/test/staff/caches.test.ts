import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageCache } from '../../src/page-cache.ts';
import { createNews, createSchool } from '../factories.ts';
import { NOW, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn } from './staff-helpers.ts';

// Staff answers are never cached (Cache-Control: no-store; neither the JSON cache nor the page
// cache keeps them), and signing in is not a content write: it leaves the public caches alone.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({}, () => NOW, { responseCache: true });
  await createSchool(t.db);
});
afterAll(() => t.close());

const request = (url: string) => ({ method: 'GET', url, headers: {}, protocol: 'http', host: 'localhost' }) as unknown as FastifyRequest;

describe('caches and the staff side', () => {
  it('never serves a staff answer from the JSON cache', async () => {
    const who = await signIn(t.app, await createStaff(t.db));
    const first = await as(t.app, who)('GET', '/api/admin/me');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers.etag).toBeUndefined();
    await as(t.app, who)('DELETE', '/api/admin/session');
    expect((await as(t.app, who)('GET', '/api/admin/me')).statusCode).toBe(401);
    // Someone else asking the same URL never gets the first person's answer.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);
  });

  it('signing in and out leaves the public JSON cache in place', async () => {
    await createNews(t.db, { title: 'Cached before' });
    const before = await t.app.inject({ method: 'GET', url: '/api/news/STHSM' });
    await createNews(t.db, { title: 'Written outside the process' });
    const person = await createStaff(t.db);
    const who = await signIn(t.app, person);
    await as(t.app, who)('DELETE', '/api/admin/session');
    const after = await t.app.inject({ method: 'GET', url: '/api/news/STHSM' });
    expect(after.body).toBe(before.body);
    expect(after.headers.etag).toBe(before.headers.etag);
  });

  it('the page cache never keys a staff page, whatever the cookies', () => {
    const cache = createPageCache();
    for (const url of ['/admin', '/admin/login', '/Admin/staff?x=1', '/admin.data', '/admin/audit.csv'])
      expect(cache.keyOf(request(url)), url).toBeNull();
    expect(cache.keyOf(request('/about-us'))).not.toBeNull();
    expect(cache.keyOf(request('/administration'))).not.toBeNull();
  });
});
