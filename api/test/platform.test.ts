import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createSchool } from './factories.ts';
import { startTestApp, type TestApp } from './helpers.ts';

// Cross-cutting behaviour: health, OpenAPI, 404s, config validation, hidden 5xx details.
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers ok after querying the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database fails', async () => {
    const broken = await startTestApp();
    await broken.db.destroy();
    const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: expect.any(String) });
    const hidden = await broken.app.inject({ method: 'GET', url: '/api/news/STHSM' });
    expect(hidden.statusCode).toBe(500);
    expect(hidden.json()).toEqual({ error: 'Something went wrong on our side. Please try again later.' });
    await broken.close();
  });
});

describe('GET /api/health/database (HEALTH_DATABASE_SETTINGS=on only)', () => {
  it('is not there by default', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/database' })).statusCode).toBe(404);
  });

  it("answers the durability settings as the server's own connection holds them, also one changed after opening", async () => {
    const on = await startTestApp({ HEALTH_DATABASE_SETTINGS: 'on' });
    try {
      const read = async () => (await on.app.inject({ method: 'GET', url: '/api/health/database' })).json();
      if (on.config.databaseUrl.startsWith('postgres')) {
        expect(await read()).toEqual({ engine: 'postgres', settings: { synchronous_commit: 'on', fsync: 'on', full_page_writes: 'on' } });
      } else {
        expect(await read()).toEqual({ engine: 'sqlite', settings: { journal_mode: 'wal', synchronous: 'FULL' } });
        // A fresh connection would still say FULL: the route must see what this one holds.
        await sql`pragma synchronous = normal`.execute(on.db);
        expect((await read()).settings.synchronous).toBe('NORMAL');
      }
    } finally {
      await on.close();
    }
  });
});

describe('GET /api/openapi.json', () => {
  it('documents every route of SPEC §7 with its schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    for (const route of [
      'GET /api/news/{code}',
      'GET /api/highlight/{code}',
      'GET /api/topper/{code}',
      'GET /api/PrincipalMessage/{code}',
      'GET /api/events/{code}',
      'GET /api/events/All/{code}',
      'GET /api/birthdays/{code}',
      'GET /api/visitor/{code}',
      'POST /api/visitor',
      'GET /api/notification/{code}',
      'GET /api/gallery/{code}',
      'GET /api/gallery/all/{code}',
      'GET /api/subGallery',
      'GET /api/video/all/{code}',
      'POST /api/form/{code}/{formType}',
      'GET /api/health',
      'GET /api/subscribe/{code}',
      'POST /api/subscribe/{code}/email',
      'POST /api/subscribe/{code}/confirm',
      'GET /api/subscribe/{code}/manage',
      'PUT /api/subscribe/{code}/manage',
      'POST /api/subscribe/{code}/unsubscribe',
      'POST /api/subscribe/{code}/push',
      'POST /api/subscribe/{code}/push/remove',
    ])
      expect(routes).toContain(route);
    expect(routes.some((r) => r.startsWith('GET /api/image/'))).toBe(true);
    expect(doc.paths['/api/news/{code}'].get.responses['200'].content['application/json'].schema.type).toBe('array');
  });
});

describe('unknown routes and bad input', () => {
  it('answers 404 JSON for an unknown /api path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No API route for GET /api/nothing/here.' });
  });

  it('answers 400 JSON for a malformed URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/news/%E0%A4%A' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('answers 400 JSON for a malformed JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/visitor',
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('compresses large JSON answers when asked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('configuration', () => {
  it('fails fast with one clear line for a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
    expect(() => loadConfig({ TIME_ZONE: 'Mars/Base' })).toThrow(/TIME_ZONE/);
  });

  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: 'localhost',
      schoolCode: 'STHSM',
      trustProxy: ['loopback'],
      formRateLimitPerMinute: 5,
      visitorRateLimitPerMinute: 60,
      requestTimeoutMs: 30_000,
      connectionTimeoutMs: 30_000,
    });
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['loopback', '10.0.0.5']);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(c.databaseUrl).toBe(`${c.dataDir}/school.db`);
    expect(c.webBuildDir).toMatch(/\/web\/build$/);
  });

  it('keeps the two caches within 60 s of staleness together', () => {
    const c = loadConfig({});
    expect(c.responseCacheTtlMs + c.pageCacheTtlMs).toBeLessThanOrEqual(60_000);
    expect(loadConfig({ RESPONSE_CACHE_TTL_MS: '1000', PAGE_CACHE_TTL_MS: '2000' })).toMatchObject({
      responseCacheTtlMs: 1000,
      pageCacheTtlMs: 2000,
    });
    expect(() => loadConfig({ RESPONSE_CACHE_TTL_MS: '30000', PAGE_CACHE_TTL_MS: '40000' })).toThrow(
      /^Invalid configuration: PAGE_CACHE_TTL_MS plus RESPONSE_CACHE_TTL_MS must be at most 60000/,
    );
  });
});
