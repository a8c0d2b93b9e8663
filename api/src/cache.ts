import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentWatch } from './content/watch.ts';
import { markReplayable } from './replay.ts';
import { cacheLookups } from './metrics/registry.ts';

/**
 * In-memory cache for the API's public GET JSON answers (docs/decisions: response caches).
 * Keyed by URL; stores the serialised JSON once, its strong ETag, and its brotli/gzip bytes made
 * on first use, so a hit costs a Map lookup and a write. An entry lives at most `ttlMs` (content
 * changed outside the staff API — `npm run seed`, or the school's midnight — shows within that
 * time), and never past its school's next scheduled publish or unpublish moment. Only a successful
 * staff write of published content invalidates, and only its school's answers
 * (docs/decisions/0061): the write bumps the school's counter in the database, and an entry stored
 * under an older counter is not replayed (`watch`, read at most once a second, so this holds across
 * processes); the writing process also drops them at once (`contentChanged`). Invalid, refused,
 * rate-limited or unknown requests change nothing.
 */

export interface ResponseCacheOptions {
  /** Longest life of an entry. */
  ttlMs?: number;
  maxEntries?: number;
  /** Larger answers are not kept. */
  maxBytes?: number;
  now?: () => number;
  /** The content counters and publish transitions (content/watch.ts); without it, entries live their TTL. */
  watch?: ContentWatch;
}

interface Entry {
  expires: number;
  /** The school the answer belongs to (null: several or unknown) and its counter when read. */
  school: string | null;
  stamp: number;
  body: string;
  contentType: string;
  etag: string;
  encoded: Map<string, Buffer>;
}

type Listener = (school: string | null) => void;
const listeners = new Set<Listener>();

/** Called after this process committed a write of a school's public content (both caches listen). */
export function onContentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A write of `school`'s public content was committed in this process (null: any school's). */
export function contentChanged(school: string | null): void {
  for (const listener of listeners) listener(school);
}

/**
 * The school a public API answer belongs to, from its path: the code is the last segment of the
 * list routes and the second of /api/pages/{code}/{slug}; null for answers found by id (subGallery).
 */
export function schoolOfApiPath(url: string): string | null {
  const segments = (url.split('?')[0] ?? '').split('/').slice(2);
  if (segments.length < 2) return null;
  if (segments[0]?.toLowerCase() === 'pages') return segments[1] ?? null;
  return segments.at(-1) || null;
}

let lastTroubleAt = Number.NEGATIVE_INFINITY;

/** True when an /api request answered 5xx at or after `time` (ms): a page rendered meanwhile may hold placeholders. */
export function apiTroubleSince(time: number): boolean {
  return lastTroubleAt >= time;
}

/** Paths never cached: per-visitor counts, health, the TLS ask, media (cached on disk and by browsers), the schema, previews, the staff API, subscriptions (a manage answer is one person's), a guardian's consent link. */
const UNCACHED = /^\/api\/(?:visitor|health|tls\/|image|media|openapi|preview|admin\/|subscribe\/|search\/|consent\/)/i;

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
    ? brotliCompressSync(body, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) },
      })
    : gzipSync(body, { level: 9 });
}

/**
 * Adds the cache's hooks to the root instance. Call it before registering @fastify/compress:
 * its per-route onSend then runs after ours (we store the JSON text) and skips our hits
 * (they already carry Content-Encoding).
 */
export function installResponseCache(app: FastifyInstance, options: ResponseCacheOptions = {}): ResponseCacheHandle {
  const ttlMs = options.ttlMs ?? 15_000;
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const watch = options.watch;
  const store = new Map<string, Entry>();
  /** Requests whose answer may be stored, with the local generation and the school's counter they started with. */
  const pending = new WeakMap<FastifyRequest, { generation: number; school: string | null; stamp: number }>();
  let generation = 0;

  const clear = () => {
    generation++;
    store.clear();
  };
  const forget = (school: string | null) => {
    generation++;
    // This process wrote: its next answer reads the counters (and the next moments) again.
    watch?.changed();
    if (school === null) store.clear();
    for (const [key, entry] of store) if (entry.school === school || entry.school === null) store.delete(key);
  };
  const stopListening = onContentChange(forget);
  app.addHook('onClose', async () => {
    stopListening();
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (!url.startsWith('/api/')) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (UNCACHED.test(url) || request.headers['cache-control']?.includes('no-cache')) return;
    const school = schoolOfApiPath(url);
    const stamp = watch ? await watch.stamp(school) : 0;
    const entry = store.get(url);
    if (!entry || entry.expires <= now() || entry.stamp !== stamp) {
      cacheLookups.inc({ cache: 'api', result: 'miss' });
      if (entry) store.delete(url);
      pending.set(request, { generation, school, stamp });
      return;
    }
    // A hit: refresh its place in the eviction order and answer from memory.
    cacheLookups.inc({ cache: 'api', result: 'hit' });
    store.delete(url);
    store.set(url, entry);
    // Replayed before Fastify while this entry is still the answer (replay.ts).
    markReplayable(request, () => store.get(url) === entry && entry.expires > now() && (watch ? watch.held?.(school) === stamp : true));
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
      started.generation === generation &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      contentType.startsWith('application/json') &&
      payload.length <= maxBytes &&
      !reply.hasHeader('set-cookie')
    ) {
      const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
      const untilTransition = watch?.msUntilTransition(started.school) ?? null;
      const life = untilTransition === null ? ttlMs : Math.min(ttlMs, untilTransition);
      store.set(request.url, {
        expires: now() + life,
        school: started.school,
        stamp: started.stamp,
        body: payload,
        contentType,
        etag,
        encoded: new Map(),
      });
      while (store.size > maxEntries) store.delete(store.keys().next().value as string);
      reply.header('etag', etag);
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500 && request.url.startsWith('/api/')) lastTroubleAt = Date.now();
  });

  const handle = { clear, keys: () => [...store.keys()] };
  installed.set(app, handle);
  return handle;
}

const installed = new WeakMap<FastifyInstance, ResponseCacheHandle>();

export interface ResponseCacheHandle {
  clear: () => void;
  /** The URLs held (tests). */
  keys: () => string[];
}

/** The response cache installed on `app`, if any (tests look at its keys). */
export function responseCacheOf(app: FastifyInstance): ResponseCacheHandle | undefined {
  return installed.get(app);
}
