import { SCHOOL_CODE_PATTERN, SCHOOL_HEADER } from '@sthsm/contract/http';
import { env } from './env.server';

/**
 * The school of this request: the one api/src/site.ts resolved from its host name and handed over
 * in SCHOOL_HEADER (a client's own value never gets through), else SCHOOL_CODE. The one lookup
 * every loader, action and page of the site (public and staff) uses.
 */
export function currentSchool(request: Request): string {
  const code = request.headers.get(SCHOOL_HEADER);
  return code && SCHOOL_CODE_PATTERN.test(code) ? code : env.schoolCode;
}

/**
 * The public origin of this request's school, for canonical URLs, /sitemap.xml and JSON-LD:
 * SITE_URL for the default school; for another school, the origin it was reached on (a host
 * name of the host table, as the server resolved it: docs/decisions/0022).
 */
export function siteUrlFor(request: Request, school = currentSchool(request)): string {
  return school === env.schoolCode ? env.siteUrl : new URL(request.url).origin;
}
