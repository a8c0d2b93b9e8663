import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { contentChanged, installResponseCache } from '../src/cache.ts';
import { createPageCache, type PageCache } from '../src/page-cache.ts';
import { installSecurityHeaders, newNonce } from '../src/security-headers.ts';
import { NONCE_HEADER } from '@sthsm/contract/http';
import { renderSite } from '../src/site.ts';

// The page cache (api/src/page-cache.ts) through the site's own request handler (renderSite in
// api/src/site.ts) with a stand-in for React Router: each render says which run it was and puts
// the nonce it was given on its scripts, as web/app/entry.server.tsx does.

interface Harness {
  app: FastifyInstance;
  pages: PageCache;
  renders: string[];
  clock: { t: number };
  mode: { status: number; cookie?: string; cacheControl?: string };
}

async function harness(ttlMs = 30_000): Promise<Harness> {
  const clock = { t: 5_000_000 };
  const renders: string[] = [];
  const mode: Harness['mode'] = { status: 200 };
  const pages = createPageCache({ ttlMs, now: () => clock.t, newNonce });
  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    renders.push(`${request.method} ${url.pathname}${url.search}`);
    const nonce = request.headers.get(NONCE_HEADER) ?? '';
    const filler = '<p>Latest news from the school.</p>'.repeat(100);
    const html =
      `<!DOCTYPE html><html><head><script nonce="${nonce}">window.run=${renders.length}</script></head>` +
      `<body><h1>Run ${renders.length} of ${url.pathname}${url.search}</h1>${filler}<script type="module" nonce="${nonce}">import('/assets/x.js')</script></body></html>`;
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
    if (mode.cookie) headers.set('set-cookie', mode.cookie);
    if (mode.cacheControl) headers.set('cache-control', mode.cacheControl);
    return new Response(html, { status: mode.status, headers });
  };
  const app = Fastify();
  installSecurityHeaders(app);
  installResponseCache(app);
  await app.register(compress, { threshold: 1024 });
  await app.register(
    async (api) => {
      api.post('/news/:code', async () => ({ ok: true }));
    },
    { prefix: '/api' },
  );
  await app.register(async (site) => {
    site.removeAllContentTypeParsers();
    site.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    site.route({
      method: ['GET', 'HEAD', 'POST'],
      url: '/*',
      handler: (request, reply) =>
        renderSite(handle, request, reply, {
          origins: { siteOrigin: 'http://localhost', allowedOrigins: [] },
          origin: 'http://localhost',
          school: 'STHSM',
          pages,
        }),
    });
  });
  await app.ready();
  return { app, pages, renders, clock, mode };
}

let current: Harness | undefined;
afterEach(async () => {
  await current?.app.close();
  current = undefined;
});

const get = (h: Harness, url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });
const scriptNonces = (html: string) => [...html.matchAll(/<script[^>]* nonce="([^"]*)"/g)].map((m) => m[1]);
const policyNonce = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

