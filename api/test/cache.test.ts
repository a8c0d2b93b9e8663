import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { contentChanged, installResponseCache, onContentChange } from '../src/cache.ts';
import type { ContentWatch } from '../src/content/watch.ts';

// The API's JSON cache (api/src/cache.ts) on a bare Fastify with stand-in routes, so each rule is
// seen on its own: a hit is the same bytes without running the handler, a committed write of a
// school's published content empties that school's answers (and nothing else does), the TTL and the
// next publish transition bound staleness, ETags answer 304, and only successful public GET JSON is kept.

interface Harness {
  app: FastifyInstance;
  calls: Record<string, number>;
  clock: { t: number };
}

/** A stand-in for the database's content counters (content/watch.ts). */
function fakeWatch() {
  const state = { versions: new Map<string, number>(), untilTransition: null as number | null };
  const watch: ContentWatch = {
    stamp: async (school) =>
      school === null ? [...state.versions.values()].reduce((a, b) => a + b, 0) : (state.versions.get(school) ?? 0),
    msUntilTransition: () => state.untilTransition,
    changed: () => {},
  };
  return { watch, state };
}

async function harness(ttlMs = 15_000, watch?: ContentWatch): Promise<Harness> {
  const clock = { t: 1_000_000 };
  const calls: Record<string, number> = {};
  const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);
  const app = Fastify();
  installResponseCache(app, { ttlMs, now: () => clock.t, watch });
  await app.register(compress, { threshold: 1024 });
  await app.register(
    async (api) => {
      api.get('/news/:code', async (req) => {
        const n = count('news');
        // Big enough to be compressed; different on every run of the handler.
        return { run: n, query: req.query, items: Array.from({ length: 200 }, (_, i) => ({ i, title: `Headline ${i}` })) };
      });
      api.get('/broken', async (_req, reply) => {
        count('broken');
        return reply.code(500).send({ error: 'down' });
      });
      api.get('/missing', async (_req, reply) => {
        count('missing');
        return reply.code(404).send({ error: 'no such thing' });
      });
      api.get('/visitor/:code', async () => ({ count: count('visitor') }));
      api.post('/visitor/:code', async () => ({ count: count('visitor-post') }));
      api.post('/news/:code', async () => ({ ok: count('news-post') }));
    },
    { prefix: '/api' },
  );
  await app.ready();
  return { app, calls, clock };
}

