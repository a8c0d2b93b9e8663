import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

// Same-origin enforcement for every state-changing request of the server, site actions and API,
// public and staff alike (docs/decisions/0040). The rule follows the browser's own signals:
// Sec-Fetch-Site when the browser sends it, else Origin; a request with neither comes from no
// browser page (curl, another server, this process's own site posting to the API over loopback)
// and carries no visitor's browser an attacker could borrow, so it passes.

/** Methods that change nothing; every other method is checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_ORIGIN_ERROR =
  'This request came from a page on another site and was refused. Please use the form on the school website.';

export type OriginConfig = Pick<Config, 'siteOrigin' | 'allowedOrigins'>;

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** The origins that may always post here: the site's own (SITE_URL) and ALLOWED_ORIGINS. */
export function trustedOrigins(config: OriginConfig): ReadonlySet<string> {
  return new Set([config.siteOrigin, ...config.allowedOrigins]);
}

/** The host of an Origin header value, or undefined for "null" and anything unreadable. */
function hostOf(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : undefined;
  } catch {
    return undefined;
  }
}

/** `host:80` and `host:443` as a URL writes them (an Origin never names a default port). */
function withoutDefaultPort(host: string): string {
  return host.replace(/:(?:80|443)$/, '');
}

/**
 * True when the request may change state: the browser says the page that sent it is this origin
 * (Sec-Fetch-Site: same-origin; "none" is the visitor's own action, such as a bookmark), or its
 * Origin is the site's, on ALLOWED_ORIGINS, or names the host the request was sent to (the
 * scheme is not compared: TLS may end at a proxy); or it carries neither header.
 */
export function isSameOriginRequest(request: FastifyRequest, config: OriginConfig, trusted = trustedOrigins(config)): boolean {
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) {
    if (fetchSite === 'same-origin' || fetchSite === 'none') return true;
    // same-site (a sibling sub-domain, another port) and cross-site pages need the allow-list.
    return origin !== undefined && trusted.has(origin);
  }
  if (origin === undefined) return true;
  if (trusted.has(origin)) return true;
  const host = hostOf(origin);
  return host !== undefined && host === withoutDefaultPort(request.host.toLowerCase());
}

/**
 * Adds the check to every route of `app` (call on the root instance, after the request-target
 * rules and before the response caches, so a refused request neither runs nor empties a cache).
 * A refusal is 403 `{ error }` with one warn line (method, path, the foreign origin; no stack).
 */
export function installOriginCheck(app: FastifyInstance, config: OriginConfig): void {
  const trusted = trustedOrigins(config);
  app.addHook('onRequest', async (request, reply) => {
    if (!isStateChanging(request.method) || isSameOriginRequest(request, config, trusted)) return;
    request.log.warn(
      {
        origin: String(request.headers.origin ?? '(none)').slice(0, 200),
        secFetchSite: String(request.headers['sec-fetch-site'] ?? '(none)').slice(0, 40),
      },
      'cross-origin request refused',
    );
    return reply.code(403).send({ error: CROSS_ORIGIN_ERROR });
  });
}
