import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentChanged } from '../src/cache.ts';
import { bumpContentVersion } from '../src/content/state.ts';
import { createPageCache } from '../src/page-cache.ts';
import { mountSite } from '../src/site.ts';
import { createNews, createSchool } from './factories.ts';
import { standInSite } from './site-stand-in.ts';
import { engine, NOW, startTestApp, type TestApp } from './helpers.ts';

// Cached answers replayed before Fastify (api/src/replay.ts), through real HTTP on both engines:
// the same bytes and headers as Fastify's own hit, never past what the cache would answer (a
// write here at once, another server's within the content watch's second), and never for a
// request whose other headers could change the answer or that Fastify would refuse.

let t: TestApp;
let base: string;
const logLines: string[] = [];

const site = standInSite();

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'info' }, () => NOW, {
    responseCache: true,
    logStream: { write: (line: string) => void logLines.push(line) },
    mount: async (app, config) => {
      await mountSite(app, {
        siteOrigin: config.siteOrigin,
        allowedOrigins: config.allowedOrigins,
        build: site.build,
        pages: createPageCache({ ttlMs: 30_000 }),
        buildDir: config.webBuildDir,
        pageCacheTtlMs: config.pageCacheTtlMs,
        schools: { schoolOf: () => config.schoolCode, isMapped: () => false },
      });
    },
  });
  await createSchool(t.db, { code: 'STHSM' });
  await createNews(t.db, { title: 'Annual day rehearsals begin' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET (or HEAD) as a client sends it, nothing added: status, headers and the bytes as sent. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent: false, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

/** The answer's text, whatever its encoding. */
const textOf = (r: Raw) => (r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body).toString();
const replayed = () => logLines.filter((l) => l.includes('"replayed":true')).length;
const withoutDate = (h: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).filter(([k]) => k !== 'date'));
const NEWS = '/api/news/STHSM';
const gzip = { 'accept-encoding': 'gzip' };

/** GETs until the replay answers (a miss, a hit through Fastify, then the replay); the replayed answer. */
async function primed(path: string, headers: Record<string, string> = gzip): Promise<{ hit: Raw; again: Raw }> {
  await raw(path, headers);
  const hit = await raw(path, headers);
  const before = replayed();
  const again = await raw(path, headers);
  expect(replayed()).toBe(before + 1);
  return { hit, again };
}

describe(`replayed answers (${engine})`, () => {
  it("answers a cached read again with Fastify's bytes and headers, security headers included", async () => {
    const { hit, again } = await primed(NEWS);
    expect(again.status).toBe(200);
    expect(again.body.equals(hit.body)).toBe(true);
    expect(withoutDate(again.headers)).toEqual(withoutDate(hit.headers));
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.headers['content-security-policy']).toContain("default-src 'none'");
    expect(again.headers['x-frame-options']).toBe('DENY');
    expect(Number(again.headers['content-length'])).toBe(again.body.length);
  });

  it('replays a cached page with the CSP nonce its scripts were rendered with, without rendering it again', async () => {
    const { hit, again } = await primed('/news');
    expect(again.status).toBe(200);
    expect(again.body.equals(hit.body)).toBe(true);
    expect(withoutDate(again.headers)).toEqual(withoutDate(hit.headers));
    const nonce = /'nonce-([^']+)'/.exec(String(again.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(textOf(again)).toContain(`<script nonce="${nonce}">`);
    // A staff member's session cookie: rendered for them, not replayed.
    const renders = site.renders.length;
    const before = replayed();
    await raw('/news', { ...gzip, cookie: 'sthsm_session=someone' });
    expect(replayed()).toBe(before);
    expect(site.renders.length).toBe(renders + 1);
    // A write of the school's content: a fresh render under a fresh nonce.
    contentChanged('STHSM');
    const after = await raw('/news', gzip);
    expect(site.renders.length).toBe(renders + 2);
    expect(after.headers['content-security-policy']).not.toContain(`'nonce-${nonce}'`);
  });

  it('stops at once when a write in this server changes the school’s published content', async () => {
    await primed(NEWS);
    await createNews(t.db, { title: 'Sports day moved to Friday' });
    contentChanged('STHSM');
    const after = await raw(NEWS, gzip);
    expect(after.status).toBe(200);
    expect(textOf(after)).toContain('Sports day moved to Friday');
  });

  it("stops within the content watch's second when another server writes", async () => {
    await primed(NEWS);
    await createNews(t.db, { title: 'Library closed for stocktaking' });
    await bumpContentVersion(t.db, 'STHSM', NOW);
    const started = Date.now();
    let seen = false;
    while (!seen && Date.now() - started < 5_000) {
      seen = textOf(await raw(NEWS, gzip)).includes('Library closed for stocktaking');
      if (!seen) await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('leaves to Fastify every request whose other headers could change the answer', async () => {
    const { hit } = await primed(NEWS);
    const before = replayed();
    const conditional = await raw(NEWS, { ...gzip, 'if-none-match': String(hit.headers.etag) });
    expect(conditional.status).toBe(304);
    await raw(NEWS, { ...gzip, cookie: 'sid=someone' });
    await raw(NEWS, { ...gzip, origin: 'https://elsewhere.example' });
    await raw(NEWS, { ...gzip, authorization: 'Bearer x' });
    await raw(NEWS, { ...gzip, range: 'bytes=0-10' });
    await raw(NEWS, { ...gzip, 'cache-control': 'no-cache' });
    const head = await raw(NEWS, gzip, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(replayed()).toBe(before);
    // The visitor counter's mark changes nothing in the answer: replayed like the same request without it.
    await raw(NEWS, { ...gzip, cookie: 'visited_STHSM=1' });
    expect(replayed()).toBe(before + 1);
  });

  it('never answers a request Fastify refuses: a bad Host or request target gets its 400', async () => {
    await primed(NEWS);
    const before = replayed();
    expect((await raw(NEWS, { ...gzip, host: 'bad host!' })).status).toBe(400);
    expect((await raw(NEWS, { ...gzip, host: 'bad host!' })).status).toBe(400);
    expect((await raw(`${NEWS}?x=%zz`, gzip)).status).toBe(400);
    expect((await raw(`${NEWS}?x=%zz`, gzip)).status).toBe(400);
    expect(replayed()).toBe(before);
  });
});
