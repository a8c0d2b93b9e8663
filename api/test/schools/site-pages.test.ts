import { SCHOOL_HEADER } from '@sthsm/contract/http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageCache } from '../../src/page-cache.ts';
import { createSchoolResolver, type SchoolResolver } from '../../src/school-hosts.ts';
import { NO_SCHOOL_TEXT, SUSPENDED_TEXT } from '../../src/schools/words.ts';
import { siteHandler } from '../../src/site.ts';
import { createNews, createSchool, createSchoolHost, createSchoolProfile } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';

// What the site answers where no school is served (OPERATIONS.md: an unknown host's plain 404 page)
// and for a suspended school (a plain 503 page with Retry-After, its staff area still working).
// The site is a stand-in that renders the request's school and its news as the real loaders do.

let t: TestApp;
let site: FastifyInstance;
let schools: SchoolResolver;
let operator: Signed;
const renders: string[] = [];

async function handle(request: Request): Promise<Response> {
  const code = request.headers.get(SCHOOL_HEADER) ?? '(none)';
  renders.push(`${code} ${new URL(request.url).pathname}`);
  const news = await t.app.inject({ url: `/api/news/${code}` });
  const titles = news.statusCode === 200 ? (news.json() as Array<{ title: string }>).map((n) => n.title) : [];
  return new Response(`<!DOCTYPE html><h1>${code}</h1><ul>${titles.map((n) => `<li>${n}</li>`).join('')}</ul>`, {
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
}

function siteOn(resolver: SchoolResolver): FastifyInstance {
  const app = Fastify();
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: siteHandler(handle, resolver, { siteOrigin: 'http://localhost', allowedOrigins: [] }, createPageCache()),
  });
  return app;
}

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  await createSchool(t.db, { code: 'GREEN', name: 'Green Valley School' });
  await createSchoolProfile(t.db);
  await createNews(t.db, { school: 'GREEN', title: 'Green sports day' });
  await createSchoolHost(t.db, 'green.example', 'GREEN');
  schools = await createSchoolResolver(t.db, 'STHSM');
  site = siteOn(schools);
  await site.ready();
  operator = await signIn(t.app, await createStaff(t.db, { operator: true }));
});
afterAll(async () => {
  schools.close();
  await site.close();
  await t.close();
});

const get = (host: string, url = '/') => site.inject({ url, headers: { host } });

describe('a host name no school is served on', () => {
  it('answers a plain 404 page saying so, for pages and the staff area alike, rendering nothing', async () => {
    renders.length = 0;
    for (const url of ['/', '/news', '/admin/login', '/sitemap.xml']) {
      const res = await get('not-a-school.example', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain(`<p>${NO_SCHOOL_TEXT}</p>`);
      expect(res.body).not.toContain('<script');
    }
    expect(renders).toEqual([]);
  });

  it('is served once an operator adds it to a school, and answers 404 again once removed', async () => {
    expect((await as(t.app, operator)('POST', '/api/admin/schools/GREEN/hosts', { host: 'www.green.example' })).statusCode).toBe(201);
    // The operator's write reloads this process's table at once (other servers: within a minute).
    await schools.refresh();
    expect((await get('www.green.example')).body).toContain('<h1>GREEN</h1>');
    expect((await as(t.app, operator)('DELETE', '/api/admin/schools/GREEN/hosts/www.green.example')).statusCode).toBe(200);
    await schools.refresh();
    expect((await get('www.green.example')).statusCode).toBe(404);
  });
});

describe('a start without the default school', () => {
  it('answers localhost with the 404 page but opens the staff area there (an operator\u2019s first sign-in)', async () => {
    const empty = await createSchoolResolver(t.db, 'NOSUCH');
    const bare = siteOn(empty);
    try {
      expect((await bare.inject({ url: '/', headers: { host: 'localhost:3000' } })).statusCode).toBe(404);
      const staff = await bare.inject({ url: '/admin/login', headers: { host: 'localhost:3000' } });
      expect(staff.statusCode).toBe(200);
      expect(staff.body).toContain('<h1>NOSUCH</h1>');
      expect((await bare.inject({ url: '/', headers: { host: 'green.example' } })).body).toContain('<h1>GREEN</h1>');
    } finally {
      empty.close();
      await bare.close();
    }
  });
});

describe('a suspended school', () => {
  it('answers its pages with a plain 503 page and Retry-After, even one cached before; its staff area works; lifted, it serves again', async () => {
    const before = await get('green.example', '/news');
    expect(before.body).toContain('Green sports day');
    expect((await as(t.app, operator)('PUT', '/api/admin/schools/GREEN/suspension', { suspended: true })).statusCode).toBe(200);
    for (const url of ['/', '/news', '/news.rss']) {
      const res = await get('green.example', url);
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('3600');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain(SUSPENDED_TEXT);
      expect(res.body).not.toContain('Green sports day');
    }
    const staff = await get('green.example', '/admin/login');
    expect(staff.statusCode).toBe(200);
    expect(staff.body).toContain('<h1>GREEN</h1>');
    // Another school is untouched.
    expect((await get('localhost', '/news')).statusCode).toBe(200);

    expect((await as(t.app, operator)('PUT', '/api/admin/schools/GREEN/suspension', { suspended: false })).statusCode).toBe(200);
    const after = await get('green.example', '/news');
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Green sports day');
  });
});
