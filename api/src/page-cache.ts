import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { API_TIMEOUT_MS } from '@sthsm/contract/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiTroubleSince, onContentChange, pickEncoding } from './cache.ts';
import type { ContentWatch } from './content/watch.ts';
import { harmlessCookies, markReplayable, type StillValid } from './replay.ts';
import { cacheLookups } from './metrics/registry.ts';
import { newNonce as freshNonce } from './security-headers.ts';

/**
 * A short-lived in-memory cache of server-rendered pages for anonymous GET requests
 * (docs/decisions: response caches, and "one CSP nonce per cached page"). Pages hold no
 * per-visitor data (the visitor count is fetched in the browser). Each entry is rendered with its
 * own fresh CSP nonce and replayed, byte for byte, with that nonce and its brotli/gzip bytes made
 * once, for at most `ttlMs` and never past the school's next scheduled publish or unpublish moment:
 * a hit costs a Map lookup and a write, not a compression. A school's entries are dropped when a
 * staff write of its published content commits (at once in the writing process; in every other
 * within a second, through the school's counter in the database: `watch`, docs/decisions/0061), so
 * content that could carry an injected script is always rendered under a nonce nobody has seen.
 * Nothing else (no invalid, refused or unknown request) empties it. Entries are not stored when the
 * API failed or was slow while the page rendered (so a placeholder page from an outage is not
 * replayed). Concurrent misses for one URL share one render.
 */

export interface PageCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
  /** Makes the nonce of each render (security-headers.ts' newNonce by default). */
  newNonce?: () => string;
  /** The content counters and publish transitions (content/watch.ts); without it, entries live their TTL. */
  watch?: ContentWatch;
}

type Encoding = 'br' | 'gzip';

/** One stored page: its bytes, the nonce they were rendered with, and their compressed forms. */
export interface CachedPage {
  expires: number;
  /** The school the page was rendered for, and its content counter then. */
  school: string | null;
  stamp: number;
  status: number;
  headers: [string, string][];
  body: Buffer;
  nonce: string;
  etag: string;
  encoded: Map<Encoding, Promise<Buffer>>;
}

/** A page to send: from the cache (`page`), or rendered and not storable (`response`); `nonce` is the one its scripts carry. */
export type PageResult =
  { nonce: string; page: CachedPage; response?: undefined } | { nonce: string; response: Response; page?: undefined };

/** A render this slow may have hit the site's API time-out (placeholders instead of data): not stored. */
const SLOW_RENDER_MS = API_TIMEOUT_MS;

/**
 * What is replayed: pages, and the site's other anonymous GET answers made from the same public
 * data — the news feeds (RSS, Atom), the calendars (iCalendar) and /sitemap.xml — so a feed
 * reader polling every few minutes costs what a page view does (docs/api.md "Feeds, calendars and share previews").
 */
