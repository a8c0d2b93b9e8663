import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { isSameOriginRequest } from '../origin.ts';

// The staff side's cross-site request checks (STAFF.md; docs/decisions/0032): every
// state-changing staff request must come from this site's own origin, and once signed in must
// carry the session's CSRF token in `x-csrf-token`.

export const CSRF_HEADER = 'x-csrf-token';

/**
 * Staff writes must show where they come from: the server-wide rule of api/src/origin.ts, except
 * that a request carrying neither Origin nor Sec-Fetch-Site is refused (staff requests come from a
 * browser page, or from the site relaying the page's Origin), and Sec-Fetch-Site must say
 * same-origin (not merely "none").
 */
export function isSameOrigin(request: FastifyRequest, config: Config): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'none') return false;
  if (request.headers.origin === undefined && fetchSite !== 'same-origin') return false;
  return isSameOriginRequest(request, config);
}

export function hasValidCsrfToken(request: FastifyRequest, expected: string): boolean {
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || sent.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
}
