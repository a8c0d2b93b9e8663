import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteSchoolHost } from '../src/repositories/school-hosts.ts';
import { createSchool, createSchoolHost } from './factories.ts';
import { startTestApp, type TestApp } from './helpers.ts';

// GET /api/tls/allowed?domain=HOST (../shared/OPERATIONS.md, fixed): the ask endpoint of Caddy's
// on-demand TLS (deploy/Caddyfile). 200 only for a host name a school is served on; read fresh on
// every call, with the server's response cache on as in production.
/** The documented limit (docs/api.md): 120 asks a minute per client address. */
const ASKS_PER_MINUTE = 120;
let t: TestApp;
const ask = (domain?: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ url: domain === undefined ? '/api/tls/allowed' : `/api/tls/allowed?domain=${encodeURIComponent(domain)}`, remoteAddress });

beforeAll(async () => {
  t = await startTestApp({ SITE_URL: 'https://www.sthsm.example' }, undefined, { responseCache: true });
  await createSchool(t.db);
  await createSchool(t.db, { code: 'DEMO2', name: 'Little Flower Convent School' });
  await createSchoolHost(t.db, 'sthsm.localhost', 'STHSM');
  await createSchoolHost(t.db, 'www.littleflower.example', 'DEMO2');
});
afterAll(() => t.close());

describe('GET /api/tls/allowed', () => {
  it("answers 200 for every school's host names, as a proxy writes them, and never for a shared cache", async () => {
    for (const domain of ['www.littleflower.example', 'WWW.LittleFlower.Example.', 'sthsm.localhost', 'www.sthsm.example']) {
      const res = await ask(domain);
      expect(res.statusCode, domain).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await ask('www.littleflower.example')).json()).toEqual({ domain: 'www.littleflower.example' });
  });

  it('answers 404 for any other name: unknown, a look-alike, localhost, an IP literal, nonsense', async () => {
    for (const domain of [
      'unknown.example.org',
      'www.littleflower.example.evil.example',
      'evil-www.littleflower.example',
      'localhost',
      '127.0.0.1',
      '[::1]',
      '',
      'a b',
      'x'.repeat(900),
    ]) {
      const res = await ask(domain);
      expect(res.statusCode, domain).toBe(404);
      expect(res.json().error).toMatch(/^No school is served on /);
    }
  });

  it('refuses a call without a domain with one line saying what to send', async () => {
    const res = await ask();
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Name the host to check: /api/tls/allowed?domain=www.school.example');
  });

  it('follows the host table at once: a name added is allowed, a name removed is refused on the next call', async () => {
    expect((await ask('news.littleflower.example')).statusCode).toBe(404);
    await createSchoolHost(t.db, 'news.littleflower.example', 'DEMO2');
    expect((await ask('news.littleflower.example')).statusCode).toBe(200);
    await deleteSchoolHost(t.db, 'news.littleflower.example');
    expect((await ask('news.littleflower.example')).statusCode).toBe(404);
  });

  it('is rate-limited per client address like the other public calls', async () => {
    const from = '198.51.100.23';
    for (let i = 0; i < ASKS_PER_MINUTE; i++) expect((await ask(`n${i}.example.org`, from)).statusCode).toBe(404);
    const limited = await ask('www.littleflower.example', from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many requests/);
    // Another address (the proxy on this machine) still gets its answer.
    expect((await ask('www.littleflower.example', '198.51.100.24')).statusCode).toBe(200);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/tls/allowed'])).toEqual(['get']);
  });
});