const CACHEABLE_TYPE = /^(?:text\/html|application\/rss\+xml|application\/atom\+xml|text\/calendar|application\/xml)\b/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PageCache {
  /**
   * The cache key of a request, or null when it must be rendered fresh; `scope` names what else the
   * render depends on (the school and the render origin, api/src/site.ts).
   */
  keyOf(request: FastifyRequest, scope?: string): string | null;
  /** The page for `key` (of `school`): from memory, from a render in flight, or rendered now with a new nonce. */
  lookup(key: string, render: (nonce: string) => Promise<Response>, school?: string | null): Promise<PageResult>;
  clear(): void;
  /** Whether `page` is still what `lookup(key)` would answer now, without reading anything (replay.ts). */
  holds(key: string, page: CachedPage): boolean;
  /** Answers from memory and renders since the start (the junk-request test prints the hit rate). */
  stats(): { hits: number; misses: number };
  /** Entries held (tests). */
  readonly size: number;
  /** The keys of the entries held (tests). */
  keys(): string[];
}

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 200;
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const now = options.now ?? Date.now;
  const newNonce = options.newNonce ?? freshNonce;
  const watch = options.watch;
  const store = new Map<string, CachedPage>();
  const inFlight = new Map<string, Promise<CachedPage | null>>();
  let generation = 0;
  let hits = 0;
  let misses = 0;
  const clear = () => {
    generation++;
    store.clear();
    inFlight.clear();
  };
  onContentChange((school) => {
    generation++;
    watch?.changed();
    for (const [key, page] of store) if (school === null || page.school === school || page.school === null) store.delete(key);
    inFlight.clear();
  });

  async function renderAndStore(
    key: string,
    render: (nonce: string) => Promise<Response>,
    school: string | null,
    stamp: number,
  ): Promise<{ result: PageResult; page: CachedPage | null }> {
    const started = now();
    const startedGeneration = generation;
    const nonce = newNonce();
    const response = await render(nonce);
    const type = response.headers.get('content-type') ?? '';
    const cacheControl = response.headers.get('cache-control') ?? '';
    if (
      response.status !== 200 ||
      !CACHEABLE_TYPE.test(type) ||
      !response.body ||
      response.headers.has('set-cookie') ||
      /no-store|private/i.test(cacheControl)
    ) {
      return { result: { nonce, response }, page: null };
    }
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'date' && name !== 'content-encoding');
    if (body.length > maxBytes || apiTroubleSince(started) || now() - started > SLOW_RENDER_MS || startedGeneration !== generation) {
      return { result: { nonce, response: new Response(body, { status: response.status, headers }) }, page: null };
    }
    const untilTransition = watch?.msUntilTransition(school) ?? null;
    const page: CachedPage = {
      expires: now() + (untilTransition === null ? ttlMs : Math.min(ttlMs, untilTransition)),
      school,
      stamp,
      status: response.status,
      headers,
      body,
      nonce,
      etag: `"p-${createHash('sha1').update(body).digest('base64url')}"`,
      encoded: new Map(),
    };
    store.set(key, page);
    while (store.size > maxEntries) store.delete(store.keys().next().value as string);
    return { result: { nonce, page }, page };
  }

  async function lookup(key: string, render: (nonce: string) => Promise<Response>, school: string | null = null): Promise<PageResult> {
    const stamp = watch ? await watch.stamp(school) : 0;
    const page = store.get(key);
    if (page && page.expires > now() && page.stamp === stamp) {
      hits++;
      cacheLookups.inc({ cache: 'page', result: 'hit', school: school ?? 'none' });
      return { nonce: page.nonce, page };
    }
    misses++;
    cacheLookups.inc({ cache: 'page', result: 'miss', school: school ?? 'none' });
    if (page) store.delete(key);
    const shared = inFlight.get(key);
    if (shared) {
      const done = await shared;
      if (done) return { nonce: done.nonce, page: done };
      // The shared render was not storable: render our own, with our own nonce.
      const nonce = newNonce();
      return { nonce, response: await render(nonce) };
    }
    const work = renderAndStore(key, render, school, stamp);
    const pagePromise = work.then(
      (r) => r.page,
      () => null,
    );
    inFlight.set(key, pagePromise);
    void pagePromise.finally(() => {
      if (inFlight.get(key) === pagePromise) inFlight.delete(key);
    });
    return (await work).result;
  }

  return {
    lookup,

    keyOf(request, scope = '') {
      if (request.method !== 'GET' || request.headers.authorization) return null;
      const path = request.url.split('?')[0] ?? '';
      // React Router's client data requests (*.data) and the API are not pages.
      // The staff area (/admin) is personal and never cached (its pages also send no-store).
      // Previews of drafts (/preview/…) are personal to their link and never cached either.
      // Search results (/search?q=…) are one per query: kept, they would push the pages out.
      if (path.endsWith('.data') || path.startsWith('/api/') || /^\/(?:admin|preview|search)(?:\/|$)/i.test(path)) return null;
      const cookie = request.headers.cookie;
      if (cookie && !harmlessCookies(cookie)) return null;
      // What the render depends on (the request's school and the origin it is rendered on, both
      // decided by the server: api/src/site.ts), then the normalised path and query
      // (api/src/request-target.ts) — never the client's own Host.
      return `${scope} ${request.url}`;
    },

    clear,

    holds(key, page) {
      return store.get(key) === page && page.expires > now() && (watch ? watch.held?.(page.school) === page.stamp : true);
    },

    stats: () => ({ hits, misses }),

    keys: () => [...store.keys()],

    get size() {
      return store.size;
    },
  };
}

function encoded(page: CachedPage, encoding: Encoding): Promise<Buffer> {
  let bytes = page.encoded.get(encoding);
  if (!bytes) {
    bytes =
      encoding === 'br'
        ? brotli(page.body, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: page.body.length },
          })
        : gzipAsync(page.body, { level: 9 });
    page.encoded.set(encoding, bytes);
  }
  return bytes;
}

/**
 * Sends a cached page as stored: its headers, a strong ETag (304 on If-None-Match, which names
 * this entry and so this nonce), and the bytes in the best encoding the client accepts, made once
 * per entry. The caller sets the CSP header for `page.nonce` (api/src/site.ts).
 */
export async function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  stillValid?: StillValid,
): Promise<void> {
  // Replayed before Fastify while the entry is still the answer (replay.ts).
  if (stillValid) markReplayable(request, stillValid);
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header('etag', page.etag).header('vary', 'accept-encoding');
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) {
    return reply.code(304).send();
  }
  reply.status(page.status);
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(page.body);
  return reply.header('content-encoding', encoding).send(await encoded(page, encoding));
}