describe('page cache', () => {
  it('replays a page as identical bytes, with the CSP nonce its scripts carry', async () => {
    const h = (current = await harness());
    const first = await get(h, '/news');
    const again = await get(h, '/news');
    expect(first.statusCode).toBe(200);
    expect(h.renders).toEqual(['GET /news']);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    for (const res of [first, again]) {
      const nonce = policyNonce(res.headers['content-security-policy']);
      expect(nonce).toBeTruthy();
      expect(scriptNonces(res.body)).toEqual([nonce, nonce]);
    }
  });

  it('says Cache-Control: private, no-cache on every HTML answer, and still replays the page from memory', async () => {
    const h = (current = await harness());
    const first = await get(h, '/news');
    const again = await get(h, '/news', { 'accept-encoding': 'br' });
    const revalidated = await get(h, '/news', { 'if-none-match': String(first.headers.etag) });
    expect(h.renders).toEqual(['GET /news']);
    expect(revalidated.statusCode).toBe(304);
    for (const res of [first, again, revalidated]) expect(res.headers['cache-control']).toBe('private, no-cache');
    // A page that asks for more (no-store) keeps it, and is not kept here either.
    h.mode.cacheControl = 'no-store';
    const strict = await get(h, '/events');
    expect(strict.headers['cache-control']).toBe('no-store');
    await get(h, '/events');
    expect(h.renders).toEqual(['GET /news', 'GET /events', 'GET /events']);
  });

  it('compresses once per entry: brotli and gzip hits are the same bytes and decode to the page', async () => {
    const h = (current = await harness());
    const plain = await get(h, '/news');
    const br1 = await get(h, '/news', { 'accept-encoding': 'br, gzip' });
    const br2 = await get(h, '/news', { 'accept-encoding': 'br, gzip' });
    const gz = await get(h, '/news', { 'accept-encoding': 'gzip' });
    expect(br1.headers['content-encoding']).toBe('br');
    expect(br2.rawPayload.equals(br1.rawPayload)).toBe(true);
    expect(brotliDecompressSync(br1.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br1.headers.vary).toMatch(/accept-encoding/i);
    expect(h.renders).toHaveLength(1);
  });

  it('renders afresh, with a new nonce, after a content write of its school (and not after other requests)', async () => {
    const h = (current = await harness());
    const before = await get(h, '/news');
    await h.app.inject({ method: 'POST', url: '/api/news/STHSM', payload: {} });
    expect((await get(h, '/news')).body).toContain('Run 1');
    contentChanged('ANOTHER');
    expect((await get(h, '/news')).body).toContain('Run 1');
    contentChanged('STHSM');
    const after = await get(h, '/news');
    expect(h.renders).toHaveLength(2);
    expect(after.body).toContain('Run 2');
    const nonce = policyNonce(after.headers['content-security-policy']);
    expect(nonce).not.toBe(policyNonce(before.headers['content-security-policy']));
    expect(scriptNonces(after.body)).toEqual([nonce, nonce]);
  });

  it('keeps a page no longer than its TTL', async () => {
    const h = (current = await harness(30_000));
    await get(h, '/');
    h.clock.t += 29_999;
    expect((await get(h, '/')).body).toContain('Run 1');
    h.clock.t += 2;
    expect((await get(h, '/')).body).toContain('Run 2');
  });

  it('answers 304 to If-None-Match with the entry ETag, with the same policy nonce', async () => {
    const h = (current = await harness());
    const first = await get(h, '/');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const revalidated = await get(h, '/', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(policyNonce(revalidated.headers['content-security-policy'])).toBe(policyNonce(first.headers['content-security-policy']));
    expect((await get(h, '/', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('caches nothing for non-GET requests', async () => {
    const h = (current = await harness());
    const a = await h.app.inject({
      method: 'POST',
      url: '/alumni',
      payload: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const b = await h.app.inject({
      method: 'POST',
      url: '/alumni',
      payload: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(h.renders).toEqual(['POST /alumni', 'POST /alumni']);
    expect(policyNonce(a.headers['content-security-policy'])).not.toBe(policyNonce(b.headers['content-security-policy']));
    expect(h.pages.size).toBe(0);
  });

  it('keys by the whole URL: each query string is its own page', async () => {
    const h = (current = await harness());
    expect((await get(h, '/SubGallery?id=a')).body).toContain('Run 1 of /SubGallery?id=a');
    expect((await get(h, '/SubGallery?id=b')).body).toContain('Run 2 of /SubGallery?id=b');
    expect((await get(h, '/SubGallery?id=a')).body).toContain('Run 1 of /SubGallery?id=a');
    expect(h.renders).toHaveLength(2);
  });

  it('keeps no error pages, no pages that set cookies, and none for visitors with a session cookie', async () => {
    const h = (current = await harness());
    h.mode.status = 500;
    await get(h, '/news');
    await get(h, '/news');
    expect(h.renders).toHaveLength(2);
    h.mode.status = 404;
    await get(h, '/nothing-here');
    await get(h, '/nothing-here');
    expect(h.renders).toHaveLength(4);
    h.mode.status = 200;
    h.mode.cookie = 'flash=1; Path=/';
    await get(h, '/alumni');
    await get(h, '/alumni');
    expect(h.renders).toHaveLength(6);
    h.mode.cookie = undefined;
    await get(h, '/', { cookie: 'session=abc' });
    await get(h, '/', { cookie: 'session=abc' });
    expect(h.renders).toHaveLength(8);
    // The visitor counter's own mark changes nothing in the page: still cached.
    await get(h, '/', { cookie: 'visited_STHSM=1' });
    await get(h, '/', { cookie: 'visited_STHSM=1' });
    expect(h.renders).toHaveLength(9);
  });

  it('shares one render among concurrent misses, all with that render nonce', async () => {
    const h = (current = await harness());
    const all = await Promise.all(Array.from({ length: 5 }, () => get(h, '/gallery')));
    expect(h.renders).toHaveLength(1);
    const nonces = new Set(all.map((r) => policyNonce(r.headers['content-security-policy'])));
    expect(nonces.size).toBe(1);
    for (const r of all) expect(scriptNonces(r.body)).toEqual([...nonces, ...nonces]);
  });
});
