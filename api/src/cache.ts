import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * In-memory cache for the API's public GET JSON answers (docs/decisions: response caches).
 * Keyed by URL; stores the serialised JSON once, its strong ETag, and its brotli/gzip bytes made
 * on first use, so a hit costs a Map lookup and a write. An entry lives at most `ttlMs` (content
 * changed outside this process — `npm run seed`, another server on the same database, or the
 * school's midnight — shows within that time); any write through this process (a non-GET under
 * /api other than the visitor counter) empties the cache at once and tells `onContentChange`
 * listeners (the site's HTML cache).
 */

export interface ResponseCacheOptions {
  /** Longest life of an entry. */
  ttlMs?: number;
  maxEntries?: number;
  /** Larger answers are not kept. */
  maxBytes?: number;
  now?: () => number;
}

interface Entry {
  expires: number;
  body: string;
  contentType: string;
  etag: string;
  encoded: Map<string, Buffer>;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called after any content-changing request this process handled (the HTML cache listens). */
export function onContentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function contentChanged(): void {
  for (const listener of listeners) listener();
}

let lastTroubleAt = Number.NEGATIVE_INFINITY;

/** True when an /api request answered 5xx at or after `time` (ms): a page rendered meanwhile may hold placeholders. */
export function apiTroubleSince(time: number): boolean {
  return lastTroubleAt >= time;
}

/** Paths never cached: per-visitor counts, health, media (cached on disk and by browsers), the schema. */
const UNCACHED = /^\/api\/(?:visitor|health|image|media|openapi)/i;
/** Non-GET requests that change nothing public: the visitor counter. */
const NOT_A_CONTENT_WRITE = /^\/api\/visitor\b/i;

/** br, then gzip, then identity, honouring q=0. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

function encode(body: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) } })
    : gzipSync(body, { level: 9 });
}

/**
 * Adds the cache's hooks to the root instance. Call it before registering @fastify/compress:
 * its per-route onSend then runs after ours (we store the JSON text) and skips our hits
 * (they already carry Content-Encoding).
 */
export function installResponseCache(app: FastifyInstance, options: ResponseCacheOptions = {}): { clear: () => void } {
  const ttlMs = options.ttlMs ?? 15_000;
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const store = new Map<string, Entry>();
  /** Requests whose answer may be stored, with the cache generation they started in. */
  const pending = new WeakMap<FastifyRequest, number>();
  let generation = 0;

  const clear = () => {
    generation++;
    store.clear();
    contentChanged();
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (!url.startsWith('/api/')) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (!NOT_A_CONTENT_WRITE.test(url)) clear();
      return;
    }
    if (UNCACHED.test(url) || request.headers['cache-control']?.includes('no-cache')) return;
    const entry = store.get(url);
    if (!entry || entry.expires <= now()) {
      if (entry) store.delete(url);
      pending.set(request, generation);
      return;
    }
    // A hit: refresh its place in the eviction order and answer from memory.
    store.delete(url);
    store.set(url, entry);
    reply.header('content-type', entry.contentType).header('etag', entry.etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return reply.send(entry.body);
    let bytes = entry.encoded.get(encoding);
    if (!bytes) {
      bytes = encode(entry.body, encoding);
      entry.encoded.set(encoding, bytes);
    }
    return reply.header('content-encoding', encoding).send(bytes);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const started = pending.get(request);
    if (started === undefined) return payload;
    pending.delete(request);
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (
      started === generation && reply.statusCode === 200 && typeof payload === 'string' &&
      contentType.startsWith('application/json') && payload.length <= maxBytes && !reply.hasHeader('set-cookie')
    ) {
      const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
      store.set(request.url, { expires: now() + ttlMs, body: payload, contentType, etag, encoded: new Map() });
      while (store.size > maxEntries) store.delete(store.keys().next().value as string);
      reply.header('etag', etag);
    }
    return payload;
  });

  // The write is done: drop anything a concurrent GET stored meanwhile.
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500 && request.url.startsWith('/api/')) lastTroubleAt = Date.now();
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/') && !NOT_A_CONTENT_WRITE.test(request.url)) clear();
  });

  return { clear };
}
