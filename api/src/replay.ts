import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, FastifyServerOptions, RawServerDefault } from 'fastify';
import { httpDuration, httpRequests, replayedAnswers, routeGroup } from './metrics/registry.ts';

/**
 * Replaying cached answers before Fastify (issue 18 item 4; docs/decisions/0045). A cache hit of
 * the response cache (cache.ts) or the page cache (page-cache.ts) costs little of its own, yet
 * through Fastify it paid for routing, a child logger, eleven hooks and header checks on every
 * request: 4–5× nginx per answer. Once Fastify has answered a request from a cache, the exact
 * bytes it wrote (status 200, every header but Date and the connection's) are kept under the
 * request's exact form (host, forwarded host and protocol, target, Accept-Encoding). The same
 * request again is answered from them by the HTTP server's own listener, for as long as the cache
 * entry it came from would still be the answer: still held, not expired, its school's content
 * counter unchanged and freshly read (content/watch.ts). Anything else — another header that
 * could change the answer (cookies other than the visitor mark, conditionals, Origin,
 * Authorization, Range, no-cache), a body, HEAD, a closing server — goes to Fastify as before.
 */

/** Whether the cache entry a replayed answer came from is still what the cache would answer. */
export type StillValid = () => boolean;

const marks = new WeakMap<FastifyRequest, StillValid>();

/** Called by a cache as it answers `request` from an entry: the answer may be replayed while `stillValid()`. */
export function markReplayable(request: FastifyRequest, stillValid: StillValid): void {
  marks.set(request, stillValid);
}

interface Entry {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  stillValid: StillValid;
}

/** Cookies that change nothing in an answer (the visitor counter's once-per-30-minutes mark). */
const HARMLESS_COOKIE = /^visited_[A-Za-z0-9_-]+$/;
/** Request headers that could make the answer differ from the stored one. */
const DECLINED = ['authorization', 'if-none-match', 'if-modified-since', 'if-match', 'if-range', 'range', 'origin', 'pragma'];
const SWEEP_MS = 30_000;
const INFO_OR_BELOW = new Set(['info', 'debug', 'trace']);
/** Answer headers the server writes per connection. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Whether every cookie of a Cookie header is one that changes nothing (page-cache.ts keys by the same rule). */
export function harmlessCookies(cookie: string): boolean {
  for (const pair of cookie.split(';')) {
    const name = pair.split('=')[0]?.trim() ?? '';
    if (name && !HARMLESS_COOKIE.test(name)) return false;
  }
  return true;
}

/** The exact form of a request that may be replayed, or null. */
function keyOf(req: IncomingMessage): string | null {
  if (req.method !== 'GET') return null;
  const h = req.headers;
  for (const name of DECLINED) if (h[name] !== undefined) return null;
  if (h['cache-control']?.includes('no-cache')) return null;
  if ((h['content-length'] !== undefined && h['content-length'] !== '0') || h['transfer-encoding'] !== undefined) return null;
  if (h.cookie !== undefined && !harmlessCookies(h.cookie)) return null;
  return `${h.host ?? ''}\n${String(h['x-forwarded-host'] ?? '')}\n${String(h['x-forwarded-proto'] ?? '')}\n${h['accept-encoding'] ?? ''}\n${req.url ?? ''}`;
}

export interface Replay {
  /** Fastify's `serverFactory`: the HTTP server, answering what it can before Fastify. */
  serverFactory: NonNullable<FastifyServerOptions['serverFactory']>;
  /** Keeps what Fastify answers from a cache (call on the root instance before any route). */
  install(app: FastifyInstance): void;
  /** Answers kept now (tests). */
  readonly size: number;
}

export function createReplay(options: { maxEntries?: number } = {}): Replay {
  const maxEntries = options.maxEntries ?? 1000;
  const entries = new Map<string, Entry>();
  const sent = new WeakMap<FastifyRequest, Buffer>();
  let closing = false;
  let log: FastifyBaseLogger | null = null;

  function serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (closing || entries.size === 0) return false;
    const key = keyOf(req);
    if (key === null) return false;
    const entry = entries.get(key);
    if (!entry) return false;
    if (!entry.stillValid()) {
      entries.delete(key);
      return false;
    }
    const started = performance.now();
    res.writeHead(200, entry.headers);
    res.end(entry.body);
    // Fastify never sees it: counted here as its onResponse hook counts the others (metrics/route.ts).
    const group = routeGroup(req.url ?? '');
    replayedAnswers.inc();
    httpRequests.inc({ group, status: '200' });
    httpDuration.observe({ group }, (performance.now() - started) / 1000);
    // The line Fastify would log for the request (at info), with the same fields.
    if (log && INFO_OR_BELOW.has(log.level)) {
      log.info(
        { req: { method: 'GET', url: req.url }, res: { statusCode: 200 }, responseTime: performance.now() - started, replayed: true },
        'request completed',
      );
    }
    return true;
  }

  return {
    serverFactory(handler, fastifyOptions) {
      const server = http.createServer(fastifyOptions.http ?? {}, (req, res) => {
        if (!serve(req, res)) handler(req, res);
      });
      // What Fastify does for the server it makes itself (fastify/lib/server.js).
      const { keepAliveTimeout, requestTimeout, connectionTimeout } = fastifyOptions;
      if (typeof keepAliveTimeout === 'number') server.keepAliveTimeout = keepAliveTimeout;
      if (typeof requestTimeout === 'number') server.requestTimeout = requestTimeout;
      if (typeof connectionTimeout === 'number') server.setTimeout(connectionTimeout);
      return server as RawServerDefault;
    },

    install(app) {
      log = app.log;
      app.addHook('onSend', async (request, reply, payload) => {
        if (marks.has(request) && reply.statusCode === 200) {
          if (Buffer.isBuffer(payload)) sent.set(request, payload);
          else if (typeof payload === 'string') sent.set(request, Buffer.from(payload));
        }
        return payload;
      });
      // Kept once the answer is written, with the headers as written (every hook has run).
      app.addHook('onResponse', async (request, reply) => {
        const body = sent.get(request);
        const stillValid = marks.get(request);
        if (!body || !stillValid || reply.statusCode !== 200) return;
        const key = keyOf(request.raw);
        if (key === null) return;
        // Fastify's own record of what it wrote (it hands them to writeHead whole, so the raw response holds none).
        const written = reply.getHeaders();
        if (written['set-cookie'] !== undefined || Number(written['content-length']) !== body.length) return;
        const headers: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(written)) if (!PER_CONNECTION.has(name) && value !== undefined) headers[name] = value;
        entries.delete(key);
        entries.set(key, { headers, body, stillValid });
        while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      });
      // Answers whose entry has gone are dropped as they are next asked for, and the rest here,
      // so no body outlives its cache entry by more than a sweep.
      const sweep = setInterval(() => {
        for (const [key, entry] of entries) if (!entry.stillValid()) entries.delete(key);
      }, SWEEP_MS);
      sweep.unref();
      app.addHook('preClose', async () => {
        closing = true;
        clearInterval(sweep);
        entries.clear();
      });
    },

    get size() {
      return entries.size;
    },
  };
}
