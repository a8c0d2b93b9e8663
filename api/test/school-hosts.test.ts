import { SCHOOL_HEADER } from '@sthsm/contract/http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageCache } from '../src/page-cache.ts';
import { normalizeHost } from '../src/repositories/school-hosts.ts';
import { createSchoolResolver, type SchoolResolver } from '../src/school-hosts.ts';
import { siteHandler } from '../src/site.ts';
import { NO_SCHOOL_TEXT } from '../src/schools/words.ts';
import { createNews, createSchool, createSchoolHost, createSchoolProfile } from './factories.ts';
import { startTestApp, type TestApp } from './helpers.ts';

// The school per request: api/src/site.ts resolves the school from the Host header through the
// host table and hands it to the site in x-school-code; the page cache keys by it. The site here is
// a stand-in for React Router that does what the real loaders do (read the request's school from
// the header, then its profile and news from the API over HTTP) and prints them.
let t: TestApp;
let site: FastifyInstance;
let schools: SchoolResolver;
const renders: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  await createSchool(t.db, { code: 'DEMO2', name: 'Little Flower Convent School' });
  await createSchoolProfile(t.db);
  await createSchoolProfile(t.db, {
    school: 'DEMO2',
    name: 'Little Flower Convent School',
    phones: [{ label: 'Office', number: '+91 00000 00201', whatsapp: false }],
  });
  await createNews(t.db, { title: 'St. Thomas sports day' });
  await createNews(t.db, { school: 'DEMO2', title: 'Little Flower: open day' });
  await createSchoolHost(t.db, 'sthsm.localhost', 'STHSM');
  await createSchoolHost(t.db, 'Demo2.Localhost.', 'DEMO2');
  schools = await createSchoolResolver(t.db, 'STHSM', { defaultHosts: ['www.sthsm.example'] });

  const handle = async (request: Request): Promise<Response> => {
    const code = request.headers.get(SCHOOL_HEADER) ?? '(none)';
    renders.push(`${code} ${new URL(request.url).pathname}`);
    const profile = (await t.app.inject({ url: `/api/school/${code}` })).json().profile;
    const news = (await t.app.inject({ url: `/api/news/${code}` })).json() as Array<{ title: string }>;
    const html = `<!DOCTYPE html><h1>${profile.name}</h1><p>${profile.phones[0].number}</p><ul>${news.map((n) => `<li>${n.title}</li>`).join('')}</ul>`;
    return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  };
  site = Fastify();
  site.get('/*', siteHandler(handle, schools, { siteOrigin: 'http://localhost', allowedOrigins: [] }, createPageCache()));
  await site.ready();
});
afterAll(async () => {
  schools.close();
  await site.close();
  await t.close();
});

const page = (host: string, extra: Record<string, string> = {}) => site.inject({ url: '/contactUs', headers: { host, ...extra } });

describe('host names', () => {
  it('are stored lower case without port or final dot; IP literals, localhost and odd names are not host names', () => {
    expect(normalizeHost('Demo2.Localhost.:8080')).toBe('demo2.localhost');
    for (const bad of ['localhost', 'localhost:3000', '127.0.0.1', '127.0.0.1:3000', '[::1]:3000', '', 'a_b.org', '-x.org', 'x..org']) {
      expect(normalizeHost(bad), bad).toBeNull();
    }
  });
});

describe('one process, two schools by host name', () => {
  it("serves each mapped host its own school's profile and content, and never the other's", async () => {
    const demo2 = (await page('demo2.localhost:4100')).body;
    expect(demo2).toContain('<h1>Little Flower Convent School</h1>');
    expect(demo2).toContain('+91 00000 00201');
    expect(demo2).toContain('Little Flower: open day');
    for (const theirs of ['St. Thomas', '00101']) expect(demo2).not.toContain(theirs);

    const sthsm = (await page('sthsm.localhost')).body;
    expect(sthsm).toContain('<h1>St. Thomas Higher Secondary School</h1>');
    expect(sthsm).toContain('St. Thomas sports day');
    for (const theirs of ['Little Flower', '00201']) expect(sthsm).not.toContain(theirs);
  });

  it('gives localhost, IP addresses and SITE_URL\u2019s host the default school (SCHOOL_CODE), and any other host the 404 page', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', '10.1.2.3', 'www.sthsm.example']) {
      expect((await page(host)).body, host).toContain('<h1>St. Thomas Higher Secondary School</h1>');
    }
    for (const host of ['unknown.example.org', 'demo2.localhost.evil.example', 'other.localhost']) {
      const res = await page(host);
      expect(res.statusCode, host).toBe(404);
      expect(res.body, host).toContain(`<p>${NO_SCHOOL_TEXT}</p>`);
      expect(res.body).not.toMatch(/St\. Thomas|Little Flower|<script/);
    }
  });

  it("ignores a school a client names itself in the site's header", async () => {
    const res = await page('localhost:3000', { [SCHOOL_HEADER]: 'DEMO2' });
    expect(res.body).toContain('St. Thomas');
    expect(res.body).not.toContain('Little Flower');
  });

  it('keeps one cached page per school: a replay never crosses hosts', async () => {
    renders.length = 0;
    const first = await site.inject({ url: '/news', headers: { host: 'demo2.localhost' } });
    const other = await site.inject({ url: '/news', headers: { host: 'sthsm.localhost' } });
    const again = await site.inject({ url: '/news', headers: { host: 'demo2.localhost' } });
    expect(renders).toEqual(['DEMO2 /news', 'STHSM /news']);
    expect(again.body).toBe(first.body);
    expect(other.body).not.toBe(first.body);
  });

  it('follows the host table after it changes (reloaded without a restart)', async () => {
    await createSchoolHost(t.db, 'www.littleflower.example.org', 'DEMO2');
    expect(schools.schoolOf('www.littleflower.example.org')).toBeNull();
    await schools.refresh();
    expect(schools.schoolOf('WWW.LittleFlower.example.org')).toBe('DEMO2');
    expect((await page('www.littleflower.example.org')).body).toContain('Little Flower Convent School');
  });
});