let current: Harness | undefined;
afterEach(async () => {
  await current?.app.close();
  current = undefined;
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('API response cache', () => {
  it('serves a hit as identical bytes, in each encoding, without running the handler again', async () => {
    const h = (current = await harness());
    const first = await get(h.app, '/api/news/STHSM');
    const again = await get(h.app, '/api/news/STHSM');
    expect(first.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(h.calls.news).toBe(1);
    const br1 = await get(h.app, '/api/news/STHSM', { 'accept-encoding': 'br' });
    const br2 = await get(h.app, '/api/news/STHSM', { 'accept-encoding': 'br' });
    expect(br1.headers['content-encoding']).toBe('br');
    expect(br2.rawPayload.equals(br1.rawPayload)).toBe(true);
    const gz = await get(h.app, '/api/news/STHSM', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(h.calls.news).toBe(1);
    expect(JSON.parse(again.body).run).toBe(1);
  });

  it('is not emptied by requests: only a committed content write of a school empties that school\u2019s answers', async () => {
    const h = (current = await harness());
    let told = 0;
    const stop = onContentChange(() => told++);
    try {
      await get(h.app, '/api/news/STHSM');
      await get(h.app, '/api/news/OTHER');
      const post = await h.app.inject({ method: 'POST', url: '/api/news/STHSM', payload: {} });
      expect(post.statusCode).toBe(200);
      expect(told).toBe(0);
      expect(JSON.parse((await get(h.app, '/api/news/STHSM')).body).run).toBe(1);
      contentChanged('STHSM');
      expect(told).toBe(1);
      expect(JSON.parse((await get(h.app, '/api/news/STHSM')).body).run).toBe(3);
      expect(JSON.parse((await get(h.app, '/api/news/OTHER')).body).run).toBe(2);
    } finally {
      stop();
    }
  });

  it('does not replay an answer stored under an older content counter (a write in another process)', async () => {
    const { watch, state } = fakeWatch();
    const h = (current = await harness(15_000, watch));
    await get(h.app, '/api/news/STHSM');
    await get(h.app, '/api/news/OTHER');
    expect(JSON.parse((await get(h.app, '/api/news/STHSM')).body).run).toBe(1);
    state.versions.set('STHSM', 1);
    expect(JSON.parse((await get(h.app, '/api/news/STHSM')).body).run).toBe(3);
    expect(JSON.parse((await get(h.app, '/api/news/STHSM')).body).run).toBe(3);
    // The other school's answer is untouched.
    expect(JSON.parse((await get(h.app, '/api/news/OTHER')).body).run).toBe(2);
  });

  it('keeps no answer past the school\u2019s next publish or unpublish moment', async () => {
    const { watch, state } = fakeWatch();
    const h = (current = await harness(15_000, watch));
    state.untilTransition = 4_000;
    await get(h.app, '/api/news/STHSM');
    h.clock.t += 3_999;
    expect(JSON.parse((await get(h.app, '/api/news/STHSM')).body).run).toBe(1);
    h.clock.t += 1;
    expect(JSON.parse((await get(h.app, '/api/news/STHSM')).body).run).toBe(2);
  });

  it('does not count the visitor counter as a write, and never caches it', async () => {
    const h = (current = await harness());
    await get(h.app, '/api/news/STHSM');
    await h.app.inject({ method: 'POST', url: '/api/visitor/STHSM' });
    expect(JSON.parse((await get(h.app, '/api/news/STHSM')).body).run).toBe(1);
    await get(h.app, '/api/visitor/STHSM');
    await get(h.app, '/api/visitor/STHSM');
    expect(h.calls.visitor).toBe(2);
  });

  it('bounds staleness by its TTL', async () => {
    const h = (current = await harness(15_000));
    await get(h.app, '/api/news/STHSM');
    h.clock.t += 14_999;
    expect(JSON.parse((await get(h.app, '/api/news/STHSM')).body).run).toBe(1);
    h.clock.t += 2;
    expect(JSON.parse((await get(h.app, '/api/news/STHSM')).body).run).toBe(2);
  });

  it('answers 304 to If-None-Match with the current ETag, and 200 to a stale one', async () => {
    const h = (current = await harness());
    const first = await get(h.app, '/api/news/STHSM');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const same = await get(h.app, '/api/news/STHSM', { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    const other = await get(h.app, '/api/news/STHSM', { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
  });

  it('keys by the whole URL: each query string is its own entry', async () => {
    const h = (current = await harness());
    const a = JSON.parse((await get(h.app, '/api/news/STHSM?page=1')).body);
    const b = JSON.parse((await get(h.app, '/api/news/STHSM?page=2')).body);
    const a2 = JSON.parse((await get(h.app, '/api/news/STHSM?page=1')).body);
    expect(a.query).toEqual({ page: '1' });
    expect(b.query).toEqual({ page: '2' });
    expect(a2).toEqual(a);
    expect(h.calls.news).toBe(2);
  });

  it('keeps no errors and nothing for non-GET requests', async () => {
    const h = (current = await harness());
    await get(h.app, '/api/broken');
    await get(h.app, '/api/broken');
    expect(h.calls.broken).toBe(2);
    await get(h.app, '/api/missing');
    await get(h.app, '/api/missing');
    expect(h.calls.missing).toBe(2);
    await h.app.inject({ method: 'POST', url: '/api/news/STHSM', payload: {} });
    await h.app.inject({ method: 'POST', url: '/api/news/STHSM', payload: {} });
    expect(h.calls['news-post']).toBe(2);
  });

  it('lets a client ask for a fresh answer with Cache-Control: no-cache', async () => {
    const h = (current = await harness());
    await get(h.app, '/api/news/STHSM');
    const fresh = await get(h.app, '/api/news/STHSM', { 'cache-control': 'no-cache' });
    expect(JSON.parse(fresh.body).run).toBe(2);
  });
});
