import type { FastifyRequest } from 'fastify';
import { apiTroubleSince, onContentChange } from './cache.ts';

/**
 * A short-lived in-memory cache of server-rendered pages for anonymous GET requests
 * (docs/decisions: response caches). Pages hold no per-visitor data (the visitor count is fetched
 * in the browser); the one per-response value is the CSP nonce, which is swapped for the new
 * response's own nonce on every replay. Entries live at most `ttlMs`, are dropped at once when
 * this process handles a content write, and are not stored when the API failed or was slow while
 * the page rendered (so a placeholder page from an outage is not replayed). Concurrent misses for
 * one URL share one render.
 */

export interface PageCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

interface Entry {
  expires: number;
  status: number;
  headers: [string, string][];
  /** The body split at the nonce it was rendered with. */
  parts: string[];
}

/** A render this slow may have hit an API time-out (2.5 s in web/app/lib/api.server.ts): not stored. */
const SLOW_RENDER_MS = 2_500;

/** Cookies that change nothing in the HTML (the visitor counter's once-per-30-minutes mark). */
const HARMLESS_COOKIE = /^visited_[A-Za-z0-9_-]+$/;

export interface PageCache {
  /** The cache key of a request, or null when it must be rendered fresh. */
  keyOf(request: FastifyRequest): string | null;
  /** The page for `key` carrying `nonce`: from memory, from a render in flight, or rendered now. */
  get(key: string, nonce: string, render: (nonce: string) => Promise<Response>): Promise<Response>;
  clear(): void;
}

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 200;
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const now = options.now ?? Date.now;
  const store = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry | null>>();
  let generation = 0;
  const clear = () => {
    generation++;
    store.clear();
  };
  onContentChange(clear);

  const replay = (entry: Entry, nonce: string) =>
    new Response(entry.parts.join(nonce), { status: entry.status, headers: entry.headers });

  async function renderAndStore(key: string, nonce: string, render: (nonce: string) => Promise<Response>): Promise<{ response: Response; entry: Entry | null }> {
    const started = now();
    const startedGeneration = generation;
    const response = await render(nonce);
    const type = response.headers.get('content-type') ?? '';
    const cacheControl = response.headers.get('cache-control') ?? '';
    if (
      response.status !== 200 || !type.startsWith('text/html') || !response.body || response.headers.has('set-cookie') ||
      /no-store|private/i.test(cacheControl)
    ) {
      return { response, entry: null };
    }
    const body = await response.text();
    const headers = [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'date');
    const fresh = new Response(body, { status: response.status, headers });
    if (body.length > maxBytes || apiTroubleSince(started) || now() - started > SLOW_RENDER_MS || startedGeneration !== generation || !nonce) {
      return { response: fresh, entry: null };
    }
    const entry: Entry = { expires: now() + ttlMs, status: response.status, headers, parts: body.split(nonce) };
    store.set(key, entry);
    while (store.size > maxEntries) store.delete(store.keys().next().value as string);
    return { response: fresh, entry };
  }

  return {
    keyOf(request) {
      if (request.method !== 'GET' || request.headers.authorization) return null;
      const path = request.url.split('?')[0] ?? '';
      // React Router's client data requests (*.data) and the API are not pages.
      if (path.endsWith('.data') || path.startsWith('/api/')) return null;
      const cookie = request.headers.cookie;
      if (cookie) {
        for (const pair of cookie.split(';')) {
          const name = pair.split('=')[0]?.trim() ?? '';
          if (name && !HARMLESS_COOKIE.test(name)) return null;
        }
      }
      return `${request.protocol}://${request.host}${request.url}`;
    },

    async get(key, nonce, render) {
      const entry = store.get(key);
      if (entry && entry.expires > now()) return replay(entry, nonce);
      if (entry) store.delete(key);
      const shared = inFlight.get(key);
      if (shared) {
        const done = await shared;
        if (done) return replay(done, nonce);
        return render(nonce);
      }
      const work = renderAndStore(key, nonce, render);
      const entryPromise = work.then((r) => r.entry, () => null);
      inFlight.set(key, entryPromise);
      void entryPromise.finally(() => inFlight.delete(key));
      return (await work).response;
    },

    clear,
  };
}
