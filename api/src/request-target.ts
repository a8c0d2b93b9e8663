import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// One request-target rule for the whole server (docs/decisions/0040): origin-form paths only
// ("/path?query"; not "//host", "/\host", absolute-form "http://host/…", "*" or "host:port"),
// normalised as a browser would (dot segments resolved, "\" read as "/") before routing, so the
// site, the API and both caches see the same path. Anything else is 400 before any route runs.

/** Longer targets are refused with 414; React Router's own route-discovery URLs stay under 7,680. */
export const MAX_TARGET_LENGTH = 8 * 1024;

export type TargetVerdict = { ok: true; url: string } | { ok: false; status: 400 | 414; error: string };

/** Where a refused target is routed while the first hook answers it (never rendered). */
export const REFUSED_TARGET_PATH = '/invalid-request-target';

export const TARGET_ERROR = 'The request target must be a path on this server, such as /news?year=2025.';
export const HOST_ERROR = 'The Host header is not a valid host name.';

const BASE = 'http://request-target.invalid';
/** RFC 9112 targets are visible ASCII; a raw space, control byte (NUL included) or non-ASCII byte is not a path. */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;
/** "%" must start a two-digit escape. */
const BROKEN_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

const refused = (error = TARGET_ERROR): TargetVerdict => ({ ok: false, status: 400, error });

/** Checks and normalises one request target: the path and query the server goes on with, or why not. */
export function normaliseRequestTarget(raw: string): TargetVerdict {
  if (raw.length > MAX_TARGET_LENGTH) {
    return { ok: false, status: 414, error: `The request target is longer than ${MAX_TARGET_LENGTH} characters.` };
  }
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return refused();
  if (!VISIBLE_ASCII.test(raw) || raw.includes('#') || BROKEN_ESCAPE.test(raw)) return refused();
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return refused();
  }
  // Resolving dot segments can bring a "//" to the front ("/.//host"): still not a path of ours.
  if (url.origin !== BASE || url.pathname.startsWith('//')) return refused();
  return { ok: true, url: `${url.pathname}${url.search}` };
}

const refusedTargets = new WeakMap<IncomingMessage, TargetVerdict>();

/**
 * Fastify's `rewriteUrl` (runs before routing): the normalised target, or a placeholder path for a
 * refused one, which the first onRequest hook answers (`installRequestTargetRules`).
 */
export function rewriteRequestTarget(req: IncomingMessage): string {
  const verdict = normaliseRequestTarget(req.url ?? '');
  if (verdict.ok) return verdict.url;
  refusedTargets.set(req, verdict);
  return REFUSED_TARGET_PATH;
}

/** host, IPv4 or [IPv6], and an optional port: what a Host header may hold (RFC 9110 §7.2). */
const HOST_SHAPE = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+)(?::(\d{1,5}))?$/;

/** True for a Host value the server can build a URL from. */
export function isValidHost(host: string): boolean {
  const match = HOST_SHAPE.exec(host);
  if (!match || Number(match[1] ?? 0) > 65_535) return false;
  try {
    return new URL(`http://${host}/`).host.length > 0;
  } catch {
    return false;
  }
}

/** The Host (or a trusted proxy's X-Forwarded-Host) is absent (HTTP/1.0), or one valid value. */
function hostIsAcceptable(request: FastifyRequest): boolean {
  let hostHeaders = 0;
  const raw = request.raw.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'host') hostHeaders++;
  if (hostHeaders > 1) return false;
  if (hostHeaders === 0 && request.headers['x-forwarded-host'] === undefined) return true;
  return isValidHost(request.host);
}

/**
 * The first onRequest hook of the server: a refused target answers 400 (414 when overlong), a
 * malformed Host 400, as JSON, before any route, cache or the site sees the request. Expected
 * rejections: no error is thrown, so nothing is logged beyond the request line.
 */
export function installRequestTargetRules(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const verdict = refusedTargets.get(request.raw);
    if (verdict && !verdict.ok) return reply.code(verdict.status).send({ error: verdict.error });
    if (!hostIsAcceptable(request)) return reply.code(400).send({ error: HOST_ERROR });
  });
}
