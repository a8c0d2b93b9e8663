import type { ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { NONCE_HEADER, SCHOOL_HEADER } from '@sthsm/contract/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { DEVELOPMENT } from './config.ts';
import { HttpError } from './errors.ts';
import { isSameOriginRequest, isStateChanging, type OriginConfig } from './origin.ts';
import type { ContentWatch } from './content/watch.ts';
import { createPageCache, sendCachedPage, type PageCache } from './page-cache.ts';
import { TARGET_ERROR } from './request-target.ts';
import type { SchoolResolver } from './school-hosts.ts';
import { isHttps, newNonce, pagePolicy } from './security-headers.ts';
import { NO_SCHOOL_TEXT, SUSPENDED_RETRY_AFTER_S, SUSPENDED_TEXT } from './schools/words.ts';

/** Paths of the staff area and their client data requests (/admin, /admin/…, /admin.data). */
const STAFF_AREA = /^\/admin(?:[/.?]|$)/i;

/**
 * `siteOrigin` (config.siteOrigin, SITE_URL): the origin the default school's pages are rendered
 * on; `allowedOrigins` (ALLOWED_ORIGINS): other sites whose pages may post (api/src/origin.ts).
 */
export interface SiteOptions extends OriginConfig {
  /** The site's build folder (config.webBuildDir). */
  buildDir: string;
  /** Host name → school code (api/src/school-hosts.ts). */
  schools: SiteSchools;
  /** How long an anonymous page is replayed (config.pageCacheTtlMs). */
  pageCacheTtlMs: number;
  /** A server build to mount instead of the one in buildDir (tests). */
  build?: ServerBuild;
  /** The page cache to use (tests); by default a new one, none in development. */
  pages?: PageCache;
  /** The content counters the page cache checks (content/watch.ts); server.ts shares one with the API. */
  watch?: ContentWatch;
}

/** What the site asks of the resolver (tests hand in the first two only: every host then has the default school, never suspended). */
export type SiteSchools = Pick<SchoolResolver, 'schoolOf' | 'isMapped'> &
  Partial<Pick<SchoolResolver, 'staffSchoolOf' | 'isSuspended' | 'reloadOnMiss'>>;

/** A plain page of its own (no scripts, no site build): the unknown host's 404 and a suspended school's 503. */
export function plainPage(request: FastifyRequest, reply: FastifyReply, status: number, title: string, text: string) {
  const nonce = newNonce();
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('content-security-policy', pagePolicy(nonce, isHttps(request)));
  if (status === 503) reply.header('retry-after', String(SUSPENDED_RETRY_AFTER_S));
  const html =
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${title}</title><style nonce="${nonce}">body{font:1.125rem/1.5 system-ui,sans-serif;margin:0;padding:3rem 1.25rem;color:#1a1a1a;background:#fff}main{max-width:36rem;margin:0 auto}h1{font-size:1.5rem}</style></head>` +
    `<body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
  return reply.send(request.method === 'HEAD' ? undefined : html);
}

/** How one site request is answered. */
export interface RenderOptions {
  /** The origins writes are judged by. */
  origins: OriginConfig;
  /** The origin the page is rendered on: SITE_URL's, or a mapped host's own (decisions 0022, 0040). */
  origin: string;
  /** The request's school, as its host name resolved. */
  school: string;
  pages?: PageCache;
}

/**
 * Mounts the server-rendered site (React Router) on every path outside /api, in the same
 * process and on the same port as the API. Hashed assets are served as immutable files.
 */
export async function mountSite(app: FastifyInstance, options: SiteOptions): Promise<void> {
  let build = options.build;
  if (!build) {
    const serverEntry = path.join(options.buildDir, 'server', 'index.js');
    if (!existsSync(serverEntry)) {
      app.log.warn(`No site build at ${serverEntry}: run "npm run build". Serving the API only.`);
      return;
    }
    build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  }
  const handle = createRequestHandler(build, DEVELOPMENT ? 'development' : 'production');
  // Anonymous GET pages replayed from memory for up to pageCacheTtlMs, as rendered: one nonce and
  // one compression per entry (api/src/page-cache.ts, decision 0019).
  const pages = options.pages ?? (DEVELOPMENT ? undefined : createPageCache({ ttlMs: options.pageCacheTtlMs, watch: options.watch }));
  const origins: OriginConfig = { siteOrigin: options.siteOrigin, allowedOrigins: options.allowedOrigins };

  await app.register(async (site) => {
    // A build handed in (tests) brings no built assets.
    if (!options.build) {
      await site.register(fastifyStatic, {
        root: path.join(options.buildDir, 'client'),
        prefix: '/',
        wildcard: false,
        index: false,
        // .br/.gz written at build time (web/vite-precompress.ts), chosen by Accept-Encoding.
        preCompressed: true,
        // Cache-Control comes from setHeaders alone (send's own `max-age=0` would overwrite it).
        cacheControl: false,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    }
    // The site reads form posts itself (route actions), so keep bodies as raw bytes here.
    site.removeAllContentTypeParsers();
    site.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    site.route({
      method: ['GET', 'HEAD', 'POST'],
      url: '/*',
      handler: siteHandler(handle, options.schools, origins, pages),
    });
  });
}

/**
 * The site's route handler: each request rendered (or replayed) for the school of its host name,
 * on SITE_URL's origin — or, for a host name of the host table, on that host's own origin (it is
 * a name the school owns, not whatever a client wrote).
 */
export function siteHandler(
  handle: (request: Request) => Promise<Response>,
  schools: SiteSchools,
  origins: OriginConfig,
  pages?: PageCache,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const staffArea = STAFF_AREA.test(request.url);
    // The staff area also opens on the default school's own addresses before that school exists: an operator's first sign-in.
    const resolve = () => schools.schoolOf(request.hostname) ?? (staffArea ? (schools.staffSchoolOf?.(request.hostname) ?? null) : null);
    let school = resolve();
    // A host name added on another process (npm run school) works at once, not after the minute's
    // reload: an unknown name is looked up (one indexed read, like the staff API's per request).
    if (school === null && (await schools.reloadOnMiss?.(request.hostname))) school = resolve();
    if (school === null) return plainPage(request, reply, 404, 'No school here', NO_SCHOOL_TEXT);
    // A suspended school's public pages answer 503; its staff keep working (issue 31).
    if (!staffArea && (await schools.isSuspended?.(school)))
      return plainPage(request, reply, 503, 'Temporarily unavailable', SUSPENDED_TEXT);
    const mapped = schools.isMapped(request.hostname);
    const origin = mapped ? `${request.protocol}://${request.host}` : origins.siteOrigin;
    return renderSite(handle, request, reply, { origins, origin, school, pages });
  };
}

/** Answers one site request: a cached page as stored, or a fresh render (exported for tests). */
export async function renderSite(
  handle: (request: Request) => Promise<Response>,
  request: FastifyRequest,
  reply: FastifyReply,
  options: RenderOptions,
): Promise<void> {
  const { pages, school } = options;
  const render = (n: string) => handle(toFetchRequest(request, options, n, reply.raw));
  const cacheKey = pages?.keyOf(request, `${school} ${options.origin}`);
  let nonce: string;
  let response: Response;
  if (pages && cacheKey) {
    const result = await pages.lookup(cacheKey, render, school);
    if (result.page) {
      // The entry's own nonce: its scripts were rendered with it (decision 0019). Feeds have no scripts.
      if (isHtml(result.page.headers)) reply.header('content-security-policy', pagePolicy(result.page.nonce, isHttps(request)));
      const page = result.page;
      return sendCachedPage(request, reply, page, () => pages.holds(cacheKey, page));
    }
    ({ nonce, response } = result);
  } else {
    nonce = newNonce();
    response = await render(nonce);
  }
  reply.status(response.status);
  const type = response.headers.get('content-type');
  if (!type || type.startsWith('text/html')) {
    reply.header('content-security-policy', pagePolicy(nonce, isHttps(request)));
  }
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  // The staff area is personal: whatever its routes said, never stored (documents, data, CSV).
  if (STAFF_AREA.test(request.url)) reply.header('cache-control', 'no-store');
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/** Whether a stored answer is a page (its content type is HTML). */
function isHtml(headers: [string, string][]): boolean {
  const type = headers.find(([name]) => name === 'content-type')?.[1];
  return !type || type.startsWith('text/html');
}

/**
 * The Fetch API request React Router sees (exported for tests). Its URL is the render origin
 * followed by the request's path, never anything else the client's request target names
 * (docs/decisions/0040): request.url is already an origin-form path (request-target.ts).
 */
export function toFetchRequest(
  request: FastifyRequest,
  options: Pick<RenderOptions, 'origins'> & Partial<Pick<RenderOptions, 'origin' | 'school'>>,
  nonce = '',
  response?: ServerResponse,
): Request {
  const origin = options.origin ?? options.origins.siteOrigin;
  // Belt and braces for callers outside the server's hooks (tests): still only a path of ours.
  if (!request.url.startsWith('/') || request.url.startsWith('//')) throw new HttpError(400, TARGET_ERROR);
  const url = new URL(`${origin}${request.url}`);
  if (url.origin !== new URL(origin).origin) throw new HttpError(400, TARGET_ERROR);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  // The site sees one X-Forwarded-For: the visitor's address as Fastify resolved it under
  // TRUST_PROXY, never what the client wrote, so forwarding it to the API cannot be spoofed.
  headers.set('x-forwarded-for', request.ip);
  // Overwrites any client-sent value: the page's scripts carry the nonce this server chose, and
  // the school is the one this server resolved for the request.
  headers.delete(NONCE_HEADER);
  headers.delete(SCHOOL_HEADER);
  if (nonce) headers.set(NONCE_HEADER, nonce);
  if (options.school) headers.set(SCHOOL_HEADER, options.school);
  // A write origin.ts accepts (its hook already refused the others) reaches the site as coming from
  // the render origin: React Router's own check compares Origin with the URL above, and would
  // refuse a same-origin post made under another host name this server answers to (decision 0040).
  if (headers.has('origin') && isStateChanging(request.method) && isSameOriginRequest(request, options.origins)) {
    headers.set('origin', url.origin);
  }
  // Abort the render only when the visitor goes away before the answer is sent. (The request's
  // own 'close' fires as soon as its body has been read, which would abort every form post.)
  const controller = new AbortController();
  response?.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
    signal: controller.signal,
  });
}
